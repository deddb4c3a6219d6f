import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { chooseOption, label, signInThroughApi, snapshot } from './support/accounts.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';

/**
 * Every account screen in English and in Arabic: the right heading, the right direction, and no translation key
 * left showing. With E2E_SCREENSHOT_DIR set, each screen is also written as a PNG to look at.
 */

const LANGUAGES = [
  { language: 'en', dir: 'ltr' },
  { language: 'ar', dir: 'rtl' },
] as const;

/** Text that looks like an untranslated key (`profile.save`, `adminUsers.columns.email`). */
const RAW_KEY =
  /\b(auth|login|register|profile|adminUsers|dashboard|rolesScreen|invitation|verifyEmail|resetPassword|forgotPassword|countrySelect|accountStatus|fieldNames|common|errors|validation|users)\.[a-zA-Z_.]+\b/;

async function expectTranslated(page: Page, dir: 'ltr' | 'rtl') {
  await expect(page.locator(`html[dir=${dir}]`)).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The rendered text only (textContent would also read Mantine's <style> elements).
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY);
}

for (const { language, dir } of LANGUAGES) {
  test.describe(`account screens in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
    });

    test('public screens', async ({ page }) => {
      // Ten screens, each loaded and checked with axe: more than the default 30 s.
      test.slow();
      const screens: [string, string][] = [
        ['/login', 'login'],
        ['/register', 'register'],
        ['/forgot-password', 'forgot-password'],
        ['/reset-password/MQ/not-a-real-token', 'reset-invalid'],
        ['/reset-password', 'reset-missing'],
        ['/verify-email?token=not-a-real-token', 'verify-error'],
        ['/reviewer-invitation', 'invitation'],
        ['/reviewer-invitation/accepted', 'invitation-accepted'],
        ['/reviewer-invitation/declined', 'invitation-declined'],
        ['/reviewer-invitation/error?reason=expired', 'invitation-error'],
      ];
      for (const [path, name] of screens) {
        await page.goto(path);
        await expectTranslated(page, dir);
        if (name === 'reset-invalid' || name === 'reset-missing')
          await expect(page.getByTestId('reset-invalid')).toBeVisible();
        if (name === 'verify-error') await expect(page.getByTestId('verify-error')).toBeVisible();
        await expectAccessible(page, `${path} (${language})`);
        await snapshot(page, `${language}-${name}`);
      }
      // The cause named by ?reason= is the highlighted one.
      await expect(page.getByTestId('invitation-cause-expired')).toHaveAttribute('data-highlighted', 'true');
      await expect(page.getByTestId('invitation-cause-answered')).not.toHaveAttribute('data-highlighted', 'true');
      await page.goto('/reviewer-invitation?status=declined');
      await expect(page).toHaveURL(/\/reviewer-invitation\/declined$/);
    });

    test('the country picker opens upward when less than 300 px remain below it', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 700 });
      await page.goto('/register');
      const country = page.getByRole('combobox', { name: language === 'ar' ? 'الدولة' : 'Country' });
      const dropdown = page.getByRole('listbox');
      for (const scroll of [0, 10_000]) {
        await page.evaluate((y) => window.scrollTo(0, y), scroll);
        const field = await country.boundingBox();
        if (!field) throw new Error('the country field is not visible');
        const spaceBelow = 700 - (field.y + field.height);
        await country.click();
        await expect(dropdown).toBeVisible();
        const list = await dropdown.boundingBox();
        if (!list) throw new Error('the country list is not visible');
        if (spaceBelow < 300) expect(list.y + list.height).toBeLessThanOrEqual(field.y + 1);
        else expect(list.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
        await snapshot(page, `${language}-country-picker-${scroll}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(dropdown).toBeHidden();
      }
      // Names in the interface language, found by typing either language.
      await country.click();
      await country.fill(language === 'ar' ? 'مصر' : 'egy');
      await expect(page.getByRole('option', { name: language === 'ar' ? 'مصر' : 'Egypt', exact: true })).toBeVisible();
      await country.fill('egypt');
      await expect(page.getByRole('option', { name: language === 'ar' ? 'مصر' : 'Egypt', exact: true })).toBeVisible();
    });

    test('signed-in screens', async ({ page }) => {
      await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      for (const [path, name] of [
        ['/dashboard', 'dashboard'],
        ['/roles', 'roles'],
        ['/profile', 'profile'],
        ['/admin/users', 'admin-users'],
      ] as const) {
        await page.goto(path);
        await expectTranslated(page, dir);
        if (name === 'profile') await expect(page.getByTestId('stat-member-since')).not.toHaveText('-');
        if (name === 'admin-users') await expect(page.getByTestId('users-table')).toBeVisible();
        await expectAccessible(page, `${path} (${language})`);
        await snapshot(page, `${language}-${name}`);
      }
      await page.goto('/profile');
      await page.getByTestId('profile-edit-toggle').click();
      await page.getByTestId('change-password-toggle').click();
      await expectTranslated(page, dir);
      await snapshot(page, `${language}-profile-edit`);
    });
  });
}

