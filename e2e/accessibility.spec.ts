import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { signInThroughApi } from './support/accounts.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';

/** Keyboard access and the dark colour scheme; each journey spec checks its own screens with axe in light mode. */

test.describe('skip link', () => {
  for (const path of ['/', '/login']) {
    test(`on ${path}, the first Tab focuses "Skip to main content" and Enter moves focus to main`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main-content')).toBeFocused();
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test('signed in, in Arabic, the skip link comes first and leads into the shell', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'انتقل إلى المحتوى الرئيسي' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });
});

test.describe('dark colour scheme from the system setting', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
  });

  test('the landing page, sign-in and the dashboard are dark and keep their contrast', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'landing (dark)');

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, '/login (dark)');

    await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectAccessible(page, '/dashboard (dark)');
  });
});
