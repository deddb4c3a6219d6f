import fs from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { label, pageFor, registerUser, signIn, snapshot } from './support/accounts.ts';
import { setExpertiseThroughApi, tinyZip, unzip } from './support/area-chairs.ts';
import { parseCsv } from './support/csv.ts';
import { nextMonthDate } from './support/events.ts';
import { useLanguage } from './support/language.ts';
import { mailsTo, waitForMail } from './support/mail.ts';
import {
  approvedEventWithReviewers,
  assignThroughApi,
  CAST,
  DOG_PAPER,
  SHARK_PAPER,
  sampleReview,
  setReviewSettingsThroughApi,
  submitPaperThroughApi,
  submitReviewThroughApi,
} from './support/reviewing.ts';
import { pdfFile, sha256Of, switchRole, toast } from './support/submissions.ts';

/**
 * The journey of issue 14, through its screens: the chair adds two area chairs and runs their automatic assignment;
 * the shark paper's area chair reads its reviews, leads its discussion, asks a reviewer to revisit and writes the
 * meta-review; the chair decides by following it; the chair opens the final version phase; the author, in Arabic,
 * reads the meta-review without its writer or its confidential note and sends the final version with supplementary
 * material; the chair downloads the proceedings, which the test opens. Each new screen passes axe.
 */

/** Screens of this journey read several queries each: on a busy machine they take longer than the default to show. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** The area chairs: one who knows sharks, one who knows dogs (their profiles' expertise drives the affinity). */
const AREA_CHAIRS = {
  marine: { firstName: 'Rachel', lastName: 'Carson', affiliation: 'Woods Hole Oceanographic Institution' },
  canine: { firstName: 'Konrad', lastName: 'Lorenz', affiliation: 'Institute of Comparative Ethology' },
} as const;

/** What the shark paper's area chair writes in the meta-review. */
const META = {
  summary: 'Both reviewers value the long recapture series; the authors should validate the age model as promised.',
  note: 'AREA-CHAIR-ONLY: the second reviewer is borderline but convinced by the discussion.',
};

/** The title the author confirms for the proceedings (the reviewed one stays the submission's). */
const FINAL_TITLE = 'Longevity of Atlantic Sharpnose and Blacknose Sharks from Tag Recaptures';
/** Its file name in the proceedings: the paper's number on three digits, then the title's words within 60 characters. */
const FINAL_FILE = '001-Longevity-of-Atlantic-Sharpnose-and-Blacknose-Sharks-from.pdf';

