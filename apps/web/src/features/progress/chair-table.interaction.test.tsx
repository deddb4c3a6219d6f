// @vitest-environment jsdom
import type { SubmissionTableRowDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, type SentCall, stubApi } from '../../test/interact.tsx';
import { EventSubmissionsScreen } from '../submissions/components/EventSubmissionsScreen.tsx';

/* The chair's submissions table, driven by a chair: sorting and filters in the address, a bulk decision end to end. */

const EVENT = '9-aaaaaaaa';

function row(n: number, overrides: Partial<SubmissionTableRowDto> = {}): SubmissionTableRowDto {
  return {
    id: `${n}-bbbbbbbb`,
    title: `Paper ${n}`,
    authors: `Author ${n}`,
    track: null,
    status: 'under_review',
    status_display: 'Under Review',
    decision: 'pending',
    decision_display: 'Pending',
    created_at: '2026-03-01T10:00:00Z',
    conflicted: false,
    reviews_assigned: 3,
    reviews_done: 2,
    average_score: 1.5,
    score_spread: n === 2 ? 4 : 1,
    disagreement: n === 2,
    needs_discussion: false,
    meta_recommendation: null,
    area_chair: null,
    ...overrides,
  };
}

function tablePage(call: SentCall) {
  const query = new URLSearchParams(call.query);
  const all = [
    row(1),
    row(2),
    row(3, { conflicted: true, reviews_assigned: null, reviews_done: null, average_score: null, score_spread: null }),
  ];
  const rows = query.get('disagreement') === 'true' ? all.filter((r) => r.disagreement) : all;
  return { status: 200, body: { count: rows.length, next: null, previous: null, results: rows } };
}

const chairEvent = () => ({ status: 200, body: eventDto({ public_id: EVENT }) });

/** The table of the flag's test: papers 2 to 4 disagree, paper 3 is flagged for discussion. */
function flagPage(call: SentCall) {
  const query = new URLSearchParams(call.query);
  let rows = [1, 2, 3, 4].map((n) =>
    row(n, { score_spread: n === 1 ? 1 : 5, disagreement: n !== 1, needs_discussion: n === 3 }),
  );
  if (query.get('disagreement') === 'true') rows = rows.filter((r) => r.disagreement);
  if (query.get('needs_discussion') === 'true') rows = rows.filter((r) => r.needs_discussion);
  return { status: 200, body: { count: rows.length, next: null, previous: null, results: rows } };
}

const flagged = (id: string) => `submissions/${id}/discussion/flag/`;

