import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { pageFor, registerUser, signIn, snapshot } from './support/accounts.ts';
import {
  approvedEventWithReviewers,
  assignThroughApi as assign,
  CAST,
  DOG_PAPER,
  sampleReview as review,
  SHARK_PAPER,
  submitPaperThroughApi,
  submitReviewThroughApi,
} from './support/reviewing.ts';

test.describe('progress at a glance', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ actionTimeout: 15_000 });

  test('the chair reads the dashboard and the table, decides in bulk, and the author follows the timeline', async ({
    page,
    browser,
  }) => {
    const chair = await registerUser({ prefix: 'progress-chair', ...CAST.chair });
    const author = await registerUser({ prefix: 'progress-author', ...CAST.author });
    const first = await registerUser({ prefix: 'progress-r1', ...CAST.marine });
    const second = await registerUser({ prefix: 'progress-r2', ...CAST.canine });
    const event = await approvedEventWithReviewers(chair, `Progress Workshop ${Date.now().toString(36)}`, [
      first,
      second,
    ]);
    const shark = await submitPaperThroughApi(author, event, SHARK_PAPER);
    const dog = await submitPaperThroughApi(author, event, DOG_PAPER);
    await assign(chair, shark, first);
    await assign(chair, shark, second);
    await assign(chair, dog, first);
    // The reviewers of the shark paper disagree (3 and −1).
    await submitReviewThroughApi(first, shark, review(3));
    await submitReviewThroughApi(second, shark, review(-1));

    // The dashboard, from the event page.
    await signIn(page, chair.email, chair.password);
    await page.goto(`/events/${event.public_id}`);
    await page.getByTestId('progress-link').click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.public_id}/progress$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Progress' })).toBeVisible();
    await expect(page.getByTestId('progress-reviews-done')).toContainText('2 / 3');
    await expect(page.getByTestId('progress-reviews-chart').getByRole('img')).toHaveAttribute(
      'aria-label',
      '3 reviews: 2 completed, 0 in progress, 1 not started; 0 late.',
    );
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('reviewer-row')).toHaveCount(2);
    await expectAccessible(page, '/events/{id}/progress (en)');
    await snapshot(page, 'progress-dashboard-en');

    // The chair's table: the disagreement stands out; a bulk decision with preview, decide, then "not now".
    await page.getByTestId('progress-table-link').click();
    await expect(page.getByTestId('chair-table-rows')).toBeVisible();
    const sharkRow = page.getByTestId('table-row').filter({ hasText: SHARK_PAPER.title });
    await expect(sharkRow).toHaveAttribute('data-disagreement', 'true');
    await expect(sharkRow).toContainText('2 of 2');
    await page.getByTestId('sort-average_score').getByRole('button').click();
    await expect(page.getByTestId('sort-average_score')).toHaveAttribute('aria-sort', 'descending');
    await expectAccessible(page, '/events/{id}/submissions, chair table (en)');
    await snapshot(page, 'progress-chair-table-en');

    await sharkRow.getByTestId('select-row').check();
    await page.getByTestId('bulk-accept').click();
    await page.getByTestId('bulk-details').fill('Congratulations.');
    await page.getByTestId('bulk-preview-button').click();
    await expect(page.getByTestId('bulk-preview-item')).toHaveAttribute('data-ok', 'true');
    await expectAccessible(page, 'bulk decision preview (en)');
    await page.getByTestId('bulk-confirm').click();
    await expect(page.getByTestId('bulk-notify-step')).toBeVisible();
    await page.getByTestId('notify-later').click();
    await expect(sharkRow.getByTestId('submission-decision')).toHaveAttribute('data-decision', 'accept');

    // In Arabic: right to left, and axe passes.
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await page.goto(`/events/${event.public_id}/progress`);
    await expect(page.locator('html[dir=rtl][lang=ar]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'سير العمل' })).toBeVisible();
    await expect(page.getByTestId('progress-dashboard')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await expectAccessible(page, '/events/{id}/progress (ar)');
    await snapshot(page, 'progress-dashboard-ar');
    await page.goto(`/events/${event.public_id}/submissions`);
    await expect(page.getByTestId('chair-table-rows')).toBeVisible();
    await expectAccessible(page, '/events/{id}/submissions, chair table (ar)');
    await snapshot(page, 'progress-chair-table-ar');

    // The author follows the accepted paper's timeline.
    const authorPage = await pageFor(browser, author);
    await authorPage.goto(`/submissions/${shark.public_id}`);
    const timeline = authorPage.getByTestId('submission-timeline');
    await expect(timeline.getByTestId('timeline-decision')).toHaveAttribute('data-state', 'done');
    // Accepted, and the event has not opened its final-version phase yet: the step is ahead.
    await expect(timeline.getByTestId('timeline-final_version')).toHaveAttribute('data-state', 'upcoming');
    await expect(timeline.getByTestId('timeline-reviews')).toContainText('2 of 2 reviews completed');
    await expectAccessible(authorPage, '/submissions/{id} with its timeline (en)');
    await snapshot(authorPage, 'progress-timeline-en');
  });
});