test.describe('area chairs', () => {
  // One long journey with axe on each new screen.
  test.describe.configure({ timeout: 360_000 });
  test.use({ actionTimeout: 15_000 });

  test('area chairs are assigned automatically, one writes the meta-review, the chair follows it, the author sends the final version in Arabic, the chair downloads the proceedings', async ({
    page,
    browser,
  }) => {
    const [chair, author, marine, canine, marineChair, canineChair] = await Promise.all([
      registerUser({ prefix: 'ac-chair', ...CAST.chair }),
      registerUser({ prefix: 'ac-author', ...CAST.author, language: 'ar' }),
      registerUser({ prefix: 'ac-marine', ...CAST.marine }),
      registerUser({ prefix: 'ac-canine', ...CAST.canine }),
      registerUser({ prefix: 'ac-lead-marine', ...AREA_CHAIRS.marine }),
      registerUser({ prefix: 'ac-lead-canine', ...AREA_CHAIRS.canine }),
    ]);
    await setExpertiseThroughApi(marineChair, 'sharks, elasmobranch longevity, tag and recapture, vertebral age');
    await setExpertiseThroughApi(canineChair, 'dogs, wolves, domestication, dog-human cooperation, canine cognition');
    const event = await approvedEventWithReviewers(chair, `Area Chairs ${Date.now().toString(36)}`, [marine, canine]);
    await setReviewSettingsThroughApi(chair, event, { reviewers_per_paper: 2, blind_mode: 'double' });
    const shark = await submitPaperThroughApi(author, event, SHARK_PAPER);
    const dog = await submitPaperThroughApi(author, event, DOG_PAPER);
    // The marine biologist is Reviewer 1 of the shark paper, the dog specialist Reviewer 2; both review it.
    await assignThroughApi(chair, shark, marine);
    await assignThroughApi(chair, shark, canine);
    await submitReviewThroughApi(marine, shark, { ...sampleReview(2), strength: 'Twelve years of recaptures.' });
    await submitReviewThroughApi(canine, shark, { ...sampleReview(1), weakness: 'The age model is not validated.' });
    const base = `/events/${event.public_id}`;

    // 1. The chair adds the two area chairs on the committee screen, one paper each at most.
    await signIn(page, chair.email, chair.password);
    await page.goto(`${base}/committee`);
    const areaChairs = page.getByTestId('committee-area-chairs');
    await expect(areaChairs.getByTestId('committee-area-chairs-empty')).toBeVisible();
    const addForm = areaChairs.getByTestId('committee-add-area-chair');
    for (const [count, person] of [marineChair, canineChair].entries()) {
      await addForm.getByLabel(label('E-mail address')).fill(person.email);
      await addForm.getByLabel(label('Maximum papers')).fill('1');
      await addForm.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(toast(page, 'The area chair was added.').last()).toBeVisible();
      await expect(areaChairs.getByTestId('committee-area-chairs-count')).toHaveAttribute(
        'data-count',
        String(count + 1),
      );
    }
    const marineRow = areaChairs.locator(`[data-testid="committee-area-chair"][data-email="${marineChair.email}"]`);
    await expect(marineRow).toContainText('Rachel Carson');
    await expect(marineRow.getByTestId('committee-area-chair-load')).toHaveText('0 of 1');
    await expectAccessible(page, '/events/:id/committee with area chairs (en)');
    await snapshot(page, 'ac-committee');

    // 2. The chair runs the automatic assignment of area chairs: a preview, then the apply.
    await page.goto(base);
    await page.getByTestId('reviewing-card').getByTestId('area-chair-assignment-link').click();
    await expect(page).toHaveURL(`${base}/area-chair-assignment`);
    await expect(page.getByTestId('auto-compute')).toBeVisible();
    await expectAccessible(page, '/events/:id/area-chair-assignment (en)');
    await page.getByTestId('auto-compute').click();
    const result = page.getByTestId('preview-result');
    await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(page).toHaveURL(/[?&]preview=/);
    await expect(page.getByTestId('stat-new-pairs-value')).toHaveText('2');
    const pairsOf = (paper: { public_id: string }) =>
      page.getByTestId('pairs-paper').and(page.locator(`[data-submission="${paper.public_id}"]`));
    await expect(pairsOf(shark).getByTestId('pair-row')).toHaveCount(1);
    await expect(pairsOf(shark).getByTestId('pair-row')).toContainText('Rachel Carson');
    await expect(pairsOf(dog).getByTestId('pair-row')).toContainText('Konrad Lorenz');
    await expectAccessible(page, '/events/:id/area-chair-assignment?preview= (en)');
    await snapshot(page, 'ac-assignment-preview');
    await page.getByTestId('preview-apply').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('preview-applied')).toBeVisible();
    // The area chair is told once, with their paper.
    const chairsMail = await waitForMail(marineChair.email, { subject: /^Papers to chair for / });
    expect(chairsMail.subject).toBe(`Papers to chair for “${event.title}”`);
    expect(chairsMail.text).toContain(SHARK_PAPER.title);
    expect(chairsMail.text).not.toContain(DOG_PAPER.title);
    expect((await mailsTo(marineChair.email)).filter((mail) => /^Papers to chair/.test(mail.subject))).toHaveLength(1);
    const otherMail = await waitForMail(canineChair.email, { subject: /^Papers to chair for / });
    expect(otherMail.text).toContain(DOG_PAPER.title);
    expect(otherMail.text).not.toContain(SHARK_PAPER.title);
    // The committee screen shows the load, the paper's page its area chair.
    await page.goto(`${base}/committee`);
    await expect(marineRow.getByTestId('committee-area-chair-load')).toHaveText('1 of 1');
    await page.goto(`${base}/submissions/${shark.public_id}`);
    await expect(page.getByTestId('area-chair-picker').getByTestId('area-chair-current')).toHaveText('Rachel Carson');

    // 3. The area chair signs in and finds the paper under "Papers I chair".
    const leadPage = await pageFor(browser, marineChair);
    await switchRole(leadPage, 'area_chair');
    await leadPage.getByRole('navigation').getByRole('link', { name: 'Papers I chair' }).click();
    await expect(leadPage).toHaveURL(/\/area-chair$/);
    const chaired = leadPage.getByTestId('chaired-paper');
    await expect(chaired).toHaveCount(1);
    await expect(chaired).toContainText(SHARK_PAPER.title);
    await expect(chaired.getByTestId('chaired-paper-reviews')).toHaveText('2 of 2 completed');
    await expect(chaired.getByTestId('chaired-paper-meta-review')).toHaveText('Not started');
    await expectAccessible(leadPage, '/area-chair (en)');
    await snapshot(leadPage, 'ac-papers-i-chair');

    // The paper's page: both reviews with their reviewers, the discussion.
    await chaired.getByRole('link', { name: SHARK_PAPER.title }).click();
    await expect(leadPage).toHaveURL(new RegExp(`/submissions/${shark.public_id}`));
    const reviews = leadPage.getByTestId('submission-reviews');
    await expect(reviews.getByTestId('review-item')).toHaveCount(2);
    await expect(reviews.getByTestId('review-item-reviewer')).toHaveText(['Sylvia Earle', 'Brian Hare']);
    await reviews.getByTestId('review-item').nth(1).getByRole('button').first().click();
    await expect(reviews).toContainText('The age model is not validated.');

    // A comment that mentions the second reviewer reaches them by mail.
    const thread = leadPage.getByTestId('discussion-panel');
    await thread.getByTestId('composer-body').fill('Would a validation against known-age sharks settle your concern?');
    await thread.getByRole('combobox', { name: 'Mention a member' }).click();
    await leadPage.getByRole('option', { name: /Brian Hare/ }).click();
    await thread.getByTestId('composer-post').click();
    await expect(toast(leadPage, 'Comment posted.')).toBeVisible();
    await expect(thread.getByTestId('discussion-comment')).toHaveCount(1);
    await expectAccessible(leadPage, '/submissions/:id as its area chair (en)');
    const mention = await waitForMail(canine.email, { subject: /^You were mentioned in the discussion of / });
    expect(mention.text).toContain('settle your concern?');
    expect((await mailsTo(marine.email)).filter((mail) => /mentioned/.test(mail.subject))).toEqual([]);

    // The mentioned reviewer reads the comment by "Area chair", never by name.
    const caninePage = await pageFor(browser, canine);
    await caninePage.goto(`/submissions/${shark.public_id}#discussion`);
    const canineThread = caninePage.getByTestId('discussion-panel');
    await expect(canineThread.getByTestId('comment-author')).toHaveText('Area chair');
    await expect(canineThread).toContainText('settle your concern?');
    for (const name of ['Rachel', 'Carson']) await expect(canineThread).not.toContainText(name);

    // The area chair asks the second reviewer to revisit their review.
    await reviews.getByTestId('review-item').nth(1).getByTestId('review-item-link').click();
    await expect(leadPage).toHaveURL(/\/reviews\/[^/]+$/);
    await leadPage.getByRole('button', { name: 'Ask to revisit' }).click();
    const revisit = leadPage.getByRole('dialog');
    await revisit.getByTestId('revisit-message').fill('Please say whether the promised validation answers you.');
    await expectAccessible(leadPage, 'ask to revisit dialog (en)');
    await revisit.getByTestId('revisit-send').click();
    await expect(toast(leadPage, 'The reviewer was asked to revisit their review.')).toBeVisible();
    const revisitMail = await waitForMail(canine.email, { subject: /^Please revisit your review of / });
    expect(revisitMail.subject).toBe(`Please revisit your review of “${SHARK_PAPER.title}”`);
    expect(revisitMail.text).toContain('Please say whether the promised validation answers you.');
    for (const name of ['Rachel', 'Carson']) expect(revisitMail.text).not.toContain(name);

    // The meta-review: summary, recommendation, confidence and the note for the chairs, then submitted.
    await leadPage.goto(`${base}/submissions/${shark.public_id}`);
    await leadPage.getByTestId('meta-review-card').getByRole('link', { name: 'Write the meta-review' }).click();
    await expect(leadPage).toHaveURL(`${base}/submissions/${shark.public_id}/meta-review`);
    const editor = leadPage.getByTestId('meta-review-editor');
    await expect(editor.getByLabel(label('Summary'))).toBeVisible();
    await expectAccessible(leadPage, '/events/:id/submissions/:id/meta-review (en)');
    // Submitting without the required answers names the first one missing.
    await editor.getByTestId('meta-review-submit').click();
    await expect(editor).toContainText('Answer “Summary” before submitting.');
    await editor.getByLabel(label('Summary')).fill(META.summary);
    await editor.getByTestId('review-question-recommendation').getByRole('radio', { name: 'Accept' }).check();
    await editor.getByRole('combobox', { name: label('Confidence') }).click();
    await leadPage.getByRole('option', { name: /^4/ }).click();
    await editor.getByLabel(label('Confidential note to the chairs')).fill(META.note);
    await snapshot(leadPage, 'ac-meta-review-editor');
    await editor.getByTestId('meta-review-submit').click();
    await expect(toast(leadPage, 'Meta-review submitted.')).toBeVisible();
    await leadPage.goto('/area-chair');
    await expect(leadPage.getByTestId('chaired-paper-meta-review')).toHaveText('Completed');

    // 4. The chair reads the meta-review beside the reviews, then decides by following it.
    await page.goto(`${base}/submissions/${shark.public_id}`);
    const card = page.getByTestId('meta-review-card');
    await expect(card).toContainText(META.summary);
    await expect(card).toContainText(META.note);
    await expect(card.getByTestId('meta-review-author')).toContainText('Rachel Carson');
    await expect(page.getByTestId('submission-reviews').getByTestId('review-item')).toHaveCount(2);
    await expectAccessible(page, '/events/:id/submissions/:id with the meta-review (en)');
    await page.goto(`${base}/submissions`);
    const sharkRow = page.getByTestId('table-row').filter({ hasText: SHARK_PAPER.title });
    const dogRow = page.getByTestId('table-row').filter({ hasText: DOG_PAPER.title });
    await expect(sharkRow.getByTestId('row-meta-recommendation')).toHaveText('Accept');
    await sharkRow.getByTestId('select-row').check();
    await dogRow.getByTestId('select-row').check();
    await page.getByTestId('bulk-follow_meta_review').click();
    await page.getByTestId('bulk-preview-button').click();
    const planned = page.getByTestId('bulk-preview-item');
    await expect(planned).toHaveCount(2);
    const sharkPlan = planned.filter({ hasText: SHARK_PAPER.title });
    await expect(sharkPlan).toHaveAttribute('data-ok', 'true');
    await expect(sharkPlan.getByTestId('bulk-preview-decision')).toHaveText('Accept');
    const dogPlan = planned.filter({ hasText: DOG_PAPER.title });
    await expect(dogPlan).toHaveAttribute('data-ok', 'false');
    await expect(dogPlan).toContainText('No completed meta-review');
    await expectAccessible(page, 'follow the meta-reviews preview (en)');
    await page.getByTestId('bulk-confirm').click();
    await expect(toast(page, 'One decision recorded.')).toBeVisible();
    await page.getByTestId('notify-later').click();
    await expect(sharkRow.getByTestId('submission-decision')).toHaveAttribute('data-decision', 'accept');
    await expect(dogRow.getByTestId('submission-decision')).toHaveAttribute('data-decision', 'pending');

    // 5. The chair opens the final version phase. In three days is refused: the phase follows the notification
    // date, which is next month; a few days after it is taken.
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const finalDeadline = nextMonthDate(18);
    await page.goto(`${base}/edit`);
    const section = page.getByTestId('section-final-version');
    await section.getByRole('switch', { name: 'Open the final version phase' }).check();
    await section.getByTestId('final-version-deadline-input').fill(inThreeDays);
    await page.getByTestId('event-edit-submit').click();
    await expect(section).toContainText('The final version deadline cannot come before the notification date');
    await expect(page).toHaveURL(`${base}/edit`);
    await expectAccessible(page, '/events/:id/edit with the final version phase refused (en)');
    await section.getByTestId('final-version-deadline-input').fill(finalDeadline);
    await page.getByTestId('event-edit-submit').click();
    await expect(page).toHaveURL(base);
    const stored = await page.request.get(`/api/events/${event.public_id}/`);
    expect(await stored.json()).toMatchObject({ final_version: { enabled: true, deadline: finalDeadline } });

    // 6. The author, in Arabic, reads the meta-review: no area chair, no confidential note.
    const authorPage = await pageFor(browser, author);
    await authorPage.goto(`/submissions/${shark.public_id}`);
    await useLanguage(authorPage, 'ar');
    await expect(authorPage.locator('html[dir=rtl]')).toHaveCount(1);
    const authorCard = authorPage.getByTestId('meta-review-card');
    await expect(authorCard).toContainText(META.summary);
    await expect(authorCard).toContainText('الخلاصة');
    await expect(authorCard).toContainText('قبول');
    await expect(authorCard.getByTestId('meta-review-author')).toHaveCount(0);
    // The confidence is the committee's, the note the chairs': neither question reaches the author.
    await expect(authorCard).not.toContainText('درجة الثقة');
    await expect(authorCard).not.toContainText('ملاحظة سرية');
    const authorText = await authorPage.locator('body').innerText();
    for (const secret of ['Rachel', 'Carson', marineChair.email, 'AREA-CHAIR-ONLY', META.note]) {
      expect(authorText, secret).not.toContain(secret);
    }
    await expectAccessible(authorPage, '/submissions/:id with the meta-review (ar)');
    await snapshot(authorPage, 'ac-author-meta-review-ar');

    // The final version screen: the details confirmed (a final title), the PDF and a supplementary ZIP sent.
    await authorPage.getByTestId('final-version-link-card').getByTestId('final-version-link').click();
    await expect(authorPage).toHaveURL(`/submissions/${shark.public_id}/final-version`);
    await expect(authorPage.getByTestId('final-version-state')).toBeVisible();
    await expect(authorPage.getByTestId('final-version-title')).toHaveValue(SHARK_PAPER.title);
    await expect(authorPage.getByTestId('final-version-abstract')).toHaveValue(SHARK_PAPER.abstract);
    await expectAccessible(authorPage, '/submissions/:id/final-version (ar)');
    await authorPage.getByTestId('final-version-title').fill(FINAL_TITLE);
    const finalPdf = await pdfFile(SHARK_PAPER.fixture);
    await authorPage.getByTestId('final-version-file').setInputFiles({ ...finalPdf, name: 'sharks-final.pdf' });
    const supplementary = tinyZip({ 'recaptures.csv': 'tag,species,years\nA17,sharpnose,12\n', 'README.txt': 'Data.' });
    await authorPage.getByTestId('final-version-supplementary').setInputFiles({
      name: 'recaptures.zip',
      mimeType: 'application/zip',
      buffer: supplementary,
    });
    await authorPage.getByTestId('final-version-submit').click();
    await expect(authorPage.getByTestId('final-version-sent')).toBeVisible();
    await expect(authorPage.getByTestId('final-version-files')).toContainText('sharks-final.pdf');
    await expect(authorPage.getByTestId('final-version-files')).toContainText('recaptures.zip');
    await snapshot(authorPage, 'ac-final-version-ar');
    const receipt = await waitForMail(author.email, { subject: /^استلمنا النسخة النهائية: / });
    expect(receipt.subject).toContain(FINAL_TITLE);
    // The paper's timeline: the final version step done.
    await authorPage.goto(`/submissions/${shark.public_id}`);
    await expect(authorPage.getByTestId('timeline-final_version')).toHaveAttribute('data-state', 'done');

    // 7. The chair's final versions: the paper sent; the proceedings ZIP downloaded and opened.
    await page.goto(base);
    await page.getByTestId('reviewing-card').getByTestId('final-versions-link').click();
    await expect(page).toHaveURL(`${base}/final-versions`);
    const sentRow = page.getByTestId(`final-version-row-${shark.public_id}`);
    await expect(sentRow).toContainText(FINAL_TITLE);
    await expect(sentRow).toContainText('Sent');
    await expect(page.getByTestId('final-versions-table').getByRole('row')).toHaveCount(2);
    await expectAccessible(page, '/events/:id/final-versions (en)');
    await snapshot(page, 'ac-final-versions');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('final-versions-proceedings').click();
    const download = await downloading;
    const zipPath = await download.path();
    const entries = await unzip(fs.readFileSync(zipPath));
    expect([...entries.keys()].sort()).toEqual(
      [FINAL_FILE, 'missing.txt', 'proceedings.bib', 'proceedings.csv'].sort(),
    );
    expect(sha256Of(entries.get(FINAL_FILE) ?? Buffer.alloc(0))).toBe(sha256Of(finalPdf.buffer));
    const [header, ...rows] = parseCsv(entries.get('proceedings.csv')?.toString('utf8') ?? '');
    expect(rows).toHaveLength(1);
    const column = (name: string) => rows[0]?.[header?.indexOf(name) ?? -1];
    expect(column('title')).toBe(FINAL_TITLE);
    expect(column('file')).toBe(FINAL_FILE);
    const bib = entries.get('proceedings.bib')?.toString('utf8') ?? '';
    expect(bib).toMatch(/^@inproceedings\{[A-Za-z0-9]+\d{4}_001,$/m);
    expect(bib).toContain(`title = {{${FINAL_TITLE}}}`);
    expect(bib).toContain(`author = {${CAST.author.lastName}, ${CAST.author.firstName}}`);
    expect(bib).toContain(`booktitle = {${event.title}}`);
    expect(entries.get('missing.txt')?.toString('utf8') ?? '').not.toContain(SHARK_PAPER.title);
  });
});
