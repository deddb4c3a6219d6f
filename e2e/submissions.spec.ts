import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { registerUser, signIn, signInThroughApi, snapshot } from './support/accounts.ts';
import { approveEventThroughApi, createEventThroughApi } from './support/events.ts';
import { waitForMail } from './support/mail.ts';
import {
  expectedDownloadName,
  PAPER,
  PAPER_FIXTURE,
  pdfFile,
  sha256Of,
  switchRole,
  toast,
} from './support/submissions.ts';

test.describe('submissions', () => {
  // Long journeys, and each screen is also checked with axe (a few seconds each).
  test.describe.configure({ timeout: 300_000 });

  test('an author submits with AI-assisted extraction, edits and downloads; the organiser reads the insights and decides', async ({
    page,
    browser,
  }) => {
    const author = await registerUser({ prefix: 'author', firstName: 'Alice', lastName: 'Martin' });
    const organiser = await registerUser({ prefix: 'organiser', firstName: 'Ada', lastName: 'Lovelace' });
    const event = await createEventThroughApi(organiser, `Workshop on Peer Review ${Date.now().toString(36)}`);
    await approveEventThroughApi(event);
    const paper = await pdfFile(PAPER_FIXTURE);
    const paperSha = sha256Of(paper.buffer);

    // /submissions/create lists the open events; picking one leads to its submission form.
    await signIn(page, author.email, author.password);
    await page.goto('/submissions');
    await expect(page.getByRole('heading', { level: 1, name: 'My submissions' })).toBeVisible();
    await expect(page.getByTestId('submission-list-empty')).toContainText('No submissions');
    await expectAccessible(page, '/submissions, empty (en)');
    await page.getByRole('link', { name: 'New submission' }).first().click();
    await expect(page).toHaveURL(/\/submissions\/create$/);
    await expect(page.getByTestId('continue-to-form')).toBeDisabled();
    await page.getByTestId('open-event').filter({ hasText: event.title }).click();
    await expectAccessible(page, '/submissions/create (en)');
    await snapshot(page, 'submissions-create-picker');
    await page.getByTestId('continue-to-form').click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.public_id}/submit$`));
    await expect(page.getByRole('heading', { level: 1, name: `New submission: ${event.title}` })).toBeVisible();
    await expectAccessible(page, '/events/:id/submit (en)');

    // Selecting the AI method clears the chosen file; a file that is not a PDF is refused.
    await page.getByTestId('submission-file-input').setInputFiles(paper);
    await expect(page.getByTestId('section-file')).toContainText(paper.name);
    await page.getByTestId('method-toggle').getByText('AI-assisted').click();
    const panel = page.getByTestId('ai-extract-panel');
    await expect(panel).toContainText('Choose a PDF file');
    await page.getByTestId('ai-extract-button').click();
    await expect(panel.getByTestId('ai-error')).toHaveText('Please choose a PDF file first.');
    await page.getByTestId('ai-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a paper'),
    });
    await expect(panel.getByTestId('ai-error')).toHaveText('File is not a valid PDF.');
    await expect(toast(page, 'File is not a valid PDF.')).toBeVisible();

    // Extraction from the PDF fills the form, marks the first author corresponding and returns to manual entry.
    await page.getByTestId('ai-file-input').setInputFiles(paper);
    await expectAccessible(page, '/events/:id/submit, AI-assisted (en)');
    await snapshot(page, 'submissions-ai-panel');
    await page.getByTestId('ai-extract-button').click();
    await expect(page.getByTestId('extract-notice')).toHaveText(
      'The details were extracted from the PDF. Please check them before submitting.',
    );
    await expect(page.getByTestId('ai-extract-panel')).toHaveCount(0);
    await expect(page.getByTestId('submission-title-input')).toHaveValue(PAPER.title);
    await expect(page.getByTestId('submission-abstract-input')).toHaveValue(PAPER.abstract);
    await expect(page.getByTestId('keyword-chip')).toHaveText(PAPER.keywords);
    const cards = page.getByTestId('author-card');
    await expect(cards).toHaveCount(3);
    for (const [index, expected] of PAPER.authors.entries()) {
      await expect(cards.nth(index).getByLabel(/^First name/)).toHaveValue(expected.first_name);
      await expect(cards.nth(index).getByLabel(/^Last name/)).toHaveValue(expected.last_name);
      await expect(cards.nth(index).getByLabel(/^Email/)).toHaveValue(expected.email);
      await expect(cards.nth(index).getByLabel(/^Affiliation/)).toHaveValue(expected.affiliation);
      await expect(cards.nth(index).getByRole('combobox', { name: /^Country/ })).toHaveValue(expected.countryName);
    }
    await expect(cards.nth(0).getByTestId('corresponding-badge')).toBeVisible();
    await expect(page.getByTestId('corresponding-badge')).toHaveCount(1);
    await expect(page.getByTestId('section-file')).toContainText(paper.name);
    await expectAccessible(page, '/events/:id/submit, extracted (en)');
    await snapshot(page, 'submissions-form-extracted');

    // The author completes the form: their own address as corresponding author, one more keyword; choosing
    // another corresponding author clears the first.
    await cards
      .nth(0)
      .getByLabel(/^Email/)
      .fill(author.email);
    await page.getByRole('textbox', { name: 'Keywords' }).fill('  reproducibility ');
    await page.getByRole('textbox', { name: 'Keywords' }).press('Enter');
    await page.getByRole('textbox', { name: 'Keywords' }).fill(PAPER.keywords[2] ?? '');
    await page.getByRole('textbox', { name: 'Keywords' }).press(',');
    await expect(page.getByTestId('keyword-chip')).toHaveCount(PAPER.keywords.length + 1);
    await expect(page.getByTestId('keyword-chip').last()).toHaveText('reproducibility');
    await page.getByRole('radio', { name: 'Make author 2 the corresponding author' }).check();
    await expect(cards.nth(1).getByTestId('corresponding-badge')).toBeVisible();
    await expect(page.getByTestId('corresponding-badge')).toHaveCount(1);
    await page.getByRole('radio', { name: 'Make author 1 the corresponding author' }).check();
    await expect(cards.nth(0).getByTestId('corresponding-badge')).toBeVisible();

    await page.getByTestId('submission-submit').click();
    await expect(page).toHaveURL(/\/roles$/, { timeout: 30_000 });
    await expect(toast(page, 'Submission created successfully.')).toBeVisible();
    await expect(page.getByTestId('role-card-author')).toBeVisible();

    // The receipt goes to the corresponding author, with the title and the file's SHA-256.
    const receipt = await waitForMail(author.email, { subject: /^Submission received: / });
    expect(receipt.subject).toBe(`Submission received: ${PAPER.title}`);
    expect(receipt.text).toContain(event.title);
    expect(receipt.text).toContain(paperSha);

    // My submissions: grouped by event, first three authors, status, actions, 'Mon D, YYYY HH:MM'.
    await page.goto('/submissions');
    const row = page.getByTestId('submission-row').filter({ hasText: PAPER.title });
    await expect(page.getByTestId('submission-group')).toHaveText(event.title);
    await expect(row.getByTestId('submission-authors')).toContainText('Alice Martin, Bob Chen, Carla Díaz-Müller');
    await expect(row.getByTestId('author-avatar')).toHaveText(['AM', 'BC', 'CD']);
    await expect(row.getByTestId('submission-keywords')).toContainText('+2');
    await expect(row.getByTestId('submission-status')).toHaveText('Submitted');
    await expect(row.getByTestId('submission-updated')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
    await expect(row.getByRole('button', { name: `Delete “${PAPER.title}”` })).toBeVisible();
    await expectAccessible(page, '/submissions (en)');
    await snapshot(page, 'submissions-mine');

    // The detail opened from the plain address moves to the event's address.
    await row.getByRole('link', { name: PAPER.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.public_id}/submissions/[0-9]+-[a-z0-9]+$`));
    const detailUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: PAPER.title })).toBeVisible();
    await expect(page.getByTestId('detail-file-name')).toHaveText(expectedDownloadName(PAPER.title));
    await expect(page.getByTestId('detail-keywords')).toContainText('reproducibility');
    await expect(page.getByTestId('detail-ai-topics')).toHaveCount(0);
    await expect(page.getByTestId('open-insights')).toHaveCount(0);
    await expect(page.getByTestId('author-row')).toHaveCount(3);
    await expect(page.getByTestId('author-row').first()).toContainText(author.email);
    await expect(page.getByTestId('author-row').first().getByTestId('corresponding-flag')).toBeVisible();
    await expect(page.getByTestId('back-link')).toHaveAttribute('href', '/submissions');

    // While the paper is open, its author may declare a conflict of interest.
    await expect(page.getByTestId('declare-conflict-button')).toBeVisible();

    // The author edits the title; saving goes to /submissions/{id}, which moves to the event's address again.
    const revised = `${PAPER.title}: Revised Version`;
    await page.getByTestId('submission-actions').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`${detailUrl}/edit`);
    await expect(page.getByTestId('current-file')).toContainText(expectedDownloadName(PAPER.title));
    await expectAccessible(page, '/events/:id/submissions/:id/edit (en)');
    await snapshot(page, 'submissions-edit');
    await page.getByTestId('submission-title-input').fill(revised);
    await page.getByTestId('submission-submit').click();
    await expect(toast(page, 'Submission updated successfully.')).toBeVisible();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByRole('heading', { level: 1, name: revised })).toBeVisible();

    // Download: the file name the server gives, the same bytes, and the notices.
    await page.getByTestId('submission-actions').click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(
      'learning_to_assign_reviewers_a_study_of_bidding_behaviour_in_large_conferences_revised_version.pdf',
    );
    expect(download.suggestedFilename()).toBe(expectedDownloadName(revised));
    const saved = await download.path();
    expect(sha256Of(fs.readFileSync(saved))).toBe(paperSha);
    await expect(toast(page, 'File download started')).toBeVisible();
    await expect(toast(page, `Downloaded ${expectedDownloadName(revised)}`)).toBeVisible();
    await expectAccessible(page, '/events/:id/submissions/:id, author (en)');
    await snapshot(page, 'submissions-detail-author');

    // The organiser (event admin) sees the event's submissions, opens the AI insights and decides.
    const organiserContext = await browser.newContext();
    const staff = await organiserContext.newPage();
    await signIn(staff, organiser.email, organiser.password);
    await switchRole(staff, 'event_admin');
    await staff.goto(`/events/${event.public_id}/submissions`);
    await expect(staff.getByRole('heading', { level: 1, name: 'Event submissions' })).toBeVisible();
    await expect(staff).toHaveTitle(`${event.title} – Event submissions · Confero`);
    // The event's organisers get the chair's table (review figures, bulk decisions) with the assign action.
    await expect(staff.getByTestId('chair-table-rows')).toBeVisible();
    const staffRow = staff.getByTestId('table-row').filter({ hasText: revised });
    await expect(staffRow).toBeVisible();
    await expect(staff.getByRole('columnheader', { name: 'Event', exact: true })).toHaveCount(0);
    await expect(staffRow.getByRole('link', { name: `Assign reviewers to “${revised}”` })).toHaveAttribute(
      'href',
      new RegExp(`^/events/${event.public_id}/submissions/[0-9]+-[a-z0-9]+/assign$`),
    );
    await expect(staffRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expectAccessible(staff, '/events/:id/submissions (en)');
    await snapshot(staff, 'submissions-event-list');
    await staffRow.getByRole('link', { name: revised, exact: true }).click();
    await expect(staff).toHaveURL(detailUrl);
    await expect(staff.getByTestId('back-link')).toHaveAttribute('href', `/events/${event.public_id}/submissions`);

    // The insights are computed in the background after the upload: the button appears once they are ready.
    await expect(async () => {
      await staff.reload();
      await expect(staff.getByTestId('open-insights')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(staff.getByTestId('detail-ai-topics')).toBeVisible();
    await staff.getByTestId('open-insights').click();
    const modal = staff.getByRole('dialog', { name: 'AI insights' });
    await expect(modal.getByRole('heading', { name: 'Submission highlights' })).toBeVisible();
    for (const heading of ['Relevance to the event', 'Topics', 'Plagiarism check']) {
      await expect(modal.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(modal.getByTestId('relevance-score')).toHaveText(/^\d\.\d \/ 5\.0$/);
    const score = Number(((await modal.getByTestId('relevance-score').textContent()) ?? '').split(' ')[0]);
    await expect(modal.getByTestId('relevance-stars')).toHaveAttribute('data-stars', String(Math.round(score)));
    await expect(modal.getByTestId('insights-plagiarism')).toHaveText('Plagiarism checking is not available.');
    await expectAccessible(staff, 'AI insights dialog (en)');
    await snapshot(staff, 'submissions-insights', { fullPage: false });
    await modal.getByRole('button', { name: 'Close' }).click();

    await staff.getByTestId('decision-choice').getByText('Accept').click();
    await staff.getByLabel('Comments for the authors').fill('A clear contribution. Congratulations!');
    await staff.getByTestId('decision-submit').click();
    await staff.getByRole('button', { name: 'Record and notify' }).click();
    await expect(toast(staff, 'Decision made')).toBeVisible();
    await expect(staff.getByTestId('status-panel').getByTestId('submission-status')).toHaveText('Accepted');
    await expect(staff.getByTestId('status-panel').getByTestId('submission-decision')).toHaveText('Accept');
    await expect(staff.getByTestId('detail-decision-details')).toHaveText('A clear contribution. Congratulations!');
    await expectAccessible(staff, '/events/:id/submissions/:id, organiser (en)');
    await snapshot(staff, 'submissions-detail-staff');

    // Every author is told of the decision.
    for (const address of [author.email, ...PAPER.authors.slice(1).map((other) => other.email)]) {
      const decision = await waitForMail(address, { subject: /has been accepted$/ });
      expect(decision.subject).toContain(`your paper “${revised}” has been accepted`);
      expect(decision.text).toContain('has been accepted');
      expect(decision.text).toContain('A clear contribution. Congratulations!');
    }
    await organiserContext.close();

    // Once decided, the author may no longer delete it.
    await page.goto('/submissions');
    await expect(
      page.getByTestId('submission-row').filter({ hasText: revised }).getByTestId('submission-status'),
    ).toHaveText('Accepted');
    await expect(page.getByRole('button', { name: `Delete “${revised}”` })).toHaveCount(0);

    // Accepted, the paper is closed to its authors: no Edit, no conflict to declare, and the edit page says why.
    await page.goto(detailUrl);
    await expect(page.getByRole('heading', { level: 1, name: revised })).toBeVisible();
    await expect(page.getByTestId('declare-conflict-button')).toHaveCount(0);
    await page.getByTestId('submission-actions').click();
    await expect(page.getByRole('menuitem', { name: 'Download PDF' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto(`${detailUrl}/edit`);
    await expect(page.getByTestId('edit-not-allowed')).toContainText(
      'A final decision was made on this submission (Accept), so it can no longer be changed.',
    );
    await expectAccessible(page, '/events/:id/submissions/:id/edit, decided (en)');
  });

  test('an author submits by hand in Arabic, right to left, and deletes the submission', async ({ page }) => {
    const author = await registerUser({ prefix: 'author-ar', firstName: 'Layla', lastName: 'Hassan' });
    const organiser = await registerUser({ prefix: 'organiser-ar', firstName: 'Omar', lastName: 'Khayyam' });
    const event = await createEventThroughApi(organiser, `ندوة التحكيم العلمي ${Date.now().toString(36)}`);
    await approveEventThroughApi(event);
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await signInThroughApi(page, author.email, author.password);

    await page.goto(`/events/${event.public_id}/submissions/new`);
    await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: `ورقة جديدة: ${event.title}` })).toBeVisible();
    const submit = page.getByTestId('submission-submit');
    await expect(submit).toHaveText('تقديم الورقة');
    await expectAccessible(page, '/events/:id/submissions/new, empty (ar)');

    // The create rules in the validation order, in Arabic.
    const form = page.getByTestId('submission-form');
    await submit.click();
    await expect(form.getByText('العنوان مطلوب')).toBeVisible();
    await page.getByTestId('submission-title-input').fill('أثر التحكيم المفتوح في جودة الأبحاث');
    await submit.click();
    await expect(form.getByText('الملخص مطلوب')).toBeVisible();
    await page.getByTestId('submission-abstract-input').fill('ندرس أثر التحكيم المفتوح على جودة الأوراق المنشورة.');
    const keywords = page.getByRole('textbox', { name: 'الكلمات المفتاحية' });
    await keywords.fill('التحكيم');
    await keywords.press('Enter');
    await submit.click();
    await expect(form.getByText('يُرجى إدخال 3 كلمة مفتاحية على الأقل')).toBeVisible();
    // Text holding separators (Latin or Arabic) is split; repeats and empties are ignored.
    await keywords.click();
    await page.keyboard.insertText('الشفافية؛ النشر العلمي, التحكيم، ،');
    await expect(page.getByTestId('keyword-chip')).toHaveText(['التحكيم', 'الشفافية', 'النشر العلمي']);
    await keywords.fill('الجودة');
    await keywords.press(';');
    await expect(page.getByTestId('keyword-chip')).toHaveCount(4);
    await submit.click();
    await expect(page.getByTestId('authors-error')).toHaveText(
      'يجب أن يكون لكل مؤلف اسم أول واسم عائلة وبريد إلكتروني وجهة انتساب ودولة',
    );

    const card = page.getByTestId('author-card').first();
    await card.getByLabel(/^الاسم الأول/).fill('ليلى');
    await card.getByLabel(/^اسم العائلة/).fill('حسن');
    await card.getByLabel(/^البريد الإلكتروني/).fill(author.email);
    await card.getByLabel(/^جهة الانتساب/).fill('جامعة القاهرة');
    await card.getByRole('combobox', { name: /^الدولة/ }).fill('مصر');
    await page.getByRole('option', { name: 'مصر', exact: true }).click();
    await submit.click();
    await expect(form.getByText('يلزم إرفاق ملف لتقديم الورقة')).toBeVisible();
    await page.getByTestId('submission-file-input').setInputFiles(await pdfFile(PAPER_FIXTURE));

    // Right to left: the sidebar on the right, the submit button left of Cancel.
    const navbar = await page.locator('.mantine-AppShell-navbar').boundingBox();
    const main = await page.locator('.mantine-AppShell-main').boundingBox();
    expect(navbar && main && navbar.x > main.x).toBeTruthy();
    const submitBox = await submit.boundingBox();
    const cancelBox = await page.getByRole('link', { name: 'إلغاء' }).boundingBox();
    expect(submitBox && cancelBox && submitBox.x < cancelBox.x).toBeTruthy();
    await expectAccessible(page, '/events/:id/submissions/new (ar)');
    await snapshot(page, 'submissions-new-ar');

    await submit.click();
    await expect(page).toHaveURL(/\/roles$/, { timeout: 30_000 });
    await expect(toast(page, 'تم إنشاء الورقة بنجاح.')).toBeVisible();

    await page.goto('/submissions');
    await expect(page.getByRole('heading', { level: 1, name: 'أوراقي' })).toBeVisible();
    const row = page.getByTestId('submission-row').filter({ hasText: 'أثر التحكيم المفتوح في جودة الأبحاث' });
    await expect(row.getByTestId('submission-status')).toHaveText('مُقدَّمة');
    await expect(row.getByTestId('author-avatar')).toHaveText(['لح']);
    await expectAccessible(page, '/submissions (ar)');
    await snapshot(page, 'submissions-mine-ar');
    await row.getByRole('link', { name: 'أثر التحكيم المفتوح في جودة الأبحاث', exact: true }).click();
    await expect(page.getByTestId('detail-keywords')).toContainText('النشر العلمي');
    await expectAccessible(page, '/events/:id/submissions/:id (ar)');
    await snapshot(page, 'submissions-detail-ar');

    // Deleting asks first, then goes back to the author's list.
    await page.getByTestId('submission-actions').click();
    await page.getByRole('menuitem', { name: 'حذف' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف الورقة' }).click();
    await expect(toast(page, 'تم حذف الورقة بنجاح')).toBeVisible();
    await expect(page).toHaveURL(/\/submissions$/);
    await expect(page.getByTestId('submission-list-empty')).toContainText('لا توجد أوراق');
    await expectAccessible(page, '/submissions, empty (ar)');
  });
});
