import { type APIRequestContext, type Browser, expect, type Locator, type Page, request } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, APP_URL } from './env.ts';
import { linkIn, waitForMail } from './mail.ts';

/** Seeding goes through the API, as a user would: register, read the mail, follow the link. Never the database. */

let sequence = 0;

/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}@example.test`;
}

/** A password the API's rules accept (long, not common, unlike any name or address). */
export function strongPassword(): string {
  return `Tulip-${Math.random().toString(36).slice(2, 8)}-Orbit-42!`;
}

export type SeededUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  affiliation: string;
};

/** Sends an unsafe call with the CSRF token, fetched first (the cookie and the header must match). */
async function csrfHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const response = await api.get('/api/auth/csrf/');
  expect(response.ok()).toBeTruthy();
  const { csrftoken } = (await response.json()) as { csrftoken: string };
  return { 'X-CSRFToken': csrftoken };
}

/** Posts JSON with CSRF through an API context; fails the test on an unexpected status. */
export async function postJson(api: APIRequestContext, path: string, data: unknown, expected = 200) {
  const response = await api.post(path, { data, headers: await csrfHeaders(api) });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(expected);
  return response;
}

/** The subject of the confirmation mail in each language. */
const CONFIRMATION_SUBJECT = { en: /confirm your e-mail/i, ar: /أكِّد عنوان بريدك الإلكتروني/ } as const;

/** Registers an account through the API and, unless told otherwise, verifies it with the mailed link. */
export async function registerUser(
  options: {
    prefix?: string;
    /** The address to register with (an invited one); a fresh one from `prefix` by default. */
    email?: string;
    firstName?: string;
    lastName?: string;
    affiliation?: string;
    verify?: boolean;
    /** The preferred language the account is registered with (the Accept-Language of the sign-up); English by default. */
    language?: 'en' | 'ar';
  } = {},
): Promise<SeededUser> {
  const user: SeededUser = {
    email: options.email ?? uniqueEmail(options.prefix ?? 'user'),
    password: strongPassword(),
    firstName: options.firstName ?? 'Grace',
    lastName: options.lastName ?? 'Hopper',
    affiliation: options.affiliation ?? 'Institut Pasteur',
  };
  const api = await request.newContext({
    baseURL: APP_URL,
    extraHTTPHeaders: { 'Accept-Language': options.language ?? 'en' },
  });
  try {
    await postJson(
      api,
      '/api/auth/register/',
      {
        email: user.email,
        password: user.password,
        password2: user.password,
        first_name: user.firstName,
        last_name: user.lastName,
        country: 'FR',
        affiliation: user.affiliation,
      },
      201,
    );
    if (options.verify !== false) {
      const mail = await waitForMail(user.email, { subject: CONFIRMATION_SUBJECT[options.language ?? 'en'] });
      const token = new URL(linkIn(mail, '/verify-email'), APP_URL).searchParams.get('token');
      await postJson(api, '/api/auth/verify-email/', { token });
    }
  } finally {
    await api.dispose();
  }
  return user;
}

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Password')).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const signInAsAdmin = (page: Page) => signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

/** A page of its own (cookies apart) signed in as the user. */
export async function pageFor(browser: Browser, user: SeededUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user.email, user.password);
  return page;
}

/** Signs in the page's browser context through the API (cookies shared with the page), for screens only. */
export async function signInThroughApi(page: Page, email: string, password: string) {
  await postJson(page.request, '/api/auth/login/', { email, password });
}

/** Signs out from the user menu and waits for the sign-in page, reloaded as the logout sequence ends. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
}

/** Writes a screenshot to E2E_SCREENSHOT_DIR when it is set (for looking at the screens), else does nothing. */
export async function snapshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  const fullPage = options.fullPage ?? true;
  // A full-page shot of a scrolled page draws the fixed header in the middle of it.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** A field's label, with or without the required-field asterisk Mantine adds (`Email *`). */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
}

/**
 * Chooses an option of a searchable Mantine select with the keyboard: types the query, moves down to the option
 * and confirms. A click on the option can miss it when the dropdown repositions itself (it opens upward near the
 * bottom of the window) between the moment it is found and the click.
 */
export async function chooseOption(combobox: Locator, query: string, option: string) {
  const page = combobox.page();
  await combobox.scrollIntoViewIfNeeded();
  await combobox.click();
  await combobox.fill(query);
  await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  const highlighted = page.locator('[data-combobox-selected]');
  for (let step = 0; step < 30; step += 1) {
    await combobox.press('ArrowDown');
    if ((await highlighted.textContent())?.trim() === option) break;
  }
  await expect(highlighted).toHaveText(option);
  await combobox.press('Enter');
  await expect(combobox).toHaveValue(option);
}
