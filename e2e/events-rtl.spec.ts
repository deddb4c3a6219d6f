import { expect, test } from '@playwright/test';
import { registerUser, signInThroughApi, snapshot } from './support/accounts.ts';

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
  // The default type is shown in Arabic.
  await expect(page.getByRole('combobox', { name: 'نوع الفعالية' })).toHaveValue('مؤتمر');

  // Validation messages in Arabic, in the spec's order.
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
