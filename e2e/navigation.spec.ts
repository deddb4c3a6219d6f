import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';

test.describe('login guard', () => {
  for (const path of ['/dashboard', '/events/create', '/admin/users']) {
    test(`sends an anonymous visitor of ${path} to /login, keeping the requested page`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      // React Router keeps navigation state in history.state.usr; the sign-in screen returns there.
      const from = await page.evaluate(
        () => (window.history.state as { usr?: { from?: { pathname?: string } } } | null)?.usr?.from?.pathname,
      );
      expect(from).toBe(path);
    });
  }

  test('leaves public pages alone', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
    });
    for (const path of [
      '/',
      '/register',
      '/forgot-password',
      '/reset-password/MQ/abc-123',
      '/reviewer-invitation/accepted',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    // No current-user check and no token refresh on public pages.
    expect(calls.filter((call) => call === '/api/users/me/' || call === '/api/auth/refresh/')).toEqual([]);
  });
});

test.describe('unknown addresses', () => {
  test('show the not-found page with a way home', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/this\/page\/does-not-exist$/);
    await expectAccessible(page, 'not found (en)');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Run your conference from submission to decision');
  });

  test('show the not-found page in Arabic too', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await page.goto('/no-such-page');
    await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
    await expectAccessible(page, 'not found (ar)');
  });
});
