import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { label, pageFor, registerUser, signIn, snapshot } from './support/accounts.ts';
import { useLanguage } from './support/language.ts';
import { mailsTo, waitForMail } from './support/mail.ts';
import {
  approvedEventWithReviewers,
  assignThroughApi,
  CAST,
  SHARK_PAPER,
  sendJson,
  setReviewSettingsThroughApi,
  submitPaperThroughApi,
} from './support/reviewing.ts';
import { toast } from './support/submissions.ts';

/**
 * The review cycle of issue 13, through its screens: the chair adapts the review form (a question from the library,
 * a built-in question relabelled in Arabic), two reviewers answer it and disagree, the chair opens the author
 * response phase and flags the paper, the reviewers discuss it with a mention, the author responds within the word
 * limit, a reviewer updates the score, and the chair decides. Each new screen passes axe in English and Arabic.
 */

/** Screens of this journey read several queries each: on a busy machine they take longer than the default to show. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** The Arabic label the chair gives the built-in justification question. */
const ARABIC_JUSTIFICATION = 'تعليل التقييم';
const REMARKS = 'Confidential remarks for the programme committee';
/** What each reviewer writes only for the committee or the chairs: never on an author's screen. */
const SECRETS = ['CONFIDENTIAL', 'field station', 'I tag sharks myself', 'Dogs are my field'];
/** The reviewers' names: never on an author's screen. */
const NAMES = ['Sylvia', 'Earle', 'Brian', 'Hare'];

/** Chooses an option of a Mantine select by the field's label. */
async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: label(field) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A wall-clock time `YYYY-MM-DDTHH:mm` in the event's zone (Anywhere on Earth, UTC−12), `days` from today there. */
function aoeWallClock(days: number, time: string): string {
  const aoeNow = new Date(Date.now() - 12 * 3_600_000 + days * 86_400_000);
  return `${aoeNow.toISOString().slice(0, 10)}T${time}`;
}

/** A text of `count` English words. */
const words = (count: number) =>
  Array.from({ length: count }, (_unused, index) => ['we', 'thank', 'the', 'reviewers'][index % 4]).join(' ');

type ReviewAnswers = {
  overall: string;
  soundness: string;
  strength: string;
  weakness: string;
  justification: string;
  confidenceComment: string;
  remarks: string;
};

/** A reviewer writes and submits the review on the review screen, the chair's question included. */
async function writeReview(page: Page, paperId: string, answers: ReviewAnswers) {
  await page.goto(`/reviews/create?submissionId=${paperId}`);
  await expect(page.getByTestId('review-question-soundness')).toBeVisible();
  await choose(page, 'Overall evaluation', answers.overall);
  await page.getByRole('textbox', { name: 'Strength 1' }).fill(answers.strength);
  await page.getByRole('textbox', { name: 'Weakness 1' }).fill(answers.weakness);
  await page.getByLabel(label('Justification')).fill(answers.justification);
  await choose(page, 'Confidence', '4 High');
  await page.getByLabel(label('Confidence comment')).fill(answers.confidenceComment);
  await page.getByLabel(label(REMARKS)).fill(answers.remarks);
  await choose(page, 'Soundness', answers.soundness);
}

