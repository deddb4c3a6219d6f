import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('element is not visible');
  return rect;
}

/** The horizontal centre of an element, as a fraction of the viewport width. */
async function centre(page: Page, locator: Locator) {
  const rect = await box(locator);
  const width = page.viewportSize()?.width ?? 1280;
  return (rect.x + rect.width / 2) / width;
}

test.describe('landing page in English', () => {
  test('shows the navigation, every section, the figures and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page).toHaveTitle(/Confero/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Run your conference from submission to decision');

    const sectionNav = page.getByRole('banner').getByRole('navigation', { name: 'Page sections' });
    for (const [label, id] of [
      ['About', 'about'],
      ['Features', 'features'],
      ['Stats', 'stats'],
      ['Get Started', 'get-started'],
    ] as const) {
      await expect(sectionNav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `#${id}`);
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }

    const about = page.locator('#about');
    await expect(about.getByRole('heading', { level: 2 })).toHaveText('One platform for the whole peer-review cycle');

    const features = page.locator('#features');
    for (const role of ['For authors', 'For reviewers', 'For chairs and event admins', 'For site admins']) {
      await expect(features.getByRole('heading', { name: role, exact: true })).toBeVisible();
    }
    for (const claim of [
      /AI reviewer matching/,
      /Conflict detection/,
      /Metadata extraction from uploaded manuscripts/,
      /Auto-filled submission forms/,
      /progress dashboard/i,
      /Customizable workflows/,
      /Structured review forms/,
      /Optional AI review suggestions/,
      /Multi-language and timezone-aware scheduling/,
    ]) {
      await expect(features).toContainText(claim);
    }
    await expect(page.locator('#get-started')).toContainText('free for now, with possible pricing later');

    for (const [stat, value, label] of [
      ['users', '500+', 'Users'],
      ['conferences', '50+', 'Conferences'],
      ['papers', '1000+', 'Papers'],
      ['timeSaved', '80%', 'Time saved'],
    ] as const) {
      const item = page.getByTestId(`stat-${stat}`);
      await expect(item).toContainText(value);
      await expect(item).toContainText(label);
    }

    await expect(page.getByRole('contentinfo')).toContainText('© 2024');
    await expectAccessible(page, 'landing (en)');
  });

  test('scrolls to a section from the top navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#stats')).not.toBeInViewport();
    await page.getByRole('banner').getByRole('link', { name: 'Stats', exact: true }).click();
    await expect(page.locator('#stats')).toBeInViewport();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Sign In leads to /login and Get Started Free to /register', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await banner.getByRole('link', { name: 'Get Started Free', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  });

  test('puts the logo on the left and the sign-in button on the right', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    expect(await centre(page, banner.getByRole('link', { name: 'Confero home' }))).toBeLessThan(0.25);
    expect(await centre(page, banner.getByRole('link', { name: 'Sign In', exact: true }))).toBeGreaterThan(0.75);
  });
});

test.describe('landing page in Arabic', () => {
  // The browser asks for Arabic; nothing is stored yet, so detection picks it from the browser.
  test.use({ locale: 'ar-EG' });

  test('is laid out right to left and really mirrored', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أدِر مؤتمرك من التقديم حتى القرار');

    const banner = page.getByRole('banner');
    const logo = banner.getByRole('link', { name: 'Confero، الصفحة الرئيسية' });
    const signIn = banner.getByRole('link', { name: 'تسجيل الدخول', exact: true });
    const getStarted = banner.getByRole('link', { name: 'ابدأ مجانًا', exact: true });
    // Logo at the right edge, the account buttons at the left edge, the primary one outermost.
    expect(await centre(page, logo)).toBeGreaterThan(0.75);
    expect(await centre(page, signIn)).toBeLessThan(0.25);
    expect((await box(getStarted)).x).toBeLessThan((await box(signIn)).x);

    // The section links read from right to left: About is the rightmost.
    const sectionNav = banner.getByRole('navigation', { name: 'أقسام الصفحة' });
    const about = await box(sectionNav.getByRole('link', { name: 'عن المنصة' }));
    const getStartedLink = await box(sectionNav.getByRole('link', { name: 'ابدأ الآن' }));
    expect(about.x).toBeGreaterThan(getStartedLink.x);

    // The hero text starts at the right: its heading ends near the right edge of the content.
    const heading = await box(page.getByRole('heading', { level: 1 }));
    expect(heading.x + heading.width).toBeGreaterThan((page.viewportSize()?.width ?? 1280) * 0.8);

    for (const value of ['500+', '50+', '1000+', '80%']) {
      await expect(page.locator('#stats')).toContainText(value);
    }
    await expect(page.getByRole('contentinfo')).toContainText('© 2024');
    await expectAccessible(page, 'landing (ar)');
  });

  test('Sign In leads to the Arabic sign-in page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

test('the EN/AR switch flips the page to Arabic and the choice is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('banner').getByText('AR', { exact: true }).click();
  await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أدِر مؤتمرك من التقديم حتى القرار');
  expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('ar');

  await page.reload();
  await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
  await page.getByRole('banner').getByText('EN', { exact: true }).click();
  await expect(page.locator('html[dir=ltr][lang=en]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Run your conference from submission to decision');
});