// The admin's active role is admin, so the dashboard lists active events (events/active/). No account is
// registered here: registration is rate limited per address, and the whole suite shares one server.
test.describe('dashboard events', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  test('links each event by its public id', async ({ page }) => {
    await page.route('**/api/events/active/', (route) =>
      route.fulfill({
        json: [
          {
            id: 3,
            public_id: '3-QWERTYUI',
            title: 'Learning Systems',
            acronym: 'ICLS',
            type_display: 'Conference',
            status_display: 'Active',
            start_date: '2030-06-01',
            end_date: '2030-06-03',
            location: { city: 'Lyon', country: 'France' },
          },
          { id: 7, title: 'Workshop on Retrieval' },
        ],
      }),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Site' })).toBeVisible();
    for (const [tile, href] of [
      ['tile-create-event', '/events/create'],
      ['tile-submit-paper', '/submissions/create'],
      ['tile-review-papers', '/reviews'],
    ] as const) {
      await expect(page.getByTestId(tile)).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Active events' })).toBeVisible();
    const events = page.getByTestId('dashboard-event');
    await expect(events).toHaveCount(2);
    await expect(events.nth(0)).toHaveAttribute('href', '/events/3-QWERTYUI');
    await expect(events.nth(0)).toContainText('ICLS · Learning Systems');
    await expect(events.nth(0)).toContainText('Lyon, France');
    await expect(events.nth(1)).toHaveAttribute('href', '/events/7');
  });

  test("says 'Invalid response format from API' for a non-array answer", async ({ page }) => {
    await page.route('**/api/events/active/', (route) => route.fulfill({ json: { results: [] } }));
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-events-error')).toContainText('Invalid response format from API');
  });

  test("says 'Failed to load events from API' when the call fails", async ({ page }) => {
    await page.route('**/api/events/active/', (route) =>
      route.fulfill({ status: 503, json: { detail: 'Service unavailable', code: 'UNAVAILABLE' } }),
    );
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-events-error')).toContainText('Failed to load events from API', {
      timeout: 15_000,
    });
  });

  test('shows an empty state when there is no event', async ({ page }) => {
    await page.route('**/api/events/active/', (route) => route.fulfill({ json: [] }));
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-events-empty')).toContainText('No active events');
  });
});

/** Fills the sign-up form with valid values (the country picked from the list). */
async function fillRegistration(page: Page, countryQuery: string, country: string) {
  await page.getByLabel(label('First name')).fill('Ada');
  await page.getByLabel(label('Last name')).fill('Lovelace');
  await page.getByLabel(label('Email')).fill('ada@example.test');
  await page.getByLabel(label('Affiliation')).fill('Analytical Engine Society');
  await chooseOption(page.getByRole('combobox', { name: 'Country' }), countryQuery, country);
  await page.getByLabel(label('Password')).fill('Tulip-orbit-42!');
  await page.getByLabel(label('Confirm password')).fill('Tulip-orbit-42!');
}

/**
 * The server's refusals, as the accounts API words them (fields + field_codes + field_params, code EMAIL_EXISTS), answered here
 * by a stub so that no registration is spent on them (the real refusals are tested in the API's own suite).
 */
test.describe('sign-up refusals from the server', () => {
  test('a taken address says auth.emailAlreadyExists; other problems are listed one per line', async ({ page }) => {
    await page.route('**/api/auth/register/', (route) =>
      route.fulfill({
        status: 400,
        json: {
          detail: 'email: A user with this email already exists.',
          code: 'EMAIL_EXISTS',
          fields: {
            email: ['A user with this email already exists.'],
            password: ['This password is too common.'],
          },
          field_codes: { email: ['auth.emailAlreadyExists'], password: ['auth.passwordTooCommon'] },
        },
      }),
    );
    await page.goto('/register');
    await fillRegistration(page, 'fra', 'France');
    await page.getByRole('button', { name: 'Create account' }).click();
    const error = page.getByTestId('register-error');
    await expect(error).toContainText('A user with this email already exists.');
    await expect(page.getByTestId('register-error-lines').getByRole('listitem')).toHaveText([
      'Password: This password is too common.',
    ]);
    await expect(page.getByTestId('register-success')).toHaveCount(0);
  });

  test("field problems read 'Field Name: message', translated from their codes", async ({ page }) => {
    const answer = {
      detail: 'first_name: Ensure this field has no more than 150 characters.',
      code: 'VALIDATION_ERROR',
      fields: {
        first_name: ['Ensure this field has no more than 150 characters.'],
        country: ['Select a valid country.'],
        password2: ["The two password fields didn't match."],
      },
      field_codes: {
        first_name: ['validation.tooLong'],
        country: ['validation.invalidCountry'],
        password2: ['auth.passwordsDoNotMatch'],
      },
      field_params: { first_name: [{ maximum: 150 }] },
    };
    await page.route('**/api/auth/register/', (route) => route.fulfill({ status: 400, json: answer }));
    await page.goto('/register');
    await fillRegistration(page, 'jap', 'Japan');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('register-error-lines').getByRole('listitem')).toHaveText([
      'First Name: Ensure this field has no more than 150 characters.',
      'Country: Select a valid country.',
      "Password2: The two password fields didn't match.",
    ]);

    // The same answer in Arabic: field names and messages translated.
    await page.getByRole('banner').getByText('AR', { exact: true }).click();
    await expect(page.locator('html[dir=rtl]')).toHaveCount(1);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByTestId('register-error-lines').getByRole('listitem')).toHaveText([
      'الاسم الأول: تأكّد من ألا يزيد هذا الحقل على 150 حرفًا.',
      'الدولة: اختر دولة صالحة.',
      'تأكيد كلمة المرور: كلمتا المرور غير متطابقتين.',
    ]);
    await snapshot(page, 'ar-register-refused');
  });
});
