import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { chooseOption, registerUser, signIn, snapshot } from './support/accounts.ts';
import { parseCsv } from './support/csv.ts';
import { nextMonthDate, pickDate } from './support/events.ts';
import { mailsTo, type SinkMail, waitForMail } from './support/mail.ts';
import {
  approvedEventWithReviewers,
  assignThroughApi,
  asUser,
  CAST,
  DOG_PAPER,
  type JourneyPaper,
  sampleReview as review,
  SHARK_PAPER,
  sendJson,
  submitPaperThroughApi,
  submitReviewThroughApi,
} from './support/reviewing.ts';
import { PAPER_FIXTURE } from './support/submissions.ts';

/*
 * Issue 12, "run the event after creating it": the chair's journey from the deadline change to the audit log. What
 * the journey is not about (accounts, the event, papers, assignments, reviews, the late review's deadline) is seeded
 * through the API; every step the issue names is driven through the screens, and every mail is read in the sink.
 */

/** The toast region of Mantine's notifications. */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** A third paper, on reviewer assignment (the submission journeys' preprint). */
const ASSIGNMENT_PAPER: JourneyPaper = {
  fixture: PAPER_FIXTURE,
  title: PAPER_FIXTURE.truth.title,
  abstract: PAPER_FIXTURE.truth.abstract,
  keywords: PAPER_FIXTURE.truth.keywords.join(', '),
};

/** A calendar date (YYYY-MM-DD) some days before today (UTC). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** How the mails print a deadline in English (`8 December 2026`). */
function mailDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00Z`));
}

/** Waits until the sink holds `count` mails to the address whose subject matches, and gives them back. */
async function expectMails(address: string, subject: RegExp, count: number): Promise<SinkMail[]> {
  let found: SinkMail[] = [];
  await expect(async () => {
    found = (await mailsTo(address)).filter((mail) => subject.test(mail.subject));
    expect(found).toHaveLength(count);
  }).toPass({ timeout: 20_000 });
  return found;
}

/** The Arabic wording of the acceptance mail, as the chair writes it in the templates editor. */
const ARABIC_ACCEPT = {
  subject: '{event_title}: تهانينا، قُبلت ورقتك «{paper_title}»',
  body: [
    'عزيزنا {first_name} {last_name}،',
    '',
    'يسعدنا إبلاغك بقبول ورقتك «{paper_title}» في {event_title} بعد قراءة متأنية من لجنة البرنامج.',
    '',
    '{decision_details}',
    '',
    'مع أطيب التحيات،',
    'رئاسة البرنامج',
  ].join('\n'),
};

test.describe("the chair's console", () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ actionTimeout: 15_000 });

  test('a chair moves a deadline, builds the committee, follows the reviews, decides in bulk, exports and audits', async ({
    page,
  }) => {
    // The people: the chair, a co-chair, a reviewer to add, two reviewers at work, two authors (one reads Arabic).
    const [chair, coChair, newcomer, first, second, author, arabicAuthor] = await Promise.all([
      registerUser({ prefix: 'console-chair', ...CAST.chair }),
      registerUser({
        prefix: 'console-cochair',
        firstName: 'Grace',
        lastName: 'Hopper',
        affiliation: 'Naval Computing Lab',
      }),
      registerUser({
        prefix: 'console-newcomer',
        firstName: 'Alan',
        lastName: 'Turing',
        affiliation: 'Bletchley Research',
      }),
      registerUser({ prefix: 'console-r1', ...CAST.marine }),
      registerUser({ prefix: 'console-r2', ...CAST.canine }),
      registerUser({ prefix: 'console-author', ...CAST.author }),
      registerUser({
        prefix: 'console-author-ar',
        firstName: 'Layla',
        lastName: 'Haddad',
        affiliation: 'American University of Beirut',
        language: 'ar',
      }),
    ]);
    const event = await approvedEventWithReviewers(chair, `Chair Console ${Date.now().toString(36)}`, [first, second]);
    const shark = await submitPaperThroughApi(arabicAuthor, event, SHARK_PAPER);
    const dog = await submitPaperThroughApi(author, event, DOG_PAPER);
    const assignment = await submitPaperThroughApi(author, event, ASSIGNMENT_PAPER);
    for (const paper of [shark, dog, assignment]) await assignThroughApi(chair, paper, first);
    for (const paper of [shark, dog]) await assignThroughApi(chair, paper, second);
    await submitReviewThroughApi(first, shark, review(3));
    await submitReviewThroughApi(first, dog, review(2));
    await submitReviewThroughApi(first, assignment, review(1));
    await submitReviewThroughApi(second, shark, review(2));
    const base = `/events/${event.public_id}`;

    // 1. The chair extends the submission deadline and tells the authors.
    await signIn(page, chair.email, chair.password);
    await page.goto(base);
    await page.getByTestId('event-edit-link').click();
    await expect(page).toHaveURL(`${base}/edit`);
    await expect(page.getByTestId('event-edit-form')).toBeVisible();
    await expectAccessible(page, '/events/{id}/edit (en)');
    const extended = nextMonthDate(8);
    await pickDate(page, 'Submission deadline', extended);
    await page.getByTestId('event-edit-submit').click();
    const notice = page.getByTestId('deadline-change-notice');
    await expect(notice).toBeVisible();
    await expect(notice.locator('[data-deadline="submission_deadline"]')).toBeVisible();
    await notice.getByRole('button', { name: 'Notify authors' }).click();
    const dialog = page.getByRole('dialog');
    // Authors get one mail per paper (it names the paper): the English author two, the Arabic one one.
    await expect(dialog.getByTestId('notify-recipients')).toHaveText('3 mails will be sent.');
    // The preview is the first recipient's mail: the Arabic author's, in Arabic.
    await expect(dialog.getByTestId('notify-text')).toContainText(SHARK_PAPER.title);
    await expect(dialog.getByTestId('notify-text')).toContainText('أصبح التقديم متاحًا حتى');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, '3 mails are on their way.')).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Authors notified' })).toBeDisabled();
    const deadlineMails = await expectMails(author.email, /the submission deadline has changed/, 2);
    for (const [index, title] of [DOG_PAPER.title, ASSIGNMENT_PAPER.title].entries()) {
      const mail = deadlineMails.find((found) => found.text.includes(title));
      expect(mail?.subject, `the deadline mail about paper ${index + 1}`).toBe(
        `${event.title}: the submission deadline has changed`,
      );
      expect(mail?.text).toContain(mailDate(extended));
    }
    const [arabicDeadlineMail] = await expectMails(arabicAuthor.email, /تغيّر الموعد النهائي لتقديم الأوراق/, 1);
    expect(arabicDeadlineMail?.text).toContain(SHARK_PAPER.title);

    // 2. The committee: a co-chair by e-mail, a reviewer with a limit of two papers.
    await page.goto(`${base}/committee`);
    await expect(page.getByRole('heading', { level: 1, name: 'Programme committee' })).toBeVisible();
    await expect(page.getByTestId('committee-reviewer')).toHaveCount(2);
    await expectAccessible(page, '/events/{id}/committee (en)');
    const chairs = page.getByTestId('committee-chairs');
    await chairs.getByLabel('E-mail of a registered user').fill(coChair.email);
    await chairs.getByRole('button', { name: 'Add chair' }).click();
    await expect(toast(page, 'Chair added')).toBeVisible();
    await expect(chairs.getByTestId('committee-chair').filter({ hasText: coChair.email })).toBeVisible();
    const bulk = page.getByTestId('committee-bulk');
    await bulk
      .getByTestId('bulk-text')
      .fill(`email,first name,last name,expertise,max papers\n${newcomer.email},,,machine learning,2`);
    await bulk.getByTestId('bulk-preview').click();
    await expect(bulk.getByTestId('bulk-line')).toHaveAttribute('data-status', 'add');
    await bulk.getByTestId('bulk-send').click();
    await expect(toast(page, /Reviewers added: 1\./)).toBeVisible();
    const added = page.locator(`[data-testid="committee-reviewer"][data-email="${newcomer.email}"]`);
    await expect(async () => {
      await page.reload();
      await expect(added).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(added.locator('td').nth(2)).toHaveText('2');
    await expect(added.getByTestId('committee-reviewer-load')).toHaveText('0 of 2');

    // The review deadline is over (the API lets a chair move deadlines at any time): one review is now late.
    await asUser(chair, (api) =>
      sendJson(api, 'PATCH', `/api/events/${event.public_id}/`, {
        submission_deadline: daysAgo(4),
        review_deadline: daysAgo(2),
      }),
    );

    // 3. The dashboard after the reviews came in; the late reviewer is reminded.
    await page.goto(base);
    await page.getByTestId('progress-link').click();
    await expect(page).toHaveURL(`${base}/progress`);
    await expect(page.getByTestId('progress-reviews-done')).toContainText('4 / 5');
    await expect(page.getByTestId('progress-reviews-chart').getByRole('img')).toHaveAttribute(
      'aria-label',
      '5 reviews: 4 completed, 0 in progress, 1 not started; 1 late.',
    );
    await expect(page.getByTestId('progress-late')).toContainText('1');
    await expect(page.getByTestId('reviewer-row')).toHaveCount(3);
    const late = page.getByTestId('reviewer-row').filter({ hasText: second.email });
    await expect(late.locator('td').nth(1)).toHaveText('2');
    await expect(late.locator('td').nth(2)).toHaveText('1');
    await expect(late.locator('td').nth(4)).toHaveText('1');
    await expectAccessible(page, '/events/{id}/progress (en)');
    await snapshot(page, 'console-progress-en');
    await late.getByRole('button', { name: 'Remind Brian Hare' }).click();
    await expect(toast(page, 'One reviewer reminded (0 already reminded today).')).toBeVisible();
    const reminder = await waitForMail(second.email, { subject: /^Reminder: your reviews for / });
    expect(reminder.subject).toBe(`Reminder: your reviews for ${event.title} are due by ${mailDate(daysAgo(2))} (AoE)`);
    expect(await mailsTo(first.email).then((mails) => mails.filter((mail) => /^Reminder/.test(mail.subject)))).toEqual(
      [],
    );

    // 4. The Arabic wording of the acceptance mail, edited.
    await page.goto(`${base}/mail/templates`);
    await page.locator('[data-testid="template-key"][data-key="decision_accept"]').click();
    await expect(page).toHaveURL(`${base}/mail/templates?key=decision_accept`);
    const arabic = page.getByTestId('template-ar');
    await expect(arabic.getByTestId('template-ar-subject')).toHaveValue('{event_title}: قُبلت ورقتك «{paper_title}»');
    await expectAccessible(page, '/events/{id}/mail/templates (en)');
    await arabic.getByTestId('template-ar-subject').fill(ARABIC_ACCEPT.subject);
    await arabic.getByTestId('template-ar-body').fill(ARABIC_ACCEPT.body);
    await arabic.getByTestId('template-ar-save').click();
    await expect(toast(page, 'The template was saved.')).toBeVisible();
    await expect(arabic.getByText('Customized', { exact: true })).toBeVisible();

    // 5. Three papers decided in bulk from the chair's table, and their authors told.
    await page.goto(`${base}/progress`);
    await page.getByTestId('progress-table-link').click();
    await expect(page.getByTestId('chair-table-rows')).toBeVisible();
    await expect(page.getByTestId('table-row')).toHaveCount(3);
    await expectAccessible(page, '/events/{id}/submissions, chair table (en)');
    for (const paper of [SHARK_PAPER, DOG_PAPER, ASSIGNMENT_PAPER]) {
      await page.getByTestId('table-row').filter({ hasText: paper.title }).getByTestId('select-row').check();
    }
    await expect(page.getByTestId('selected-count')).toHaveText('3 papers selected');
    await page.getByTestId('bulk-accept').click();
    await page.getByTestId('bulk-details').fill('The committee liked the clear writing.');
    await page.getByTestId('bulk-preview-button').click();
    await expect(page.getByTestId('bulk-preview-item')).toHaveCount(3);
    for (const item of await page.getByTestId('bulk-preview-item').all()) {
      await expect(item).toHaveAttribute('data-ok', 'true');
    }
    await page.getByTestId('bulk-confirm').click();
    await expect(toast(page, '3 decisions recorded.')).toBeVisible();
    await expect(page.getByTestId('bulk-notify-step')).toBeVisible();
    await page.getByTestId('notify-preview-button').click();
    await expect(page.getByTestId('bulk-notify-step').getByTestId('notify-preview')).toBeVisible();
    await page.getByTestId('notify-send').click();
    await expect(toast(page, '3 mails are on their way to the authors.')).toBeVisible();
    for (const row of await page.getByTestId('table-row').all()) {
      await expect(row.getByTestId('submission-decision')).toHaveAttribute('data-decision', 'accept');
    }
    const [arabicMail] = await expectMails(arabicAuthor.email, /تهانينا، قُبلت ورقتك/, 1);
    expect(arabicMail?.subject).toBe(`${event.title}: تهانينا، قُبلت ورقتك «${SHARK_PAPER.title}»`);
    expect(arabicMail?.text).toContain('يسعدنا إبلاغك بقبول ورقتك');
    expect(arabicMail?.text).toContain('The committee liked the clear writing.');
    const englishMails = await expectMails(author.email, /has been accepted/, 2);
    expect(englishMails.map((mail) => mail.subject).sort()).toEqual(
      [DOG_PAPER.title, ASSIGNMENT_PAPER.title]
        .map((title) => `${event.title}: your paper “${title}” has been accepted`)
        .sort(),
    );
    expect(englishMails.every((mail) => !mail.text.includes('يسعدنا'))).toBe(true);

    // The event's mail pages: the compose screen lists the sends, the outbox the mails.
    await page.goto(`${base}/mail`);
    await expect(page.getByTestId('compose-audience')).toBeVisible();
    await expect(page.getByTestId('mail-send-row').first()).toBeVisible();
    await expectAccessible(page, '/events/{id}/mail (en)');
    await page.getByTestId('communications-nav-outbox').click();
    await expect(page).toHaveURL(new RegExp(`${base}/outbox`));
    await expect(page.getByTestId('event-outbox-row').filter({ hasText: arabicAuthor.email }).first()).toBeVisible();
    await expectAccessible(page, '/events/{id}/outbox (en)');

    // 6. The reviews, anonymised, downloaded and read.
    await page.goto(`${base}/exports`);
    await expect(page.getByTestId('exports-kinds')).toBeVisible();
    await expectAccessible(page, '/events/{id}/exports (en)');
    await page.getByTestId('export-reviews').getByRole('switch').check();
    await expect(page.getByTestId('export-reviews-csv')).toHaveAttribute('href', /anonymous=true/);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-reviews-csv').click();
    const download = await downloading;
    const bytes = fs.readFileSync((await download.path()) ?? '');
    const text = bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text);
    expect(header?.slice(0, 6)).toEqual([
      'Submission',
      'Title',
      'Review',
      'Reviewer',
      'Status',
      'Overall evaluation (overall_score)',
    ]);
    expect(header).not.toContain('Reviewer e-mail');
    expect(rows).toHaveLength(5);
    const reviewerColumn = header?.indexOf('Reviewer') ?? -1;
    for (const row of rows) expect(row[reviewerColumn]).toMatch(/^Reviewer [12]$/);
    for (const secret of [first.email, second.email, 'Sylvia', 'Earle', 'Brian', 'Hare']) {
      expect(text).not.toContain(secret);
    }
    expect(rows.map((row) => row[1]).sort()).toEqual(
      [SHARK_PAPER.title, SHARK_PAPER.title, DOG_PAPER.title, DOG_PAPER.title, ASSIGNMENT_PAPER.title].sort(),
    );

    // 7. The audit log: the deadline moved, the chair added, the decisions.
    await page.goto(base);
    await page.getByTestId('records-card').getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(`${base}/audit`);
    await expect(page.getByTestId('audit-table')).toBeVisible();
    await expectAccessible(page, '/events/{id}/audit (en)');
    await chooseOption(page.getByRole('combobox', { name: 'Action' }), 'Event updated', 'Event updated');
    await expect(page).toHaveURL(/action=event\.updated/);
    // Two changes: the extension from the edit screen (only the submission deadline, from the first date to the
    // new one), and the later move of both deadlines into the past.
    await expect(page.getByTestId('audit-row')).toHaveCount(2);
    const moved = page.getByTestId('audit-row').filter({ hasText: nextMonthDate(5) });
    await expect(moved).toHaveCount(1);
    await expect(moved).toHaveAttribute('data-action', 'event.updated');
    await expect(moved).toContainText(extended);
    await expect(moved.locator('.mantine-Badge-root')).toHaveText(['submission_deadline']);
    await expect(moved.getByTestId('audit-actor')).toHaveText('Ada Lovelace');
    await page.goto(`${base}/audit?action=event.chair_added`);
    await expect(page.getByTestId('audit-row')).toHaveCount(1);
    await expect(page.getByTestId('audit-row')).toHaveAttribute('data-action', 'event.chair_added');
    await expect(page.getByTestId('audit-row').getByTestId('audit-action')).toHaveText('Chair added');
    await page.goto(`${base}/audit?action=submission.decision_made`);
    await expect(page.getByTestId('audit-row')).toHaveCount(3);
    await expect(page.getByTestId('audit-count')).toHaveAttribute('data-count', '3');

    // 8. Every screen of the journey in Arabic: right to left, and axe passes.
    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
    const screens: [string, string][] = [
      ['edit', 'event-edit-form'],
      ['committee', 'committee-screen'],
      ['progress', 'progress-dashboard'],
      ['submissions', 'chair-table-rows'],
      ['mail', 'mail-sends-table'],
      ['mail/templates?key=decision_accept', 'template-ar'],
      ['outbox', 'event-outbox-table'],
      ['exports', 'exports-kinds'],
      ['audit', 'audit-table'],
    ];
    for (const [path, ready] of screens) {
      await page.goto(`${base}/${path}`);
      await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
      await expect(page.getByTestId(ready)).toBeVisible();
      await expectAccessible(page, `/events/{id}/${path} (ar)`);
    }
  });
});
