// @vitest-environment jsdom
import { type CommitteeResponsesDto, REVIEW_QUESTION_LIBRARY, type ReviewHistoryDto } from '@confero/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewFormDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { CommitteeResponsePanel } from './components/CommitteeResponsePanel.tsx';

/*
 * The committee's panel of the authors' response on a paper's page: the window, the submitted response, and each
 * review updated after it, whose changes (GET reviews/{id}/history/) show before → after when opened; nothing for a
 * reader the API refuses, nor for an event without the phase.
 */

const ID = '9-paperabc';
const PATH = `submissions/${ID}/responses/`;
const REVIEW = '12-reviewab';

const DATA: CommitteeResponsesDto = {
  submission: { id: 9, public_id: ID, title: 'Learning to Rank Rebuttals' },
  event: { public_id: '3-eventabc', title: 'ICML Test', timezone: 'UTC' },
  phase: {
    enabled: true,
    opens_at: '2020-01-01T09:00',
    closes_at: '2099-01-08T18:00',
    opens_at_utc: '2020-01-01T09:00:00.000Z',
    closes_at_utc: '2099-01-08T18:00:00.000Z',
    word_limit: 500,
    open: true,
  },
  responses: [
    {
      body: 'نشكر المحكّمين. We ran the missing ablation.',
      word_count: 7,
      submitted_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
    },
  ],
  updated_reviews: [
    { review_id: REVIEW, reviewer_label: 'Reviewer 2', ordinal: 2, updated_at: '2026-11-21T08:00:00Z' },
  ],
};

const HISTORY: ReviewHistoryDto = {
  review_id: REVIEW,
  reviewer_label: 'Reviewer 2',
  revisions: [
    {
      version: 2,
      status: 'completed',
      form_version: 1,
      created_at: '2026-11-10T08:00:00Z',
      after_response: false,
      changes: [],
    },
    {
      version: 3,
      status: 'completed',
      form_version: 1,
      created_at: '2026-11-21T08:00:00Z',
      after_response: true,
      changes: [
        { key: 'overall_score', label: { en: 'Overall evaluation', ar: 'التقييم العام' }, before: -1, after: 1 },
        { key: 'weaknesses', label: { en: 'Weaknesses', ar: 'نقاط الضعف' }, before: ['No ablation'], after: [] },
        {
          key: 'reproducibility',
          label: { en: 'Reproducibility', ar: 'قابلية إعادة الإنتاج' },
          before: 'not_possible',
          after: 'with_effort',
        },
      ],
    },
  ],
};

/** The event's form at the revisions' version: the default form and the library's reproducibility (a choice). */
const reproducibility = REVIEW_QUESTION_LIBRARY.find((question) => question.key === 'reproducibility');
if (!reproducibility) throw new Error('the library');
const FORM = reviewFormDto({
  event: '3-eventabc',
  is_default: false,
  questions: [...reviewFormDto().questions, { ...reproducibility, builtin: false, removable: true }],
});
const FORM_PATH = 'events/3-eventabc/review-form/';

const mount = (language: 'en' | 'ar' = 'en') =>
  mountScreen(<CommitteeResponsePanel submissionId={ID} />, {
    url: `/submissions/${ID}`,
    path: '/submissions/:id',
    language,
  });

describe('the committee response panel', { timeout: 60_000 }, () => {
  it('shows the response in its own direction and, when opened, what a reviewer changed after it', async () => {
    const api = stubApi({
      [`GET ${PATH}`]: { status: 200, body: DATA },
      [`GET reviews/${REVIEW}/history/`]: { status: 200, body: HISTORY },
      [`GET ${FORM_PATH}`]: { status: 200, body: FORM },
    });
    await mount();
    const body = await screen.findByTestId('committee-response-body');
    expect(body.textContent).toBe('نشكر المحكّمين. We ran the missing ablation.');
    expect(body.getAttribute('dir')).toBe('auto');
    expect(screen.getByTestId('response-window-closes').textContent).toBe('01/08/2099, 18:00 (UTC)');
    expect(api.sent('GET', `reviews/${REVIEW}/history/`)).toEqual([]);

    fireEvent.click(screen.getByTestId('updated-review-2'));
    const changes = await screen.findByTestId(`review-changes-${REVIEW}`);
    // The values as the revision's form names them: a score with its name, a choice by its option's label.
    await waitFor(() =>
      expect(
        within(changes)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual([
        'QuestionBeforeAfter',
        'Overall evaluation-1 — Weak Reject+1 — Weak Accept',
        'WeaknessesNo ablation—',
        'ReproducibilityNot possibleWith effort',
      ]),
    );
    expect(api.sent('GET', FORM_PATH).map((call) => call.query)).toEqual(['?version=1']);
  });

  it('shows the bare values while the form cannot be read', async () => {
    stubApi({
      [`GET ${PATH}`]: { status: 200, body: DATA },
      [`GET reviews/${REVIEW}/history/`]: { status: 200, body: HISTORY },
      [`GET ${FORM_PATH}`]: { status: 404, body: { detail: 'Not found', code: 'NOT_FOUND' } },
    });
    await mount();
    fireEvent.click(await screen.findByTestId('updated-review-2'));
    const changes = await screen.findByTestId(`review-changes-${REVIEW}`);
    expect(within(changes).getAllByRole('row')[1]?.textContent).toBe('Overall evaluation-11');
    expect(within(changes).getAllByRole('row')[3]?.textContent).toBe('Reproducibilitynot_possiblewith_effort');
  });

  it('labels the changes in Arabic', async () => {
    stubApi({
      [`GET ${PATH}`]: { status: 200, body: DATA },
      [`GET reviews/${REVIEW}/history/`]: { status: 200, body: HISTORY },
      [`GET ${FORM_PATH}`]: { status: 200, body: FORM },
    });
    await mount('ar');
    fireEvent.click(await screen.findByTestId('updated-review-2'));
    expect(await screen.findByText('التقييم العام')).toBeTruthy();
    expect(await screen.findByText('+1 — قبول ضعيف')).toBeTruthy();
    expect(screen.getByText('بجهد')).toBeTruthy();
    expect(screen.getByText('رد المؤلفين')).toBeTruthy();
  });

  it('says when no response was submitted, and shows nothing to a refused reader or without the phase', async () => {
    stubApi({ [`GET ${PATH}`]: { status: 200, body: { ...DATA, responses: [], updated_reviews: [] } } });
    const first = await mount();
    expect(await screen.findByTestId('committee-response-none')).toBeTruthy();
    first.unmount();

    stubApi({
      [`GET ${PATH}`]: {
        status: 403,
        body: { detail: 'No', code: 'PERMISSION_DENIED', message_code: 'responses.committeeOnly' },
      },
    });
    const refused = await mount();
    await waitFor(() => expect(screen.queryByTestId('committee-response-loading')).toBeNull());
    expect(screen.queryByTestId('committee-response-panel')).toBeNull();
    refused.unmount();

    stubApi({
      [`GET ${PATH}`]: { status: 200, body: { ...DATA, phase: { ...DATA.phase, enabled: false }, responses: [] } },
    });
    await mount();
    await waitFor(() => expect(screen.queryByTestId('committee-response-loading')).toBeNull());
    expect(screen.queryByTestId('committee-response-panel')).toBeNull();
  });
});
