import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { label, snapshot } from './support/accounts.ts';

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('element is not visible');
  return rect;
}

const viewportWidth = (page: Page) => page.viewportSize()?.width ?? 1280;

test.describe('the sign-in page in Arabic', () => {
  test.use({ locale: 'ar-EG' });

  test('is laid out right to left, with mirrored positions and Arabic messages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();

    const email = page.getByLabel(label('البريد الإلكتروني'));
    const password = page.getByLabel(label('كلمة المرور'));
    await expect(email).toBeVisible();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(password).toHaveAttribute('type', 'password');

    // Labels start at the right edge of their fields.
    const emailBox = await box(email);
    const emailLabel = await box(page.locator('label', { hasText: 'البريد الإلكتروني' }));
    expect(Math.abs(emailLabel.x + emailLabel.width - (emailBox.x + emailBox.width))).toBeLessThan(4);
    expect(emailLabel.x).toBeGreaterThan(emailBox.x + emailBox.width / 2);

    // The e-mail icon sits at the right (start) of the field, the password toggle at the left (end).
    const icon = await box(page.locator('.mantine-TextInput-section').first());
    expect(icon.x).toBeGreaterThan(emailBox.x + emailBox.width / 2);
    const toggle = await box(page.getByRole('button', { name: 'إظهار كلمة المرور' }));
    const passwordBox = await box(password);
    expect(toggle.x + toggle.width).toBeLessThan(passwordBox.x + passwordBox.width / 2);

    // "Forgot password?" is aligned to the end: the left side.
    const forgot = await box(page.getByRole('link', { name: 'نسيت كلمة المرور؟' }));
    expect(forgot.x).toBeLessThan(emailBox.x + emailBox.width / 2);

    // The header: logo at the right edge, language switch at the left.
    const banner = page.getByRole('banner');
    const logo = await box(banner.getByRole('link', { name: 'Confero، الصفحة الرئيسية' }));
    expect(logo.x + logo.width / 2).toBeGreaterThan(viewportWidth(page) * 0.75);
    const switcher = await box(banner.getByText('EN', { exact: true }));
    expect(switcher.x).toBeLessThan(viewportWidth(page) * 0.25);
    await snapshot(page, 'ar-login');

    // Validation and server messages are Arabic too.
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await expect(page.getByText('هذا الحقل مطلوب.')).toHaveCount(2);
    await email.fill('nobody@example.test');
    await password.fill('Wrong-password-1');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await expect(page.getByTestId('login-error')).toHaveText('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
    await expectAccessible(page, '/login with errors (ar)');
    await snapshot(page, 'ar-login-error');

    // The links lead to the Arabic forgot-password and sign-up pages.
    await page.getByRole('link', { name: 'أنشئ حسابًا' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'أنشئ حسابك' })).toBeVisible();
  });
});