describe("the chair's submissions table", { timeout: 30_000 }, () => {
  it('sorts by a header (aria-sort) and filters on disagreement, through the address', async () => {
    const api = stubApi({
      [`GET events/${EVENT}/`]: chairEvent(),
      [`GET events/${EVENT}/submissions/table/`]: tablePage,
    });
    const { user, location } = await mountScreen(<EventSubmissionsScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/submissions`,
      path: '/events/:eventId/submissions',
    });
    await screen.findByTestId('chair-table-rows');
    expect(screen.getAllByTestId('table-row')).toHaveLength(3);
    expect(screen.getAllByTestId('row-disagreement')).toHaveLength(1);
    expect(screen.getByTestId('row-conflicted')).toBeTruthy();
    // The mean score is signed and reads left to right.
    const mean = within(screen.getAllByTestId('table-row')[0] as HTMLElement).getByText('+1.5');
    expect(mean.getAttribute('dir')).toBe('ltr');
    expect(api.sent('GET', 'submissions/event_submissions/')).toHaveLength(0);
    // Each paper the chair may judge links to its reviewer assignment; the conflicted one does not.
    const assign = screen.getAllByTestId('row-assign');
    expect(assign.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Assign reviewers to “Paper 1”',
      'Assign reviewers to “Paper 2”',
    ]);
    expect(assign[0]?.getAttribute('href')).toBe(`/events/${EVENT}/submissions/1-bbbbbbbb/assign`);

    const header = screen.getByTestId('sort-average_score');
    expect(header.getAttribute('aria-sort')).toBe('none');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(location()).toBe(`/events/${EVENT}/submissions?sort=-average_score`));
    await waitFor(() => expect(screen.getByTestId('sort-average_score').getAttribute('aria-sort')).toBe('descending'));

    await user.click(screen.getByTestId('table-disagreement'));
    await waitFor(() => expect(location()).toContain('disagreement=true'));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    const asked = api
      .sent('GET', `events/${EVENT}/submissions/table/`)
      .map((c) => Object.fromEntries(new URLSearchParams(c.query)));
    expect(asked.at(-1)).toEqual({ page: '1', page_size: '25', sort: '-average_score', disagreement: 'true' });
  });

  it('previews, decides without mail, then notifies the authors of the changed papers', async () => {
    const result = (ok: boolean) => ({
      changed: ok ? 1 : 0,
      skipped: 1,
      notified: false,
      results: [
        { id: '1-bbbbbbbb', title: 'Paper 1', from_decision: 'pending', to_decision: 'accept', ok: true, reason: null },
        {
          id: '2-bbbbbbbb',
          title: 'Paper 2',
          from_decision: 'accept',
          to_decision: 'accept',
          ok: false,
          reason: 'unchanged',
        },
      ],
    });
    const api = stubApi({
      [`GET events/${EVENT}/`]: chairEvent(),
      [`GET events/${EVENT}/submissions/table/`]: tablePage,
      [`POST events/${EVENT}/decisions/preview/`]: { status: 200, body: result(true) },
      [`POST events/${EVENT}/decisions/`]: { status: 200, body: result(true) },
      [`POST events/${EVENT}/mail/send/`]: { status: 202, body: { id: 's1', status: 'queued', recipients: 2 } },
    });
    const { user } = await mountScreen(<EventSubmissionsScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/submissions`,
      path: '/events/:eventId/submissions',
    });
    await screen.findByTestId('chair-table-rows');
    const rows = screen.getAllByTestId('select-row');
    expect((rows[2] as HTMLInputElement).disabled).toBe(true);
    await user.click(rows[0] as HTMLElement);
    await user.click(rows[1] as HTMLElement);
    expect(screen.getByTestId('selected-count').getAttribute('data-count')).toBe('2');

    await user.click(screen.getByTestId('bulk-accept'));
    await user.type(await screen.findByTestId('bulk-details'), 'Congratulations');
    await user.click(screen.getByTestId('bulk-preview-button'));
    const items = await screen.findAllByTestId('bulk-preview-item');
    expect(items.map((item) => item.getAttribute('data-ok'))).toEqual(['true', 'false']);
    expect(within(items[1] as HTMLElement).getByText('Already decided so')).toBeTruthy();
    await user.click(screen.getByTestId('bulk-confirm'));
    await screen.findByTestId('bulk-notify-step');
    await user.click(screen.getByTestId('notify-send'));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/mail/send/`)).toHaveLength(1));

    expect(api.sent('POST', `events/${EVENT}/decisions/preview/`)[0]?.body).toEqual({
      submission_ids: ['1-bbbbbbbb', '2-bbbbbbbb'],
      decision: 'accept',
    });
    expect(api.sent('POST', `events/${EVENT}/decisions/`)[0]?.body).toEqual({
      submission_ids: ['1-bbbbbbbb', '2-bbbbbbbb'],
      decision: 'accept',
      decision_details: 'Congratulations',
      notify: false,
    });
    expect(api.sent('POST', `events/${EVENT}/mail/send/`)[0]?.body).toEqual({
      audience: 'accepted_authors',
      template_key: 'decision_accept',
      submission_ids: ['1-bbbbbbbb'],
    });
    await waitFor(() => expect(screen.queryByTestId('bulk-notify-step')).toBeNull());
    expect(screen.getByTestId('selected-count').getAttribute('data-count')).toBe('0');
  });

  it('selects every paper the filters match across pages, leaving the conflicted ones out', async () => {
    const all = Array.from({ length: 30 }, (_, i) => row(i + 1, { conflicted: i < 2 }));
    const api = stubApi({
      [`GET events/${EVENT}/`]: chairEvent(),
      [`GET events/${EVENT}/submissions/table/`]: (call) => {
        const query = new URLSearchParams(call.query);
        const size = Number(query.get('page_size'));
        const page = Number(query.get('page'));
        const results = all.slice((page - 1) * size, page * size);
        return { status: 200, body: { count: all.length, next: null, previous: null, results } };
      },
    });
    const { user } = await mountScreen(<EventSubmissionsScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/submissions?min_score=1`,
      path: '/events/:eventId/submissions',
    });
    await screen.findByTestId('chair-table-rows');
    await user.click(screen.getByTestId('select-all-matching'));
    await waitFor(() => expect(screen.getByTestId('selected-count').getAttribute('data-count')).toBe('28'));
    const asked = api
      .sent('GET', `events/${EVENT}/submissions/table/`)
      .map((c) => Object.fromEntries(new URLSearchParams(c.query)));
    expect(asked.at(-1)).toMatchObject({ page: '1', page_size: '100', min_score: '1' });
  });

  it('filters the papers with a completed meta-review, undecided, in the address, then selects them all to follow', async () => {
    // 600 papers with a completed meta-review and no decision: one bulk decision takes 500 of them.
    const completed = Array.from({ length: 600 }, (_, i) => row(i + 1, { meta_recommendation: 'accept' }));
    const api = stubApi({
      [`GET events/${EVENT}/`]: chairEvent(),
      [`GET events/${EVENT}/submissions/table/`]: (call) => {
        const query = new URLSearchParams(call.query);
        const matching = query.get('meta_review') === 'completed' ? completed : [...completed, row(900)];
        const size = Number(query.get('page_size'));
        const page = Number(query.get('page'));
        const results = matching.slice((page - 1) * size, page * size);
        const next = page * size < matching.length ? `/api/events/${EVENT}/submissions/table/?page=${page + 1}` : null;
        return { status: 200, body: { count: matching.length, next, previous: null, results } };
      },
      [`POST events/${EVENT}/decisions/preview/`]: {
        status: 200,
        body: { changed: 0, skipped: 0, notified: false, results: [] },
      },
    });
    const { user, location } = await mountScreen(<EventSubmissionsScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/submissions?decision=pending`,
      path: '/events/:eventId/submissions',
    });
    await screen.findByTestId('chair-table-rows');
    expect(within(screen.getByTestId('table-filters')).getByLabelText('Meta-review')).toBe(
      screen.getByTestId('table-meta-review'),
    );
    await user.click(screen.getByTestId('table-meta-review'));
    await user.click(await screen.findByRole('option', { name: 'Completed', hidden: true }));
    await waitFor(() => expect(location()).toBe(`/events/${EVENT}/submissions?decision=pending&meta_review=completed`));
    await waitFor(() => expect(screen.getByTestId('table-count').getAttribute('data-count')).toBe('600'));

    await user.click(screen.getByTestId('select-all-matching'));
    await waitFor(() => expect(screen.getByTestId('selected-count').getAttribute('data-count')).toBe('500'));
    const asked = api
      .sent('GET', `events/${EVENT}/submissions/table/`)
      .map((c) => Object.fromEntries(new URLSearchParams(c.query)));
    expect(asked.at(-1)).toMatchObject({ page_size: '100', decision: 'pending', meta_review: 'completed' });

    await user.click(screen.getByTestId('bulk-follow_meta_review'));
    await user.click(await screen.findByTestId('bulk-preview-button'));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/decisions/preview/`)).toHaveLength(1));
    const sent = api.sent('POST', `events/${EVENT}/decisions/preview/`)[0]?.body as {
      submission_ids: string[];
      decision: string;
    };
    expect(sent.decision).toBe('follow_meta_review');
    expect(sent.submission_ids).toHaveLength(500);
    expect(sent.submission_ids).not.toContain('900-bbbbbbbb');
  });

  it('names the meta-review filter in Arabic', async () => {
    stubApi({ [`GET events/${EVENT}/`]: chairEvent(), [`GET events/${EVENT}/submissions/table/`]: tablePage });
    const { user } = await mountScreen(<EventSubmissionsScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/submissions?meta_review=missing`,
      path: '/events/:eventId/submissions',
      language: 'ar',
    });
    await screen.findByTestId('chair-table-rows');
    const select = screen.getByTestId('table-meta-review') as HTMLInputElement;
    expect(within(screen.getByTestId('table-filters')).getByLabelText('المراجعة الوصفية')).toBe(select);
    expect(select.value).toBe('غير مكتملة');
    await user.click(select);
    expect(await screen.findByRole('option', { name: 'مكتملة', hidden: true })).toBeTruthy();
  });

  it('keeps the plain list for staff who do not run the event', async () => {
    const api = stubApi({
      [`GET events/${EVENT}/`]: {
        status: 200,
        body: eventDto({ public_id: EVENT, abilities: { ...eventDto().abilities, manage_reviewing: false } }),
      },
      'GET submissions/event_submissions/': { status: 200, body: [] },
    });
    await mountScreen(<EventSubmissionsScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/submissions`,
      path: '/events/:eventId/submissions',
    });
    await waitFor(() => expect(api.sent('GET', 'submissions/event_submissions/')).toHaveLength(1));
    expect(screen.queryByTestId('chair-table')).toBeNull();
    expect(api.sent('GET', `events/${EVENT}/submissions/table/`)).toHaveLength(0);
  });

  it('a chair flags the selected papers of the disagreement filter, and one row from its toggle', async () => {
    const flagAnswer = (call: SentCall) => ({
      status: 200,
      body: {
        submission_id: call.path.split('/')[1],
        needs_discussion: (call.body as { needs_discussion: boolean }).needs_discussion,
      },
    });
    const api = stubApi({
      [`GET events/${EVENT}/`]: chairEvent(),
      [`GET events/${EVENT}/submissions/table/`]: flagPage,
      [`PUT ${flagged('2-bbbbbbbb')}`]: flagAnswer,
      [`PUT ${flagged('3-bbbbbbbb')}`]: flagAnswer,
      [`PUT ${flagged('4-bbbbbbbb')}`]: flagAnswer,
    });
    const { user, location } = await mountScreen(<EventSubmissionsScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/submissions?disagreement=true`,
      path: '/events/:eventId/submissions',
    });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(3));
    const rows = screen.getAllByTestId('table-row');
    expect(within(rows[1] as HTMLElement).getByTestId('row-needs-discussion').textContent).toBe('To discuss');
    expect(within(rows[0] as HTMLElement).queryByTestId('row-needs-discussion')).toBeNull();

    expect((screen.getByTestId('bulk-flag') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(rows[0] as HTMLElement).getByTestId('select-row'));
    await user.click(within(rows[2] as HTMLElement).getByTestId('select-row'));
    await user.click(screen.getByTestId('bulk-flag'));
    await waitFor(() => expect(api.sent('PUT', flagged('4-bbbbbbbb'))).toHaveLength(1));
    expect(api.sent('PUT', flagged('2-bbbbbbbb'))[0]?.body).toEqual({ needs_discussion: true });
    expect(await screen.findByText('Papers flagged for discussion: 2')).toBeTruthy();

    const toggle = within(rows[1] as HTMLElement).getByTestId('row-flag');
    expect(toggle.getAttribute('aria-label')).toBe('Clear the discussion flag of “Paper 3”');
    await user.click(toggle);
    await waitFor(() => expect(api.sent('PUT', flagged('3-bbbbbbbb'))).toHaveLength(1));
    expect(api.sent('PUT', flagged('3-bbbbbbbb'))[0]?.body).toEqual({ needs_discussion: false });

    await user.click(screen.getByTestId('table-needs-discussion'));
    await waitFor(() => expect(location()).toContain('needs_discussion=true'));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    const asked = api
      .sent('GET', `events/${EVENT}/submissions/table/`)
      .map((c) => Object.fromEntries(new URLSearchParams(c.query)));
    expect(asked.at(-1)).toMatchObject({ disagreement: 'true', needs_discussion: 'true' });
  });
});
