import { expect, type Page } from '@playwright/test';

/**
 * Switches the interface language (kept by the browser) and reloads the screen in it; waits for the page's `lang`
 * with the journeys' longer timeout, since a reloaded screen reads its queries again.
 */
export async function useLanguage(page: Page, language: 'en' | 'ar') {
  await page.evaluate((value) => window.localStorage.setItem('i18nextLng', value), language);
  await page.reload();
  await expect(page.locator(`html[lang=${language}]`)).toHaveCount(1, { timeout: 15_000 });
}
