import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { chooseOption, registerUser, signIn, signInAsAdmin, snapshot } from './support/accounts.ts';
import {
  approveEventThroughApi,
  createEventThroughApi,
  nextMonthDate,
  pickDate,
  upcomingDates,
} from './support/events.ts';
import { linkIn, waitForMail } from './support/mail.ts';

/** The toast region of Mantine's notifications (a toast and a field can say the same thing). */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

const mmddyyyy = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

test.describe('events', () => {
  // Each screen is also checked with axe (a few seconds each).
  test.describe.configure({ timeout: 150_000 });

  test('a user creates an event through the form, the admin approves it, and it is listed among active events', async ({
    page,
    browser,
  }) => {
    const creator = await registerUser({ prefix: 'creator', firstName: 'Ada', lastName: 'Lovelace' });
    const chair = await registerUser({ prefix: 'chair', firstName: 'Grace', lastName: 'Hopper' });
    const title = `Symposium on Open Peer Review ${Date.now().toString(36)}`;
    const dates = upcomingDates();

    await signIn(page, creator.email, creator.password);
    await page.goto('/events/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create event' })).toBeVisible();
    await expectAccessible(page, '/events/create (en)');
    await snapshot(page, 'events-create-empty');

    // The rules are checked in order, stopping at the first.
    const form = page.getByTestId('event-create-form');
    await page.getByTestId('event-create-submit').click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await page.getByLabel('Event title').fill(title);
    await page.getByTestId('event-create-submit').click();
    await expect(form.getByText('Description is required')).toBeVisible();
    await expect(form.getByText('Title is required')).toHaveCount(0);

    await page.getByLabel('Acronym').fill('SOPR');
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('open peer review:   tools, ethics  and evaluation.');
    await page.getByRole('button', { name: 'Rewrite with AI' }).click();
    await expect(page.getByTestId('rewrite-suggestion')).toContainText('Open peer review');
    await page.getByRole('button', { name: 'Use this text' }).click();
    await expect(page.getByTestId('rewrite-suggestion')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Venue', exact: true }).fill('Centre des Congrès');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Lyon');
    await chooseOption(page.getByRole('combobox', { name: 'Country' }), 'France', 'France');

    // A deadline after the start date is refused before anything is sent (rule 12).
    await pickDate(page, 'Start date', dates.start_date);
    await pickDate(page, 'End date', dates.end_date);
    // A deadline already in the past is warned about before anything is sent (the rules still allow it).
    const now = new Date();
    const lastMonth = nextMonthDate(5, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)));
    await pickDate(page, 'Submission deadline', lastMonth);
    await expect(page.getByTestId('deadlines-passed')).toContainText(`Submission deadline: `);
    await expect(page.getByTestId('deadlines-passed')).toContainText('at 23:59 (Anywhere on Earth, UTC−12)');
    await pickDate(page, 'Submission deadline', dates.submission_deadline);
    await expect(page.getByTestId('deadlines-passed')).toHaveCount(0);
    await pickDate(page, 'Review deadline', dates.review_deadline);
    await pickDate(page, 'Notification date', nextMonthDate(25));
    await page.getByTestId('event-create-submit').click();
    await expect(form.getByText('Notification date must be before the start date')).toBeVisible();
    await pickDate(page, 'Notification date', dates.notification_date);

    // Research areas: the secondary list is the primary's subcategories, cleared when the primary changes.
    await page.getByRole('combobox', { name: 'Primary research area' }).click();
    await page.getByRole('option', { name: 'Engineering', exact: true }).click();
    await page.getByRole('combobox', { name: 'Secondary research areas' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Primary research area' }).click();
    await page.getByRole('option', { name: 'Computer Science', exact: true }).click();
    await expect(page.getByTestId('section-areas').locator('.mantine-MultiSelect-pill')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Secondary research areas' }).click();
    await page.getByRole('option', { name: 'Artificial Intelligence & Machine Learning' }).click();
    await page.keyboard.press('Escape');

    // Chair e-mails are checked on blur; an unknown address blocks the creation (rule 14).
    await page.getByRole('textbox', { name: 'Chair e-mail 1' }).fill(chair.email);
    await page.getByRole('button', { name: 'Add another chair' }).click();
    await page.getByRole('textbox', { name: 'Chair e-mail 2' }).fill('nobody-at-all@example.test');
    await page.getByRole('textbox', { name: 'Chair e-mail 1' }).focus();
    await expect(page.getByTestId('chair-emails').getByText('Registered user found')).toBeVisible();
    await expect(page.getByTestId('chair-emails').getByText('No user found with this email')).toBeVisible();
    await snapshot(page, 'events-create-filled');
    await page.getByTestId('event-create-submit').click();
    await expect(toast(page, 'No user found with email nobody-at-all@example.test')).toBeVisible();
    await page.getByRole('button', { name: 'Remove this chair e-mail' }).nth(1).click();
    await expect(page.getByTestId('chair-email-row')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Remove this chair e-mail' })).toBeDisabled();

    await page.getByTestId('event-create-submit').click();
    await expect(page).toHaveURL(/\/roles$/);
    await expect(toast(page, 'Event created successfully.')).toBeVisible();
    // The creator's roles were refreshed: they now run the event.
    await expect(page.getByTestId('role-card-event_admin')).toBeVisible();

    // As event admin, the new event is under "Events you manage", pending.
    await page.getByTestId('role-card-event_admin').click();
    await expect(page.getByTestId('role-card-event_admin')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/events');
    const list = page.getByTestId('event-list');
    await expect(list.getByRole('heading', { name: 'Events you manage' })).toBeVisible();
    const row = list.getByTestId('event-list-item').filter({ hasText: title });
    await expect(row).toContainText('SOPR');
    await expect(row).toContainText('Pending');
    await expect(row).toContainText(`${mmddyyyy(dates.start_date)} – ${mmddyyyy(dates.end_date)}`);
    await expect(row).toContainText('Centre des Congrès, Lyon, France');
    await expectAccessible(page, '/events (en)');

    // The admin approves it from the admin event screens.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/events');
    await admin.getByText('Pending', { exact: true }).first().click();
    const pendingRow = admin.getByTestId('event-list-item').filter({ hasText: title });
    await expect(pendingRow).toBeVisible();
    await expect(pendingRow.getByTestId('deadline-passed-badge')).toHaveCount(0);
    await expectAccessible(admin, '/admin/events (en)');
    await snapshot(admin, 'events-admin-list');
    await pendingRow.click();
    await expect(admin).toHaveURL(/\/admin\/events\/\d+-[a-z0-9]+$/);
    await expect(admin.getByTestId('event-title')).toHaveText(title);
    await expect(admin.getByTestId('event-status')).toHaveText('Pending');
    await expect(admin.getByRole('link', { name: 'View submissions' })).toHaveAttribute(
      'href',
      /\/events\/\d+-[a-z0-9]+\/submissions$/,
    );
    await expectAccessible(admin, '/admin/events/:id (en)');
    await snapshot(admin, 'events-admin-detail-pending');
    await admin.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin, 'Event approved successfully')).toBeVisible();
    await expect(admin.getByTestId('event-status')).toHaveText('Approved');
    await expect(admin.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await adminContext.close();

    // Approved and not yet over: it is an active event, on the dashboard and in the open events.
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-event').filter({ hasText: title })).toBeVisible();
    await page.evaluate(() => window.localStorage.setItem('activeRole', 'simple_user'));
    await page.goto('/events');
    await expect(page.getByTestId('event-list').getByRole('heading', { name: 'Active events' })).toBeVisible();
    const active = page.getByTestId('event-list-item').filter({ hasText: title });
    await expect(active).toContainText('Approved');
    await active.click();

    // The detail shows the event's fields, dates as MM/DD/YYYY.
    await expect(page.getByTestId('event-title')).toHaveText(title);
    await expect(page.getByTestId('event-status')).toHaveText('Approved');
    await expect(page.getByTestId('event-location')).toHaveText('Centre des Congrès, Lyon, France');
    await expect(page.getByTestId('event-description')).toHaveText('Open peer review: tools, ethics and evaluation.');
    await expect(page.getByTestId('event-startDate')).toHaveText(mmddyyyy(dates.start_date));
    await expect(page.getByTestId('event-notificationDate')).toHaveText(mmddyyyy(dates.notification_date));
    await expect(page.getByTestId('event-chairs')).toContainText('Grace Hopper');
    await expect(page.getByTestId('event-people')).toContainText(creator.email);
    await expect(page.getByTestId('event-about')).toContainText('Artificial Intelligence & Machine Learning');
    // The creator runs it: the chairs' submission link and the reviewers panel are there.
    await expect(page.getByTestId('submission-link-url')).toHaveText(/\/events\/\d+-[a-z0-9]+\/submit\/$/);
    await expect(page.getByTestId('event-reviewers-panel')).toBeVisible();
    await expectAccessible(page, '/events/:id (en)');
    await snapshot(page, 'events-detail');
  });

  test('the event admin invites a reviewer by e-mail, who accepts from the mail and sees the event as reviewer', async ({
    page,
    browser,
  }) => {
    const creator = await registerUser({ prefix: 'organizer', firstName: 'Ada', lastName: 'Lovelace' });
    const reviewer = await registerUser({ prefix: 'reviewer', firstName: 'Alan', lastName: 'Turing' });
    const title = `Workshop on Reviewing ${Date.now().toString(36)}`;
    const event = await createEventThroughApi(creator, title);
    await approveEventThroughApi(event);

    await signIn(page, creator.email, creator.password);
    await page.goto(`/events/${event.public_id}`);
    await expect(page.getByTestId('event-title')).toHaveText(title);
    const panel = page.getByTestId('event-reviewers-panel');
    await expect(panel.getByTestId('event-reviewers-empty')).toBeVisible();

    await panel.getByRole('button', { name: 'Invite reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a reviewer' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await dialog.getByLabel('Email').fill(reviewer.email);
    await dialog.getByLabel('First name').fill('A');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Must be at least 2 characters')).toBeVisible();
    await dialog.getByLabel('First name').fill('Alan');
    await dialog.getByLabel('Last name').fill('Turing');
    await expectAccessible(page, 'invite reviewer dialog (en)');
    await snapshot(page, 'events-invite-modal');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, 'Reviewer invitation sent successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The list reloaded: the invitation is pending (yellow).
    const invited = panel.getByTestId('event-reviewer').filter({ hasText: reviewer.email });
    await expect(invited).toContainText('Alan Turing');
    await expect(invited.locator('[data-status="pending"]')).toHaveText('Pending');

    // The reviewer opens the accept link of the mail.
    const mail = await waitForMail(reviewer.email, { subject: /invitation to review/i });
    expect(mail.subject).toContain(title);
    const reviewerContext = await browser.newContext();
    const reviewerPage = await reviewerContext.newPage();
    await reviewerPage.goto(linkIn(mail, '/api/events/invitations/'));
    await expect(reviewerPage).toHaveURL(/\/reviewer-invitation\/accepted$/);
    await expect(reviewerPage.getByRole('heading', { level: 1 })).toBeVisible();

    // The reviewer signs in, switches to the reviewer role and finds the event among reviewer events.
    await signIn(reviewerPage, reviewer.email, reviewer.password);
    await reviewerPage.goto('/roles');
    await reviewerPage.getByTestId('role-card-reviewer').click();
    await expect(reviewerPage.getByTestId('role-card-reviewer')).toHaveAttribute('aria-pressed', 'true');
    await reviewerPage.getByRole('link', { name: 'Reviewer events' }).click();
    await expect(reviewerPage).toHaveURL(/\/events$/);
    const list = reviewerPage.getByTestId('event-list');
    await expect(list.getByRole('heading', { name: 'Reviewer events' })).toBeVisible();
    await expect(list.getByTestId('event-list-item').filter({ hasText: title })).toBeVisible();
    await expect(list.getByTestId('event-count')).toHaveText('1 event');
    await expectAccessible(reviewerPage, '/events as reviewer (en)');
    await snapshot(reviewerPage, 'events-reviewer-list');
    // A reviewer sees the event but does not manage its members.
    await list.getByTestId('event-list-item').filter({ hasText: title }).click();
    await expect(reviewerPage.getByTestId('event-title')).toHaveText(title);
    await expect(reviewerPage.getByTestId('event-reviewers-panel')).toHaveCount(0);
    await expect(reviewerPage.getByTestId('submission-link')).toHaveCount(0);
    await reviewerContext.close();

    // Back on the organizer's screen the reviewer is now active (green).
    await page.reload();
    await expect(
      panel.getByTestId('event-reviewer').filter({ hasText: reviewer.email }).locator('[data-status]'),
    ).toHaveText('Active');
  });

  test('an unknown event shows the load error with a way back to the list', async ({ page }) => {
    const user = await registerUser({ prefix: 'visitor' });
    await signIn(page, user.email, user.password);
    await page.goto('/events/999999-zzzzzzzz');
    const error = page.getByTestId('event-load-error');
    await expect(error).toContainText('Failed to load event details from API');
    await expectAccessible(page, '/events/:id, unknown (en)');
    await error.getByRole('link', { name: 'Back to list' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});
