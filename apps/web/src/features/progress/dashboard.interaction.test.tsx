// @vitest-environment jsdom
import type { EventProgressDto, ReviewerProgressDto, SubmissionTimelineDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { EventProgressScreen } from './components/EventProgressScreen.tsx';
import { SubmissionTimeline } from './components/SubmissionTimeline.tsx';

/* The organizers' dashboard: figures, charts with their tables, the reviewers' progress and reminders; the timeline. */

const EVENT = '9-aaaaaaaa';

const PROGRESS: EventProgressDto = {
  submissions: {
    total: 12,
    by_status: { submitted: 2, under_review: 6, accepted: 2, rejected: 1, revision_requested: 1 },
    by_decision: { pending: 8, accept: 2, reject: 1, revision: 1 },
  },
  reviews: { total: 30, completed: 18, in_progress: 7, not_started: 5, late: 4 },
  reviewers_per_paper: 3,
  papers_short_of_reviewers: 2,
  bids: { total: 40, reviewers_bidding: 8, reviewers: 10 },
  deadlines: [
    { key: 'submission_deadline', date: '2026-03-01', days_left: -20, passed: true },
    { key: 'review_deadline', date: '2026-03-20', days_left: -1, passed: true },
    { key: 'notification_date', date: '2026-04-01', days_left: 11, passed: false },
    { key: 'start_date', date: '2026-05-01', days_left: 41, passed: false },
  ],
  timezone: 'AoE',
};

const reviewer = (n: number, late: number): ReviewerProgressDto => ({
  user: { id: `${n}-cccccccc`, full_name: `Reviewer ${n}`, email: `r${n}@example.org` },
  assigned: 3,
  completed: 3 - late,
  in_progress: late,
  not_started: 0,
  late,
  average_score: 1.25,
  bids: 4,
});

function stubDashboard() {
  return stubApi({
    [`GET events/${EVENT}/`]: { status: 200, body: eventDto({ public_id: EVENT, title: 'Conference on Graphs' }) },
    [`GET events/${EVENT}/progress/`]: { status: 200, body: PROGRESS },
    [`GET events/${EVENT}/reviewers/progress/`]: {
      status: 200,
      body: { count: 2, next: null, previous: null, results: [reviewer(1, 2), reviewer(2, 0)] },
    },
    [`POST events/${EVENT}/reviewers/remind/`]: { status: 200, body: { sent: 1, already_reminded: 0 } },
  });
}

describe('the progress dashboard', { timeout: 30_000 }, () => {
  it('shows the figures, each chart with its table, and reminds one reviewer or every late one', async () => {
    const api = stubDashboard();
    const { user, location } = await mountScreen(<EventProgressScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/progress`,
      path: '/events/:id/progress',
    });
    await screen.findByTestId('progress-dashboard');
    expect(screen.getByTestId('progress-late').textContent).toContain('4');
    expect(screen.getByTestId('progress-short').textContent).toContain('2');
    expect(screen.getByTestId('deadline-review_deadline').textContent).toContain('Passed one day ago');
    expect(screen.getByTestId('deadline-notification_date').textContent).toContain('11 days left');

    const reviewsChart = screen.getByTestId('progress-reviews-chart');
    expect(within(reviewsChart).getByRole('img').getAttribute('aria-label')).toBe(
      '30 reviews: 18 completed, 7 in progress, 5 not started; 4 late.',
    );
    const cells = within(reviewsChart)
      .getAllByRole('row')
      .map((tr) => tr.textContent);
    expect(cells).toContain('Completed18');
    expect(cells).toContain('Late4');
    const statusChart = screen.getByTestId('progress-status-chart');
    expect(
      within(statusChart)
        .getAllByRole('row')
        .map((tr) => tr.textContent),
    ).toContain('Under review6');

    await screen.findByTestId('reviewer-table');
    const [first, second] = screen.getAllByTestId('remind-one') as HTMLButtonElement[];
    expect(second?.disabled).toBe(true);
    await user.click(first as HTMLElement);
    await user.click(screen.getByTestId('remind-all-late'));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/reviewers/remind/`)).toHaveLength(2));
    expect(api.sent('POST', `events/${EVENT}/reviewers/remind/`).map((call) => call.body)).toEqual([
      { user_ids: ['1-cccccccc'] },
      { late: true },
    ]);

    await user.click(within(screen.getByTestId('sort-bids')).getByRole('button'));
    await waitFor(() => expect(location()).toBe(`/events/${EVENT}/progress?sort=-bids`));
    const asked = api
      .sent('GET', `events/${EVENT}/reviewers/progress/`)
      .map((c) => new URLSearchParams(c.query).get('sort'));
    expect(asked.at(-1)).toBe('-bids');
  });

  it('speaks Arabic, with the chart summaries in Arabic', async () => {
    stubDashboard();
    await mountScreen(<EventProgressScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/progress`,
      path: '/events/:id/progress',
      language: 'ar',
    });
    await screen.findByTestId('progress-dashboard');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('سير العمل');
    const label = within(screen.getByTestId('progress-reviews-chart')).getByRole('img').getAttribute('aria-label');
    expect(label).toContain('مراجعة');
    expect(screen.getByTestId('deadline-review_deadline').textContent).toContain('انقضى منذ يوم واحد');
  });
});

describe('the submission timeline', { timeout: 20_000 }, () => {
  it('shows each step, the reviews as counts and the dates', async () => {
    const timeline: SubmissionTimelineDto = {
      steps: [
        { key: 'submitted', state: 'done', date: '2026-02-01T10:00:00Z' },
        { key: 'under_review', state: 'done', date: '2026-02-10T10:00:00Z' },
        { key: 'reviews', state: 'current', date: null, completed: 1, assigned: 3 },
        { key: 'decision', state: 'upcoming', date: null },
        { key: 'final_version', state: 'upcoming', date: null },
      ],
    };
    stubApi({ 'GET submissions/5-dddddddd/timeline/': { status: 200, body: timeline } });
    await mountScreen(<SubmissionTimeline submissionId="5-dddddddd" />, { url: '/s', path: '/s' });
    await screen.findByTestId('timeline-steps');
    expect(screen.getByTestId('timeline-reviews').getAttribute('data-state')).toBe('current');
    expect(screen.getByTestId('timeline-reviews').textContent).toContain('1 of 3 reviews completed');
    expect(screen.getByTestId('timeline-submitted').querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-02-01T10:00:00Z',
    );
    expect(screen.getByTestId('timeline-decision').textContent).toContain('Not yet');
  });
});
