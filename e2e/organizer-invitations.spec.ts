import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { registerUser, signIn, signOut, uniqueEmail } from './support/accounts.ts';
import { approveEventThroughApi, createEventThroughApi } from './support/events.ts';
import { linkIn, waitForMail } from './support/mail.ts';

/** The toast region of Mantine's notifications. */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('inviting a chair without an account', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the invitation is sent from the committee screen, accepted by mail, and the new account chairs the event', async ({
    page,
  }) => {
    const creator = await registerUser({ prefix: 'invite-admin', firstName: 'Ada', lastName: 'Lovelace' });
    const event = await createEventThroughApi(creator, `Invited Chairs ${Date.now().toString(36)}`);
    await approveEventThroughApi(event);
    const newcomer = uniqueEmail('invited-chair');

    await signIn(page, creator.email, creator.password);
    await page.goto(`/events/${event.public_id}/committee`);
    const chairs = page.getByTestId('committee-chairs');
    await chairs.getByLabel('E-mail of a registered user').fill(newcomer);
    await chairs.getByRole('button', { name: 'Add chair' }).click();
    const prompt = chairs.getByTestId('committee-chair-invite');
    await expect(prompt).toContainText('No account uses');
    await expectAccessible(page, '/events/:id/committee with the invitation offered (en)');
    await prompt.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, `Invitation sent to ${newcomer}`)).toBeVisible();
    const invitation = chairs.getByTestId('committee-chair-invitations-row').filter({ hasText: newcomer });
    await expect(invitation).toContainText('Invitation pending');
    // The pending invitee is no chair yet: the event created without chairs still has none.
    await expect(chairs.getByTestId('committee-chair')).toHaveCount(0);
    await expect(chairs).toContainText('This event has no chair yet.');

    const mail = await waitForMail(newcomer, { subject: /Invitation to chair/ });
    expect(mail.text).toContain('Ada Lovelace invites you to be a chair of');
    await page.goto(linkIn(mail, '/api/events/invitations/'));
    await expect(page).toHaveURL(/\/reviewer-invitation\/accepted\?role=chair$/);
    await expect(page.getByText('Thank you for agreeing to chair this event.')).toBeVisible();
    await expectAccessible(page, '/reviewer-invitation/accepted?role=chair (en)');

    await page.goto(`/events/${event.public_id}/committee`);
    await expect(invitation).toContainText('Accepted, awaiting an account');

    // The invitee signs up with the invited address and verifies it: they chair the event at once.
    const chair = await registerUser({ email: newcomer, firstName: 'Lina', lastName: 'Haddad' });
    await page.reload();
    await expect(chairs.getByTestId('committee-chair').filter({ hasText: newcomer })).toBeVisible();
    await expect(chairs.getByTestId('committee-chair-invitations-row')).toHaveCount(0);

    await signOut(page);
    await signIn(page, chair.email, chair.password);
    await page.goto(`/events/${event.public_id}`);
    await page.getByTestId('event-committee-link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Programme committee' })).toBeVisible();
    // A chair sees the event admins but may not change them.
    const admins = page.getByTestId('committee-event-admins');
    await expect(admins.getByTestId('committee-event-admin').filter({ hasText: creator.email })).toBeVisible();
    await expect(admins.getByTestId('committee-add-event-admin')).toHaveCount(0);

    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await page.reload();
    await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: 'مسؤولو الفعالية' })).toBeVisible();
    await expectAccessible(page, '/events/:id/committee as an invited chair (ar)');
  });
});
