import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { label, pageFor, registerUser, signIn, snapshot } from './support/accounts.ts';
import { approveEventThroughApi, createEventThroughApi } from './support/events.ts';
import { waitForMail } from './support/mail.ts';
import {
  addReviewerThroughApi,
  CAST,
  DOG_PAPER,
  SHARK_PAPER,
  setReviewSettingsThroughApi,
  submitPaperThroughApi,
  submitReviewThroughApi,
} from './support/reviewing.ts';
import { toast } from './support/submissions.ts';

/** The label of the confidential remarks, as the default review form names the question. */
const REMARKS = 'Confidential remarks for the programme committee';

/** Chooses an option of a Mantine select by the field's label. */
async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: label(field) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The Arabic interface texts, to find the screens' titles by. */
const ARABIC: unknown = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../packages/i18n/locales/ar/translation.json'), 'utf8'),
);

/** One Arabic text by its dotted key; a missing key fails the test. */
function arabic(key: string): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], ARABIC);
  if (typeof text !== 'string') throw new Error(`no Arabic text for ${key}`);
  return text;
}

/** Opens a screen in Arabic: right to left, its title in Arabic, nothing wider than the window, and axe passes. */
async function expectArabicScreen(page: Page, url: string, title: string, shot: string) {
  await page.goto(url);
  await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${url} scrolls sideways`).toBeLessThanOrEqual(1);
  await expectAccessible(page, `${url} (ar)`);
  await snapshot(page, shot);
}

test.describe('reviewing', () => {
  // A long journey, and each screen is also checked with axe (a few seconds each), in English and in Arabic.
  test.describe.configure({ timeout: 420_000 });
  // A step that cannot happen fails at once, not at the end of the journey's time.
  test.use({ actionTimeout: 15_000 });

  test('reviewers bid, the chair previews and applies the automatic assignment, a reviewer drafts, reloads and submits, the chair decides and the author reads the reviews without names', async ({
    page,
    browser,
  }) => {
    // An event with two papers by one author, two reviewers who know the topics, and a colleague of the author.
    const chair = await registerUser({ prefix: 'chair', ...CAST.chair });
    const author = await registerUser({ prefix: 'author', ...CAST.author });
    const marine = await registerUser({ prefix: 'marine', ...CAST.marine });
    const canine = await registerUser({ prefix: 'canine', ...CAST.canine });
    const colleague = await registerUser({
      prefix: 'colleague',
      firstName: 'Camille',
      lastName: 'Martin',
      affiliation: 'Université de Montpellier',
    });
    const event = await createEventThroughApi(chair, `Symposium on Animal Behaviour ${Date.now().toString(36)}`);
    await approveEventThroughApi(event);
    await setReviewSettingsThroughApi(chair, event, { reviewers_per_paper: 2, blind_mode: 'double' });
    await addReviewerThroughApi(chair, event, marine, {
      expertise: 'shark longevity, elasmobranch age and growth, tag and recapture of coastal sharks',
      max_papers: 2,
    });
    await addReviewerThroughApi(chair, event, canine, {
      expertise: 'canine cognition, dog domestication, cooperation and attention in dogs and wolves',
      max_papers: 2,
    });
    await addReviewerThroughApi(chair, event, colleague, { expertise: 'coastal ecology', max_papers: 2 });
    const shark = await submitPaperThroughApi(author, event, SHARK_PAPER);
    const dog = await submitPaperThroughApi(author, event, DOG_PAPER);

    // The marine biologist bids from the event's bidding list and from a paper's bid page; authors stay hidden.
    await signIn(page, marine.email, marine.password);
    await page.goto(`/events/${event.public_id}`);
    await page.getByTestId('reviewing-card').getByRole('link', { name: 'Bid on submissions' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.public_id}/bids`));
    const rows = page.getByTestId('bidding-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('bidding-row-authors-hidden')).toHaveCount(2);
    await expect(page.getByText('Dupont')).toHaveCount(0);
    const sharkRow = rows.filter({ hasText: SHARK_PAPER.title });
    await sharkRow.getByTestId('bid-option-eager').click();
    await expect(sharkRow).toHaveAttribute('data-bid', 'eager');
    await expect(page.getByTestId('bidding-count-eager')).toContainText('1');
    await expectAccessible(page, '/events/:id/bids (en)');
    await snapshot(page, 'reviewing-bidding-list');
    await rows.filter({ hasText: DOG_PAPER.title }).getByTestId('bidding-row-title').click();
    await expect(page).toHaveURL(new RegExp(`/submissions/${dog.public_id}/bid`));
    await expect(page.getByTestId('detail-abstract')).toContainText('canine cooperation hypothesis');
    await page.getByTestId('bid-option-not_willing').click();
    await expect(page.getByTestId('bid-current')).toHaveAttribute('data-value', 'not_willing');
    await page.reload();
    await expect(page.getByTestId('bid-current')).toHaveAttribute('data-value', 'not_willing');
    await expectAccessible(page, '/submissions/:id/bid (en)');

    // The chair sees the detected conflicts: the author's colleague, on both papers, for the shared affiliation.
    const chairPage = await pageFor(browser, chair);
    await chairPage.goto(`/events/${event.public_id}`);
    await chairPage.getByTestId('reviewing-card').getByRole('link', { name: 'Conflicts of interest' }).click();
    const conflictRows = chairPage.getByTestId('conflict-row');
    await expect(conflictRows.filter({ hasText: 'Camille Martin' })).toHaveCount(2);
    await expect(
      conflictRows.filter({ hasText: 'Camille Martin' }).first().getByTestId('conflict-type'),
    ).toHaveAttribute('data-type', 'institutional');
    await expect(conflictRows.filter({ hasText: 'Sylvia Earle' })).toHaveCount(0);
    await expectAccessible(chairPage, '/events/:id/conflicts (en)');

    // Before inviting someone, the chair checks the address for conflicts with the event's papers.
    await chairPage.goto(`/events/${event.public_id}`);
    await chairPage.getByTestId('event-reviewers-panel').getByRole('button', { name: 'Invite reviewer' }).click();
    const invite = chairPage.getByRole('dialog');
    await invite.getByLabel(label('Email')).fill(colleague.email);
    await invite.getByTestId('invite-check-conflicts').click();
    await expect(invite.getByTestId('check-result')).toHaveAttribute('data-count', '2');
    await expect(invite.getByTestId('check-conflict')).toHaveCount(2);
    await expectAccessible(chairPage, 'invite reviewer dialog with the conflict check (en)');
    await invite.getByRole('button', { name: 'Cancel' }).click();

    // The chair computes the automatic assignment, reads the preview and applies it.
    await chairPage.goto(`/events/${event.public_id}`);
    await chairPage
      .getByTestId('reviewing-card')
      .getByRole('link', { name: 'Automatic assignment', exact: true })
      .click();
    await expect(chairPage.getByTestId('auto-per-paper')).toHaveAttribute('data-value', '2');
    await expectAccessible(chairPage, '/events/:id/assignment (en)');
    await chairPage.getByTestId('auto-compute').click();
    const result = chairPage.getByTestId('preview-result');
    await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(chairPage).toHaveURL(/[?&]preview=/);
    // The colleague is conflicted with both papers: each gets the two others, who then review two papers each.
    await expect(chairPage.getByTestId('stat-new-pairs-value')).toHaveText('4');
    await expect(chairPage.getByTestId('preview-short-none')).toBeVisible();
    await expect(
      chairPage.getByTestId('load-histogram-bar').and(chairPage.locator('[data-papers="2"]')),
    ).toHaveAttribute('data-reviewers', '2');
    const sharkPairs = chairPage
      .getByTestId('pairs-paper')
      .and(chairPage.locator(`[data-submission="${shark.public_id}"]`));
    await expect(sharkPairs.getByTestId('pair-row')).toHaveCount(2);
    await expect(
      sharkPairs.getByTestId('pair-row').filter({ hasText: 'Sylvia Earle' }).getByTestId('pair-bid'),
    ).toHaveAttribute('data-bid', 'eager');
    await expect(chairPage.getByTestId('pair-row').filter({ hasText: 'Camille Martin' })).toHaveCount(0);
    await expectAccessible(chairPage, '/events/:id/assignment?preview= (en)');
    await snapshot(chairPage, 'reviewing-assignment-preview');
    await chairPage.getByTestId('preview-apply').click();
    await expect(chairPage.getByTestId('apply-confirm-message')).toContainText(
      '4 new assignments will be created and their reviewers e-mailed.',
    );
    await chairPage.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(chairPage.getByTestId('preview-applied')).toBeVisible();
    // One mail per reviewer, listing their new papers.
    const assignedMail = await waitForMail(marine.email, {
      subject: /^Papers to review for “Symposium on Animal Behaviour /,
    });
    expect(assignedMail.text).toContain(event.title);
    expect(assignedMail.text).toContain(`• ${shark.title}`);
    expect(assignedMail.text).toContain('Your new papers (2)');

    // The manual assign screen now shows both reviewers assigned and the colleague not assignable, with the reason.
    await chairPage.goto(`/events/${event.public_id}/submissions/${shark.public_id}/assign`);
    await expect(chairPage.getByTestId('assignment-progress')).toHaveAttribute('data-assigned', '2');
    await expect(chairPage.getByTestId('assigned-row')).toHaveCount(2);
    await chairPage.getByTestId('show-conflicted-toggle').click();
    const colleagueRow = chairPage.getByTestId('candidate-row').filter({ hasText: 'Camille Martin' });
    await expect(colleagueRow).toHaveAttribute('data-not-assignable-reason', 'conflict');
    await expect(colleagueRow.getByTestId('conflict-reason')).toContainText('Université de Montpellier');
    await expectAccessible(chairPage, '/events/:id/submissions/:id/assign (en)');

    // The marine biologist reviews the shark paper: a draft survives a reload, then the review is submitted.
    await page.goto('/reviews');
    await expect(page.getByTestId('reviews-list')).toContainText(SHARK_PAPER.title);
    await expectAccessible(page, '/reviews (en)');
    await page.goto(`/reviews/create?submissionId=${shark.public_id}`);
    await expect(page.getByTestId('review-submission')).toContainText(SHARK_PAPER.title);
    await expectAccessible(page, '/reviews/create (en)');
    await choose(page, 'Overall evaluation', '+2 Accept');
    await page.getByRole('textbox', { name: 'Strength 1' }).fill('Long tag and recapture series');
    await page.getByRole('textbox', { name: 'Weakness 1' }).fill('Few blacknose recaptures');
    await page.getByLabel(label('Justification')).fill('Solid data on two species; the age estimates are convincing.');
    await choose(page, 'Confidence', '4 High');
    await page.getByLabel(label('Confidence comment')).fill('I have aged sharks from vertebrae myself.');
    await page.getByLabel(label(REMARKS)).fill('CONFIDENTIAL: I know the field station that collected the data.');
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await page.goto(`/reviews/create?submissionId=${shark.public_id}`);
    await expect(page.getByRole('textbox', { name: 'Strength 1' })).toHaveValue('Long tag and recapture series');
    await expect(page.getByLabel(label(REMARKS))).toHaveValue(
      'CONFIDENTIAL: I know the field station that collected the data.',
    );
    await page.reload();
    await expect(page.getByLabel(label('Justification'))).toHaveValue(
      'Solid data on two species; the age estimates are convincing.',
    );
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(page.getByTestId('reviews-list').getByTestId('review-status').first()).toBeVisible();
    await submitReviewThroughApi(canine, shark, {
      score: -1,
      confidence: 2,
      strength: 'Clear writing',
      weakness: 'Outside my expertise',
      toAuthors: 'Please discuss the sampling bias.',
      toChair: 'CONFIDENTIAL: borderline for me.',
    });

    // Before the decision the author sees no review, only why.
    const authorPage = await pageFor(browser, author);
    await authorPage.goto(`/submissions/${shark.public_id}`);
    await expect(authorPage.getByTestId('reviews-notice')).toBeVisible();
    await expect(authorPage.getByTestId('author-reviews')).toHaveCount(0);
    await expectAccessible(authorPage, '/submissions/:id before the decision (en)');

    // The chair reads both reviews side by side, with names, the confidential remarks and the average, then decides.
    await chairPage.goto(`/events/${event.public_id}/submissions/${shark.public_id}`);
    const panel = chairPage.getByTestId('submission-reviews');
    await expect(panel.getByTestId('comparison-column')).toHaveCount(2);
    await expect(panel.getByTestId('reviews-counts')).toHaveAttribute('data-completed', '2');
    await expect(panel.getByTestId('reviews-average')).toContainText('0.5');
    await expect(panel.getByTestId('reviews-comparison')).toContainText('Sylvia Earle');
    await expect(panel.getByTestId('reviews-comparison')).toContainText('Brian Hare');
    await expect(panel).toContainText('CONFIDENTIAL: I know the field station');
    await expectAccessible(chairPage, '/events/:id/submissions/:id with its reviews (en)');
    await snapshot(chairPage, 'reviewing-chair-reviews');
    await chairPage.getByTestId('decision-choice').getByText('Accept').click();
    await chairPage.getByLabel('Comments for the authors').fill('Accepted after two reviews.');
    await chairPage.getByTestId('decision-submit').click();
    await chairPage.getByRole('button', { name: 'Record and notify' }).click();
    await expect(toast(chairPage, 'Decision made')).toBeVisible();
    // The event's decision template (`decision_accept`) in its default wording, with the chair's comments.
    const decisionMail = await waitForMail(author.email, {
      subject: /your paper “Longevity of Atlantic Sharpnose.*” has been accepted$/,
    });
    expect(decisionMail.text).toContain('has been accepted');
    expect(decisionMail.text).toContain('Accepted after two reviews.');

    // After the decision the author reads both reviews by number: scores and comments, never names or remarks.
    await authorPage.reload();
    const authorReviews = authorPage.getByTestId('author-reviews');
    await expect(authorReviews.getByTestId('review-item')).toHaveCount(2);
    await expect(authorReviews).toContainText('Long tag and recapture series');
    await expect(authorReviews).toContainText('Please discuss the sampling bias.');
    await expect(authorReviews).toContainText('Reviewer 1');
    const everything = await authorPage.locator('body').innerText();
    for (const secret of [
      'Sylvia',
      'Earle',
      'Brian Hare',
      marine.email,
      canine.email,
      'CONFIDENTIAL',
      'field station',
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    await expectAccessible(authorPage, '/submissions/:id with its reviews (en)');
    await snapshot(authorPage, 'reviewing-author-reviews');

    // Two tabs on one draft never overwrite each other: the later save is refused and says so.
    const canineFirst = await pageFor(browser, canine);
    const canineSecond = await canineFirst.context().newPage();
    const draftUrl = `/reviews/create?submissionId=${dog.public_id}`;
    await canineFirst.goto(draftUrl);
    await canineSecond.goto(draftUrl);
    await canineFirst.getByLabel(label('Justification')).fill('Written in the first tab.');
    await expect(canineFirst.getByTestId('autosave-status')).toHaveText('Draft saved automatically', {
      timeout: 15_000,
    });
    await canineSecond.getByLabel(label('Justification')).fill('Written in the second tab.');
    await expect(canineSecond.getByTestId('review-stale')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(canineSecond, '/reviews/create with a stale draft (en)');
    await canineSecond.getByTestId('review-stale').getByRole('button', { name: 'Reload' }).click();
    await expect(canineSecond.getByLabel(label('Justification'))).toHaveValue('Written in the first tab.');

    // The same screens in Arabic, right to left.
    await chairPage.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
    const base = `/events/${event.public_id}`;
    await expectArabicScreen(
      chairPage,
      `${base}/assignment`,
      arabic('autoAssignment.title'),
      'reviewing-assignment-ar',
    );
    await expectArabicScreen(
      chairPage,
      `${base}/conflicts`,
      arabic('conflicts.screen.title'),
      'reviewing-conflicts-ar',
    );
    await expectArabicScreen(
      chairPage,
      `${base}/submissions/${dog.public_id}/assign`,
      arabic('assignReviewers.title'),
      'reviewing-assign-ar',
    );
    await expectArabicScreen(
      chairPage,
      `${base}/submissions/${shark.public_id}`,
      arabic('submissionReviews.title'),
      'reviewing-chair-reviews-ar',
    );
    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await expectArabicScreen(page, `${base}/bids`, arabic('bidding.list.description'), 'reviewing-bidding-ar');
    await expectArabicScreen(
      page,
      `/submissions/${dog.public_id}/bid`,
      arabic('bidding.detail.intro'),
      'reviewing-bid-ar',
    );
    await expectArabicScreen(page, '/reviews', arabic('reviews.list.title'), 'reviewing-reviews-ar');
    await expectArabicScreen(
      page,
      `/reviews/create?submissionId=${shark.public_id}`,
      arabic('reviews.create.title'),
      'reviewing-review-ar',
    );
  });
});