test.describe('review cycle', () => {
  // One long journey with axe on each new screen in both languages.
  test.describe.configure({ timeout: 300_000 });
  test.use({ actionTimeout: 15_000 });

  test('the chair adapts the form, reviewers disagree and discuss, the author responds, a reviewer updates, the chair decides', async ({
    page,
    browser,
  }) => {
    const [chair, author, marine, canine] = await Promise.all([
      registerUser({ prefix: 'cycle-chair', ...CAST.chair }),
      registerUser({ prefix: 'cycle-author', ...CAST.author }),
      registerUser({ prefix: 'cycle-marine', ...CAST.marine }),
      registerUser({ prefix: 'cycle-canine', ...CAST.canine }),
    ]);
    const event = await approvedEventWithReviewers(chair, `Review Cycle ${Date.now().toString(36)}`, [marine, canine]);
    await setReviewSettingsThroughApi(chair, event, { reviewers_per_paper: 2, blind_mode: 'double' });
    const paper = await submitPaperThroughApi(author, event, SHARK_PAPER);
    // In this order: the marine biologist is Reviewer 1, the dog specialist Reviewer 2.
    await assignThroughApi(chair, paper, marine);
    await assignThroughApi(chair, paper, canine);
    const base = `/events/${event.public_id}`;

    // 1. The chair adds Soundness from the library and relabels the justification in Arabic.
    await signIn(page, chair.email, chair.password);
    await page.goto(base);
    await page.getByTestId('review-form-link').click();
    await expect(page).toHaveURL(`${base}/review-form`);
    await expect(page.getByTestId('question-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Add from library' }).click();
    await page.getByRole('menuitem', { name: 'Soundness' }).click();
    const soundnessCard = page.locator('[data-testid="question-card"][data-key="soundness"]');
    await expect(soundnessCard.getByTestId('question-label-en')).toHaveValue('Soundness');
    const justificationCard = page.locator('[data-testid="question-card"][data-key="justification"]');
    await justificationCard.getByTestId('question-label-ar').fill(ARABIC_JUSTIFICATION);
    await page.getByTestId('review-form-save').click();
    await expect(toast(page, 'The review form was saved (version 1).')).toBeVisible();
    await page.reload();
    await expect(soundnessCard).toBeVisible();
    await expect(justificationCard.getByTestId('question-label-ar')).toHaveValue(ARABIC_JUSTIFICATION);
    await expectAccessible(page, '/events/:id/review-form (en)');
    await snapshot(page, 'cycle-form-editor-en');
    await useLanguage(page, 'ar');
    await expect(page.locator('html[dir=rtl]')).toHaveCount(1);
    await expect(justificationCard.getByRole('heading', { level: 2 })).toContainText(ARABIC_JUSTIFICATION);
    await expect(soundnessCard.getByRole('heading', { level: 2 })).toContainText('السلامة العلمية');
    await expectAccessible(page, '/events/:id/review-form (ar)');
    await snapshot(page, 'cycle-form-editor-ar');
    await useLanguage(page, 'en');

    // 2. Both reviewers review on the review screen, answering Soundness, and disagree (+2 and −2).
    const marinePage = await pageFor(browser, marine);
    await writeReview(marinePage, paper.public_id, {
      overall: '+2 Accept',
      soundness: '5 Fully sound',
      strength: 'Long tag and recapture series',
      weakness: 'Few blacknose recaptures',
      justification: 'Solid data on two species; the age estimates are convincing.',
      confidenceComment: 'I tag sharks myself.',
      remarks: 'CONFIDENTIAL: I know the field station that collected the data.',
    });
    await expectAccessible(marinePage, '/reviews/create with a chair question (en)');
    await snapshot(marinePage, 'cycle-review-editor-en');
    await marinePage.getByRole('button', { name: 'Submit Review' }).click();
    await expect(marinePage).toHaveURL(/\/reviews$/);
    // The second reviewer first opens the screen in Arabic: the chair's Arabic label and Soundness's, right to left.
    const caninePage = await pageFor(browser, canine);
    await caninePage.goto(`/reviews/create?submissionId=${paper.public_id}`);
    await useLanguage(caninePage, 'ar');
    await expect(caninePage.locator('html[dir=rtl]')).toHaveCount(1);
    await expect(caninePage.getByLabel(label(ARABIC_JUSTIFICATION))).toBeVisible();
    await expect(caninePage.getByRole('combobox', { name: label('السلامة العلمية') })).toBeVisible();
    await expectAccessible(caninePage, '/reviews/create with a chair question (ar)');
    await useLanguage(caninePage, 'en');
    await writeReview(caninePage, paper.public_id, {
      overall: '-2 Reject',
      soundness: '2',
      strength: 'Clear writing',
      weakness: 'The age model is not validated',
      justification: 'The growth curves rest on too few recaptures to support the claims.',
      confidenceComment: 'Dogs are my field, but I know growth models.',
      remarks: 'CONFIDENTIAL: borderline for me.',
    });
    await caninePage.getByRole('button', { name: 'Submit Review' }).click();
    await expect(caninePage).toHaveURL(/\/reviews$/);

    // 3. The chair opens the response window (now, 50 words) and lets reviewers join the discussion at once …
    await page.goto(`${base}/edit`);
    const section = page.getByTestId('section-responses');
    await expect(section).toBeVisible();
    await section.getByRole('switch', { name: 'Open an author response phase' }).check();
    await section.getByTestId('response-opens-at').fill(aoeWallClock(-1, '00:00'));
    await section.getByTestId('response-closes-at').fill(aoeWallClock(5, '18:00'));
    await section.getByLabel(label('Word limit of a response')).fill('50');
    await choose(page, "Reviewers join a paper's discussion", 'As soon as they are assigned');
    await expectAccessible(page, '/events/:id/edit with the response phase (en)');
    await page.getByTestId('event-edit-submit').click();
    await expect(page).toHaveURL(base);
    const stored = await page.request.get(`/api/events/${event.public_id}/`);
    expect(await stored.json()).toMatchObject({
      response_phase: { enabled: true, word_limit: 50 },
      discussion: { reviewers_see: 'always' },
    });

    // … and flags the paper from the table's disagreement filter.
    await page.goto(`${base}/submissions`);
    // The filter lives in the address: the box is checked once the table reads it back.
    await page.getByTestId('table-disagreement').click();
    await expect(page.getByTestId('table-disagreement')).toBeChecked();
    await expect(page).toHaveURL(/disagreement=true/);
    const row = page.getByTestId('table-row').filter({ hasText: SHARK_PAPER.title });
    await expect(page.getByTestId('table-row')).toHaveCount(1);
    await expect(row.getByTestId('row-disagreement')).toBeVisible();
    await row.getByTestId('row-flag').click();
    await expect(row.getByTestId('row-needs-discussion')).toBeVisible();

    // 4. The marine biologist sees the paper to discuss on the reviews dashboard and mentions the other reviewer.
    await marinePage.goto('/reviews');
    const toDiscuss = marinePage.getByTestId('paper-to-discuss').filter({ hasText: SHARK_PAPER.title });
    await expect(toDiscuss).toBeVisible();
    await toDiscuss.getByRole('link', { name: SHARK_PAPER.title }).click();
    await expect(marinePage).toHaveURL(new RegExp(`${base}/submissions/${paper.public_id}#discussion$`));
    const marineThread = marinePage.getByTestId('discussion-panel');
    await expect(marineThread.getByTestId('discussion-empty')).toBeVisible();
    await marineThread.getByTestId('composer-body').fill('The recapture series is long; what would change your mind?');
    await marineThread.getByRole('combobox', { name: 'Mention a member' }).click();
    await marinePage.getByRole('option', { name: 'Reviewer 2', exact: true }).click();
    await expect(marineThread.getByTestId('composer-body')).toHaveValue(/@Reviewer 2 $/);
    await marineThread.getByTestId('composer-post').click();
    await expect(toast(marinePage, 'Comment posted.')).toBeVisible();
    const marineComment = marineThread.getByTestId('discussion-comment');
    await expect(marineComment.getByTestId('comment-author')).toHaveText('You');
    await expectAccessible(marinePage, 'discussion panel (en)');
    await snapshot(marinePage, 'cycle-discussion-en');
    const mention = await waitForMail(canine.email, { subject: /^You were mentioned in the discussion of / });
    expect(mention.subject).toContain(SHARK_PAPER.title);
    expect(mention.text).toContain('what would change your mind?');
    for (const other of [marine, chair]) {
      const mentioned = (await mailsTo(other.email)).filter((mail) => /mentioned in the discussion/.test(mail.subject));
      expect(mentioned, `mention mails to ${other.email}`).toEqual([]);
    }

    // The mentioned reviewer reads the comment by "Reviewer 1", never by name, in English and in Arabic.
    await caninePage.goto(`/submissions/${paper.public_id}#discussion`);
    const canineThread = caninePage.getByTestId('discussion-panel');
    await expect(canineThread.getByTestId('comment-author')).toHaveText('Reviewer 1');
    await expect(canineThread).toContainText('@Reviewer 2 ');
    await expect(canineThread.getByTestId('discussion-flagged')).toBeVisible();
    for (const name of ['Sylvia', 'Earle']) await expect(canineThread).not.toContainText(name);
    await useLanguage(caninePage, 'ar');
    await expect(canineThread.getByTestId('comment-author')).toHaveText('المحكّم 1');
    await expectAccessible(caninePage, 'discussion panel (ar)');
    await snapshot(caninePage, 'cycle-discussion-ar');
    await useLanguage(caninePage, 'en');

    // 5. The author opens the response screen: the reviews as "Reviewer N", without the committee's answers.
    const authorPage = await pageFor(browser, author);
    await authorPage.goto(`/submissions/${paper.public_id}`);
    await authorPage.getByTestId('response-link-card').getByTestId('response-link').click();
    await expect(authorPage).toHaveURL(`${base}/submissions/${paper.public_id}/response`);
    await expect(authorPage.getByTestId('response-window-state')).toHaveText('Open');
    for (const ordinal of [1, 2]) {
      const review = authorPage.getByTestId(`released-review-${ordinal}`);
      await expect(review).toContainText(`Reviewer ${ordinal}`);
      await expect(review.getByTestId('released-answer-soundness')).toContainText('Soundness');
      await expect(review.getByTestId('released-answer-confidence_comment')).toHaveCount(0);
      await expect(review.getByTestId('released-answer-confidential_remarks_for_pc')).toHaveCount(0);
      // The review screen sends the justification as the comments to the authors too: shown once.
      await expect(review.getByTestId('released-comments')).toHaveCount(0);
    }
    await expect(authorPage.getByTestId('released-review-1')).toContainText('Long tag and recapture series');
    await expect(authorPage.getByTestId('released-review-2')).toContainText('The age model is not validated');
    const screenText = await authorPage.locator('body').innerText();
    for (const secret of [...NAMES, ...SECRETS, marine.email, canine.email]) {
      expect(screenText, secret).not.toContain(secret);
    }

    // Over the word limit the count warns and the submit is refused, by the screen and by the API.
    const body = authorPage.getByTestId('response-body');
    await body.fill(words(55));
    await expect(authorPage.getByTestId('response-word-count')).toHaveText('55 / 50 words');
    await expect(authorPage.getByTestId('response-over-limit')).toBeVisible();
    await expect(authorPage.getByTestId('response-submit')).toBeDisabled();
    const refused = await sendJson(
      authorPage.request,
      'PUT',
      `/api/submissions/${paper.public_id}/response/`,
      { body: words(55), status: 'submitted' },
      400,
    );
    expect(await refused.json()).toMatchObject({ field_codes: { body: ['responses.tooManyWords'] } });
    await expectAccessible(authorPage, '/events/:id/submissions/:id/response over the limit (en)');

    // Within the limit the response is submitted, and the committee is told.
    const responseText =
      'We thank the reviewers. The recapture series spans twelve years; we will add the validation of the age model against known-age sharks.';
    await body.fill(responseText);
    // "known-age" is one word: hyphens and apostrophes join.
    await expect(authorPage.getByTestId('response-word-count')).toHaveText('22 / 50 words');
    await authorPage.getByTestId('response-submit').click();
    await expect(toast(authorPage, 'Response submitted; the committee has been told.')).toBeVisible();
    await expect(authorPage.getByTestId('response-submit')).toHaveText('Submit changes');
    for (const member of [marine, canine, chair]) {
      const told = await waitForMail(member.email, { subject: /^The authors responded: / });
      expect(told.subject).toBe(`The authors responded: ${SHARK_PAPER.title}`);
    }
    expect((await mailsTo(author.email)).filter((mail) => /authors responded/.test(mail.subject))).toEqual([]);
    await snapshot(authorPage, 'cycle-response-en');

    // In Arabic: right to left, the chair's Arabic label, and Arabic words counted as words (diacritics included).
    await useLanguage(authorPage, 'ar');
    await expect(authorPage.locator('html[dir=rtl]')).toHaveCount(1);
    await expect(
      authorPage.getByTestId('released-review-1').getByTestId('released-answer-justification'),
    ).toContainText(ARABIC_JUSTIFICATION);
    await expect(authorPage.getByTestId('response-body')).toHaveValue(responseText);
    await authorPage.getByTestId('response-body').fill('نشكر المحكّمين الكرام على ملاحظاتهم القيّمة، '.repeat(9).trim());
    // The count in the interface language's digits, as the browser writes Arabic numbers.
    const arabicNumber = (value: number) =>
      authorPage.evaluate((number) => new Intl.NumberFormat('ar').format(number), value);
    const arabicCount = async (count: number) => `${await arabicNumber(count)} / ${await arabicNumber(50)} كلمة`;
    await expect(authorPage.getByTestId('response-word-count')).toHaveText(await arabicCount(54));
    await expect(authorPage.getByTestId('response-submit')).toBeDisabled();
    await authorPage.getByTestId('response-body').fill('شُكْرًا لِلْمُحَكِّمِينَ على ملاحظاتهم القيّمة');
    await expect(authorPage.getByTestId('response-word-count')).toHaveText(await arabicCount(5));
    await expect(authorPage.getByTestId('response-submit')).toBeEnabled();
    await expectAccessible(authorPage, '/events/:id/submissions/:id/response (ar)');
    await snapshot(authorPage, 'cycle-response-ar');
    // Not sent: the English response stays the submitted one.
    await useLanguage(authorPage, 'en');
    await expect(authorPage.getByTestId('response-body')).toHaveValue(responseText);

    // 6. The dog specialist raises the score after the response (−2 to −1).
    await caninePage.goto(`/reviews/create?submissionId=${paper.public_id}`);
    await expect(caninePage.getByRole('combobox', { name: label('Overall evaluation') })).toHaveValue('-2 Reject');
    await choose(caninePage, 'Overall evaluation', '-1 Weak Reject');
    await caninePage.getByRole('button', { name: 'Submit Review' }).click();
    await expect(caninePage).toHaveURL(/\/reviews$/);

    // The chair reads the response beside the reviews, and the review updated after it with its change.
    await page.goto(`${base}/submissions/${paper.public_id}`);
    await expect(page.getByTestId('submission-reviews').getByTestId('reviews-average')).toContainText('0.5');
    const responsePanel = page.getByTestId('committee-response-panel');
    await expect(responsePanel.getByTestId('committee-response-body')).toHaveText(responseText);
    await expect(responsePanel.getByTestId('updated-review-1')).toHaveCount(0);
    await responsePanel.getByTestId('updated-review-2').click();
    const changes = responsePanel.locator('[data-testid^="review-changes-"]');
    const scoreChange = changes.getByRole('row').filter({ hasText: 'Overall evaluation' });
    await expect(scoreChange.getByRole('cell')).toHaveText(['Overall evaluation', '-2 — Reject', '-1 — Weak Reject']);
    await expectAccessible(page, '/events/:id/submissions/:id with the response and the change (en)');
    await snapshot(page, 'cycle-chair-response-en');
    await useLanguage(page, 'ar');
    await expect(responsePanel.getByTestId('committee-response-body')).toHaveText(responseText);
    await responsePanel.getByTestId('updated-review-2').click();
    await expect(changes.getByRole('row').filter({ hasText: 'التقييم العام' }).getByRole('cell')).toHaveText([
      'التقييم العام',
      '-2 — رفض',
      '-1 — رفض ضعيف',
    ]);
    await expectAccessible(page, '/events/:id/submissions/:id with the response and the change (ar)');
    await snapshot(page, 'cycle-chair-response-ar');
    await useLanguage(page, 'en');

    // 7. The chair accepts the paper from its page.
    await page.getByTestId('decision-choice').getByText('Accept', { exact: true }).click();
    await page.getByLabel('Comments for the authors').fill('Accepted after the discussion and your response.');
    await page.getByTestId('decision-submit').click();
    await page.getByRole('button', { name: 'Record and notify' }).click();
    await expect(toast(page, 'Decision made')).toBeVisible();
    await waitForMail(author.email, { subject: /has been accepted$/ });

    // The author reads the final reviews: the updated score, the chair's question, no name and no confidential answer.
    await authorPage.goto(`/submissions/${paper.public_id}`);
    const finalReviews = authorPage.getByTestId('author-reviews');
    await expect(finalReviews.getByTestId('review-item')).toHaveCount(2);
    await expect(finalReviews).toContainText('Soundness');
    await expect(finalReviews).toContainText('Reviewer 2');
    await expect(finalReviews).toContainText('Weak Reject');
    const finalText = await authorPage.locator('body').innerText();
    for (const secret of [...NAMES, ...SECRETS, marine.email, canine.email]) {
      expect(finalText, secret).not.toContain(secret);
    }
    await expectAccessible(authorPage, '/submissions/:id with the final reviews (en)');
    // The response is now read-only: the paper is decided.
    await authorPage.getByTestId('response-link-card').getByTestId('response-link').click();
    await expect(authorPage.getByTestId('response-read-only')).toContainText(responseText);
  });
});
