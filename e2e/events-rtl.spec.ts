import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { postJson, registerUser, signInThroughApi, snapshot } from './support/accounts.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { nextMonthDate, type SeededEvent, signedInApi } from './support/events.ts';

test('the event creation form in Arabic is right to left, labelled and validated in Arabic', async ({ page }) => {
  const user = await registerUser({ prefix: 'arabic', firstName: 'Layla', lastName: 'Hassan' });
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await signInThroughApi(page, user.email, user.password);
  await page.goto('/events/create');

  await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'إنشاء فعالية' })).toBeVisible();
  for (const section of ['المعلومات الأساسية', 'المكان والموقع', 'التواريخ والمواعيد النهائية', 'مجالات البحث']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByLabel('عنوان الفعالية')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'الوصف', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'المدينة' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'إعادة الصياغة بالذكاء الاصطناعي' })).toBeVisible();
  await expectAccessible(page, '/events/create (ar)');
  // The default type is shown in Arabic.
  await expect(page.getByRole('combobox', { name: 'نوع الفعالية' })).toHaveValue('مؤتمر');

  // Validation messages in Arabic, in the validation order.
  const form = page.getByTestId('event-create-form');
  const submit = page.getByRole('button', { name: 'إنشاء الفعالية' });
  await submit.click();
  await expect(form.getByText('العنوان مطلوب')).toBeVisible();
  await page.getByLabel('عنوان الفعالية').fill('ندوة التحكيم العلمي المفتوح');
  await submit.click();
  await expect(form.getByText('الوصف مطلوب')).toBeVisible();
  await page.getByRole('button', { name: 'إعادة الصياغة بالذكاء الاصطناعي' }).click();
  await expect(form.getByText('يُرجى إدخال وصف قبل إعادة الصياغة')).toBeVisible();
  await page.getByRole('textbox', { name: 'الوصف', exact: true }).fill('ندوة عن أدوات التحكيم وأخلاقياته.');
  await submit.click();
  await expect(form.getByText('المدينة مطلوبة')).toBeVisible();

  // Right to left: the sidebar is on the right of the content, the primary action left of Cancel, and field
  // labels start at the right edge of their field.
  const navbar = await page.locator('.mantine-AppShell-navbar').boundingBox();
  const main = await page.locator('.mantine-AppShell-main').boundingBox();
  expect(navbar && main && navbar.x > main.x).toBeTruthy();
  const create = await submit.boundingBox();
  const cancel = await page.getByRole('button', { name: 'إلغاء' }).boundingBox();
  expect(create && cancel && create.x < cancel.x).toBeTruthy();
  const label = await page.locator('label', { hasText: 'عنوان الفعالية' }).boundingBox();
  const input = await page.getByLabel('عنوان الفعالية').boundingBox();
  expect(label && input && Math.abs(label.x + label.width - (input.x + input.width)) < 4).toBeTruthy();
  await snapshot(page, 'events-create-ar');
});

test('in Arabic, an English event title keeps its own direction, and a past deadline is flagged before approval', async ({
  page,
}) => {
  const creator = await registerUser({ prefix: 'past-deadline', firstName: 'Samir', lastName: 'Nasser' });
  const title = `Workshop on Late Reviews ${Date.now().toString(36)}`;
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const api = await signedInApi(creator.email, creator.password);
  const created = await postJson(
    api,
    '/api/events/create/',
    {
      title,
      acronym: 'WLR',
      description: 'Deadlines chosen in the past, on purpose.',
      type: 'workshop',
      submission_deadline: daysAgo(40),
      review_deadline: daysAgo(30),
      notification_date: daysAgo(20),
      start_date: nextMonthDate(20),
      end_date: nextMonthDate(22),
      primary_research_area: 'computer_science',
      location: { city: 'Lyon', country: 'France' },
    },
    201,
  );
  const event = (await created.json()) as SeededEvent;
  await api.dispose();

  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin/events');
  await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
  const row = page.getByTestId('event-list-item').filter({ hasText: title });
  await expect(row.getByTestId('deadline-passed-badge')).toHaveText('انقضى الموعد النهائي');
  // The English title is laid out left to right inside the right-to-left list.
  const rowTitle = row.getByText(title, { exact: true });
  await expect(rowTitle).toHaveAttribute('dir', 'auto');
  expect(await rowTitle.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');

  await page.goto(`/admin/events/${event.public_id}`);
  await expect(page.getByTestId('event-title')).toHaveAttribute('dir', 'auto');
  expect(await page.getByTestId('event-title').evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  const warning = page.getByTestId('deadlines-passed');
  await expect(warning).toContainText('انقضى موعد نهائي بالفعل');
  await expect(warning.locator('[data-deadline]')).toHaveCount(2);
  await expect(warning).toContainText('الموعد النهائي لتقديم الأوراق:');
  await expectAccessible(page, '/admin/events/:id (ar)');
  await snapshot(page, 'events-admin-past-deadline-ar');
});
