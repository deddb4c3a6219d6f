import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { registerUser, signIn } from './support/accounts.ts';
import { approveEventThroughApi, createEventThroughApi } from './support/events.ts';

/** The toast region of Mantine's notifications. */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('the programme committee', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an event admin adds a chair by e-mail, invites reviewers in bulk and sees them listed, in English and Arabic', async ({
    page,
  }) => {
    const creator = await registerUser({ prefix: 'committee-admin', firstName: 'Ada', lastName: 'Lovelace' });
    const chair = await registerUser({ prefix: 'committee-chair', firstName: 'Grace', lastName: 'Hopper' });
    const known = await registerUser({ prefix: 'committee-known', firstName: 'Alan', lastName: 'Turing' });
    const event = await createEventThroughApi(creator, `Committee Workshop ${Date.now().toString(36)}`);
    await approveEventThroughApi(event);

    await signIn(page, creator.email, creator.password);
    await page.goto(`/events/${event.public_id}`);
    await page.getByTestId('event-committee-link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Programme committee' })).toBeVisible();

    const chairs = page.getByTestId('committee-chairs');
    await chairs.getByLabel('E-mail of a registered user').fill(chair.email);
    await chairs.getByRole('button', { name: 'Add chair' }).click();
    await expect(toast(page, 'Chair added')).toBeVisible();
    await expect(chairs.getByTestId('committee-chair').filter({ hasText: chair.email })).toBeVisible();

    const bulk = page.getByTestId('committee-bulk');
    const newcomer = `committee-new.${Date.now().toString(36)}@example.org`;
    await bulk
      .getByTestId('bulk-text')
      .fill(
        `email,first name,last name,expertise,max papers\n${newcomer},Lina,Haddad,vision,3\n${known.email},,,,\nbroken,,,,`,
      );
    await bulk.getByTestId('bulk-preview').click();
    const lines = bulk.getByTestId('bulk-line');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toHaveAttribute('data-status', 'invite');
    await expect(lines.nth(1)).toHaveAttribute('data-status', 'add');
    await expect(lines.nth(2)).toHaveAttribute('data-status', 'invalid');
    await expect(lines.nth(2)).toContainText('Enter a valid email address');
    await expectAccessible(page, '/events/:id/committee with a bulk preview (en)');
    await bulk.getByTestId('bulk-send').click();
    await expect(toast(page, /Invitations sent: 1\. Reviewers added: 1\./)).toBeVisible();

    // The background job runs in the server: the list shows both once it is done.
    const reviewers = page.getByTestId('committee-reviewers');
    await expect(async () => {
      await page.reload();
      await expect(reviewers.getByTestId('committee-reviewer')).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(reviewers.getByTestId('committee-reviewer').filter({ hasText: known.email })).toContainText('Active');

    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await page.reload();
    await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'لجنة البرنامج' })).toBeVisible();
    await expect(page.getByTestId('committee-reviewer')).toHaveCount(2);
    await expectAccessible(page, '/events/:id/committee (ar)');
  });
});
