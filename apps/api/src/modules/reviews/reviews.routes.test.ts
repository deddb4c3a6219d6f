import {
  DEFAULT_REVIEW_SETTINGS,
  type MyReviewDto,
  type ReviewDto,
  type ReviewSettings,
  type SaveReviewBody,
  type SubmissionReviewsDto,
} from '@confero/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, daysFromNow } from '../../../test/factories/events.ts';
import { buildConflict, buildReview, countQueries } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { auditLog, events, reviews } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { parseReviewInput } from './review-input.ts';
import { saveReview } from './review-state.ts';

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let writer: BuiltUser;
let second: BuiltUser;
let unassigned: BuiltUser;
let author: BuiltUser;
let outsider: BuiltUser;
let paper: BuiltSubmission;
const as = signedInClients(() => app);

async function reviewRow(submission: { id: number }, reviewer: { id: number }) {
  const [row] = await app.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.submissionId, submission.id), eq(reviews.reviewerId, reviewer.id)));
  if (!row) throw new Error('no review row');
  return row;
}

/** A review payload in the public API's shape: the form as JSON text in `scores.structured_review`. */
function payload(
  submission: { publicId: string },
  options: {
    status?: string;
    score?: number | null;
    strengths?: string[];
    weaknesses?: string[];
    justification?: string;
    comment?: string;
    version?: number;
    recommendation?: string;
  } = {},
) {
  const structured = {
    overall_evaluation: {
      score: options.score === undefined ? 2 : options.score,
      summary: {
        strengths: options.strengths ?? ['Sound method'],
        weaknesses: options.weaknesses ?? ['Few baselines'],
      },
      justification: options.justification ?? 'Good paper with a small evaluation.',
    },
    confidence: { score: 4, comment: options.comment ?? 'I publish in this area.' },
    confidential_remarks_for_pc: 'CONFIDENTIAL-MARKER possible overlap with an earlier paper',
    criteria: [{ id: 'clarity', name: 'Clarity', description: '', min_score: 1, max_score: 10, score: 8 }],
  };
  return {
    submission: submission.publicId,
    recommendation: options.recommendation ?? 'reject',
    comments_to_author: 'Please add baselines.',
    comments_to_chair: 'CHAIR-MARKER borderline for me',
    confidence: 4,
    scores: { structured_review: JSON.stringify(structured) },
    status: options.status ?? 'in_progress',
    completed_at: null,
    ...(options.version === undefined ? {} : { version: options.version }),
  };
}

async function setSettings(target: { id: number }, settings: Partial<ReviewSettings>) {
  await app.db
    .update(events)
    .set({ reviewSettings: { ...DEFAULT_REVIEW_SETTINGS, ...settings } })
    .where(eq(events.id, target.id));
}

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, affiliation: string, firstName: string, lastName: string) =>
    buildUser(app, { email, affiliation, firstName, lastName });
  event = await buildEvent(app, { status: 'active', creator: await person('org@org.example', 'Org', 'Orla', 'Org') });
  chair = await person('chair@chairs.org', 'Chair House', 'Chiara', 'Chairwoman');
  writer = await person('writer@uni-w.edu', 'Writer University', 'Wanda', 'Writerson');
  second = await person('second@uni-s.edu', 'Second University', 'Sergio', 'Secondo');
  unassigned = await person('idle@uni-i.edu', 'Idle University', 'Ida', 'Idleworth');
  author = await person('author@uni-a.edu', 'Alpha University', 'Alma', 'Authorova');
  outsider = await person('out@uni-o.edu', 'Outer University', 'Otto', 'Outsider');
  await addMembership(app, { event, user: chair, role: 'chair' });
  for (const user of [writer, second, unassigned]) await addMembership(app, { event, user, role: 'reviewer' });
  paper = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
  await buildReview(app, { submission: paper, reviewer: writer, assignedBy: chair });
  await buildReview(app, { submission: paper, reviewer: second, assignedBy: chair });
});

afterAll(async () => {
  await app?.close();
});

describe('POST /api/reviews/', () => {
  it('saves a draft: in_progress, recommendation derived from the score (not the client), confidential kept apart', async () => {
    const response = await (await as(writer)).post(
      '/api/reviews/',
      payload(paper, { score: 2, recommendation: 'reject' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ReviewDto;
    expect(body).toMatchObject({
      status: 'in_progress',
      recommendation: 'accept',
      recommendation_display: 'Accept',
      overall_score: 2,
      confidence: 4,
      completed_at: null,
      version: 2,
      is_own: true,
      comments_to_chair: 'CHAIR-MARKER borderline for me',
      abilities: { edit: true, submit: true, can_use_assistant: true },
    });
    expect(body.structured_review?.confidential_remarks_for_pc).toContain('CONFIDENTIAL-MARKER');
    expect(body.structured_review?.criteria[0]).toMatchObject({ id: 'clarity', score: 8 });
    const row = await reviewRow(paper, writer);
    expect(row).toMatchObject({ status: 'in_progress', recommendation: 'accept', overallScore: 2, version: 2 });
    expect(row.confidentialRemarks).toContain('CONFIDENTIAL-MARKER');
    expect(JSON.stringify(row.structuredReview)).not.toContain('CONFIDENTIAL-MARKER');
  });

  it('lets a draft skip the rules', async () => {
    const response = await (await as(writer)).post(
      '/api/reviews/',
      payload(paper, { strengths: [], weaknesses: [], justification: '', comment: '', score: null, version: 2 }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'in_progress', recommendation: 'borderline', version: 3 });
  });

  it("checks a submit in the spec's order, with its messages", async () => {
    const client = await as(writer);
    const cases: [Parameters<typeof payload>[1], string, string][] = [
      [
        { strengths: [], weaknesses: [], justification: '', comment: '' },
        'overall_evaluation.summary.strengths',
        'Please provide at least one strength',
      ],
      [
        { weaknesses: [], justification: '', comment: '' },
        'overall_evaluation.summary.weaknesses',
        'Please provide at least one weakness',
      ],
      [{ justification: ' ', comment: '' }, 'overall_evaluation.justification', 'Justification is required'],
      [{ comment: '  ' }, 'confidence.comment', 'Confidence comment is required'],
    ];
    for (const [options, field, message] of cases) {
      const response = await client.post(
        '/api/reviews/',
        payload(paper, { ...options, status: 'completed', version: 3 }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        detail: message,
        fields: { [field]: [message] },
      });
    }
    expect((await reviewRow(paper, writer)).status).toBe('in_progress');
  });

  it('submits: completed, completed_at set, audited; the score gives the recommendation', async () => {
    const response = await (await as(writer)).post(
      '/api/reviews/',
      payload(paper, { status: 'completed', score: -1, version: 3, strengths: [''], weaknesses: [''] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completed', recommendation: 'weak_reject', version: 4 });
    const row = await reviewRow(paper, writer);
    expect(row.completedAt).toBeInstanceOf(Date);
    const audits = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(row.id))));
    expect(audits.map((audit) => audit.action)).toEqual([
      'review.draft_saved',
      'review.draft_saved',
      'review.submitted',
    ]);
  });

  it('never takes a submitted review back to draft', async () => {
    const response = await (await as(writer)).post(
      '/api/reviews/',
      payload(paper, { status: 'in_progress', version: 4 }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message_code: 'reviews.cannotReopen' });
    expect((await reviewRow(paper, writer)).status).toBe('completed');
  });

  it('refuses a save from a stale copy (two tabs): 409 STALE_REVIEW, the other save kept', async () => {
    const tabA = await as(second);
    const loaded = ((await tabA.get(`/api/reviews/${(await reviewRow(paper, second)).publicId}/`)).json() as ReviewDto)
      .version;
    expect(loaded).toBe(1);
    const first = await tabA.post('/api/reviews/', {
      ...payload(paper, { version: loaded }),
      comments_to_author: 'Tab A wrote this.',
    });
    expect(first.statusCode).toBe(200);
    const stale = await tabA.post('/api/reviews/', {
      ...payload(paper, { version: loaded }),
      comments_to_author: 'Tab B would overwrite it.',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE_REVIEW',
      message_code: 'reviews.stale',
      current_version: 2,
      detail:
        'This review was changed elsewhere (another tab or window) after you opened it. Reload it to see the latest version, then save again.',
    });
    expect((await reviewRow(paper, second)).commentsToAuthor).toBe('Tab A wrote this.');
  });

  describe("the spec's payload, without a version: the last write wins", () => {
    /** A new paper of the event assigned to a new reviewer (no conflict with its author). */
    async function freshAssignment(tag: string) {
      const reviewer = await buildUser(app, { email: `${tag}@uni-${tag}.edu`, affiliation: `${tag} University` });
      await addMembership(app, { event, user: reviewer, role: 'reviewer' });
      const submission = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
      const review = await buildReview(app, { submission, reviewer, assignedBy: chair });
      return { reviewer, submission, review, client: await as(reviewer) };
    }

    const auditActions = async (review: { id: number }) =>
      (
        await app.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(review.id))))
          .orderBy(asc(auditLog.id))
      ).map((row) => row.action);

    it('saves the first draft, saves again, then submits; a version sent and outdated is still refused', async () => {
      const { reviewer, submission, client } = await freshAssignment('noversion');
      const first = await client.post('/api/reviews/', { ...payload(submission), comments_to_author: 'First draft.' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: 'in_progress', version: 2, comments_to_author: 'First draft.' });

      const again = await client.post('/api/reviews/', { ...payload(submission), comments_to_author: 'Second draft.' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'in_progress', version: 3, comments_to_author: 'Second draft.' });
      expect(await reviewRow(submission, reviewer)).toMatchObject({ commentsToAuthor: 'Second draft.', version: 3 });

      const submitted = await client.post('/api/reviews/', {
        ...payload(submission, { status: 'completed' }),
        comments_to_author: 'Final text.',
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json()).toMatchObject({ status: 'completed', version: 4, comments_to_author: 'Final text.' });
      const row = await reviewRow(submission, reviewer);
      expect(row).toMatchObject({ status: 'completed', version: 4, commentsToAuthor: 'Final text.' });
      expect(row.completedAt).not.toBeNull();

      const stale = await client.post('/api/reviews/', {
        ...payload(submission, { status: 'completed', version: 3 }),
        comments_to_author: 'From an old tab.',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'STALE_REVIEW', current_version: 4 });
      const unreadable = await client.post('/api/reviews/', { ...payload(submission), version: 'latest' });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        field_codes: { version: ['reviews.validations.versionInvalid'] },
      });
      expect(await reviewRow(submission, reviewer)).toMatchObject({ version: 4, commentsToAuthor: 'Final text.' });
      expect(await auditActions(row)).toEqual(['review.draft_saved', 'review.draft_saved', 'review.submitted']);
    });

    it('writes two saves sent at once one after the other; with the same version sent, one of them gets 409', async () => {
      const { reviewer, submission, client } = await freshAssignment('racing');
      const racing = await Promise.all(
        ['Tab A', 'Tab B'].map((text) =>
          client.post('/api/reviews/', { ...payload(submission), comments_to_author: `${text} without a version.` }),
        ),
      );
      expect(racing.map((response) => response.statusCode)).toEqual([200, 200]);
      const written = racing
        .map((response) => response.json() as ReviewDto)
        .sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
      expect(written.map((review) => review.version)).toEqual([2, 3]);
      expect(await reviewRow(submission, reviewer)).toMatchObject({
        version: 3,
        commentsToAuthor: written[1]?.comments_to_author,
      });

      const versioned = await Promise.all(
        ['Tab A', 'Tab B'].map((text) =>
          client.post('/api/reviews/', {
            ...payload(submission, { version: 3 }),
            comments_to_author: `${text} from version 3.`,
          }),
        ),
      );
      expect(versioned.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const winner = versioned.find((response) => response.statusCode === 200)?.json() as ReviewDto;
      const loser = versioned.find((response) => response.statusCode === 409);
      expect(loser?.json()).toMatchObject({ code: 'STALE_REVIEW', current_version: 4 });
      expect(await reviewRow(submission, reviewer)).toMatchObject({
        version: 4,
        commentsToAuthor: winner.comments_to_author,
      });
      expect(await auditActions(await reviewRow(submission, reviewer))).toHaveLength(3);
    });

    it('saves over a review another save changed after it was read, once, from what that save left', async () => {
      const { reviewer, submission, review } = await freshAssignment('overtaken');
      const actor: Actor = {
        id: reviewer.id,
        publicId: reviewer.publicId,
        email: reviewer.email,
        firstName: reviewer.firstName,
        lastName: reviewer.lastName,
        isAdmin: false,
        emailVerified: true,
        accountStatus: 'active',
        sessionsValidFrom: 0,
      };
      const context = { id: event.id, reviewDeadline: event.reviewDeadline, timezone: event.timezone };
      const save = (body: SaveReviewBody) =>
        saveReview(app.db, { actor, review, event: context, input: parseReviewInput(body) });
      // `review` is the row as read before the first save: the second save's conditional write misses.
      await save({ comments_to_author: 'Written first.', scores: { structured_review: { criteria: [] } } });
      const overtaken = await save({ comments_to_chair: 'Written second.' });
      expect(overtaken).toMatchObject({
        version: 3,
        commentsToAuthor: 'Written first.',
        commentsToChair: 'Written second.',
      });
      expect(await reviewRow(submission, reviewer)).toMatchObject({
        version: 3,
        commentsToAuthor: 'Written first.',
        commentsToChair: 'Written second.',
      });
      await expect(save({ comments_to_chair: 'From version 1.', version: 1 })).rejects.toMatchObject({
        code: 'STALE_REVIEW',
      });
      expect((await reviewRow(submission, reviewer)).version).toBe(3);
    });
  });

  it('refuses writers who are not the assigned, non-conflicted reviewer', async () => {
    expect((await (await as(outsider)).post('/api/reviews/', payload(paper))).statusCode).toBe(404);
    const notAssigned = await (await as(unassigned)).post('/api/reviews/', payload(paper));
    expect(notAssigned.statusCode).toBe(403);
    expect(notAssigned.json()).toMatchObject({ message_code: 'reviews.notAssigned' });
    expect((await (await as(chair)).post('/api/reviews/', payload(paper))).statusCode).toBe(403);
    const missing = await (await as(writer)).post('/api/reviews/', { status: 'in_progress' });
    expect(missing.json()).toMatchObject({ field_codes: { submission: ['reviews.validations.submissionRequired'] } });

    const other = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
    const draft = await buildReview(app, { submission: other, reviewer: unassigned, status: 'in_progress' });
    await buildConflict(app, { submission: other, user: unassigned, declaredBy: chair });
    const conflicted = await (await as(unassigned)).post('/api/reviews/', payload(other, { version: 2 }));
    expect(conflicted.statusCode).toBe(403);
    expect(conflicted.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST', message_code: 'reviews.conflicted' });
    expect((await reviewRow(other, unassigned)).version).toBe(draft.version);
  });

  it('refuses writes after the review deadline (23:59:59 in the event time zone)', async () => {
    const late = await buildEvent(app, {
      status: 'active',
      submissionDeadline: daysFromNow(-20),
      reviewDeadline: daysFromNow(-2),
      notificationDate: daysFromNow(10),
      timezone: 'Asia/Riyadh',
    });
    await addMembership(app, { event: late, user: writer, role: 'reviewer' });
    const latePaper = await buildSubmission(app, { event: late });
    await buildReview(app, { submission: latePaper, reviewer: writer });
    const response = await (await as(writer)).post('/api/reviews/', payload(latePaper));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'DEADLINE_PASSED', message_code: 'reviews.deadlinePassed' });
    expect((await reviewRow(latePaper, writer)).status).toBe('assigned');
    const mine = (await (await as(writer)).get('/api/reviews/my-reviews/')).json() as MyReviewDto[];
    expect(mine.find((row) => row.submission.id === latePaper.id)?.abilities).toEqual({
      edit: false,
      submit: false,
      can_use_assistant: false,
    });
  });
});

describe('GET /api/reviews/my-reviews/ and /api/reviews/{id}/', () => {
  it("lists the caller's reviews with their submission, event, status, version and abilities", async () => {
    const response = await (await as(second)).get('/api/reviews/my-reviews/');
    expect(response.statusCode).toBe(200);
    const body = response.json() as MyReviewDto[];
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      submission: { public_id: paper.publicId, event: { public_id: event.publicId, title: event.title } },
      status: 'in_progress',
      status_display: 'In progress',
      version: 2,
      review_deadline: event.reviewDeadline,
      abilities: { edit: true, submit: true, can_use_assistant: true },
    });
    expect((await (await as(outsider)).get('/api/reviews/my-reviews/')).json()).toEqual([]);
  });

  it('shows one review to the committee with the reviewer and confidential fields, and 404s others', async () => {
    const row = await reviewRow(paper, writer);
    const asChair = (await (await as(chair)).get(`/api/reviews/${row.publicId}/`)).json() as ReviewDto;
    expect(asChair).toMatchObject({
      reviewer: { public_id: writer.publicId, email: writer.email },
      comments_to_chair: 'CHAIR-MARKER borderline for me',
      is_own: false,
      abilities: { edit: false, submit: false, can_use_assistant: false },
    });
    expect(asChair.confidential_remarks_for_pc).toContain('CONFIDENTIAL-MARKER');
    for (const user of [outsider, author, unassigned]) {
      expect((await (await as(user)).get(`/api/reviews/${row.publicId}/`)).statusCode).toBe(404);
    }
    expect((await (await as(chair)).get('/api/reviews/99999999/')).statusCode).toBe(404);
  });

  it('PATCH lets only the reviewer save (with the version), 403 for the committee', async () => {
    const row = await reviewRow(paper, second);
    const patched = await (await as(second)).patch(`/api/reviews/${row.publicId}/`, {
      comments_to_author: 'Patched text.',
      version: row.version,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ comments_to_author: 'Patched text.', status: 'in_progress', version: 3 });
    expect((await reviewRow(paper, second)).commentsToChair).toBe('CHAIR-MARKER borderline for me');
    const asChair = await (await as(chair)).patch(`/api/reviews/${row.publicId}/`, {
      comments_to_author: 'x',
      version: 3,
    });
    expect(asChair.statusCode).toBe(403);
    expect(asChair.json()).toMatchObject({ message_code: 'reviews.writeDenied' });
    expect((await (await as(outsider)).patch(`/api/reviews/${row.publicId}/`, { version: 3 })).statusCode).toBe(404);
  });

  it('counts completed reviews in the user statistics', async () => {
    const response = await (await as(writer)).get('/api/users/statistics/');
    expect(response.json()).toMatchObject({ reviews_completed: 1 });
  });
});

describe('GET /api/submissions/{id}/reviews/', () => {
  const url = () => `/api/submissions/${paper.publicId}/reviews/`;

  it('gives the committee every review side by side: scores, average, identities, confidential fields', async () => {
    const response = await (await as(chair)).get(url());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as SubmissionReviewsDto;
    expect(body).toMatchObject({ visibility: 'committee', notice: null, assigned_count: 2, completed_count: 1 });
    expect(body.average_overall_score).toBe(-1);
    expect(body.reviews.map((review) => [review.reviewer_label, review.reviewer?.public_id, review.status])).toEqual([
      ['Reviewer 1', writer.publicId, 'completed'],
      ['Reviewer 2', second.publicId, 'in_progress'],
    ]);
    expect(body.reviews[0]?.comments_to_chair).toContain('CHAIR-MARKER');
    // A draft is private to its reviewer: the committee sees its status only.
    expect(body.reviews[1]).toMatchObject({ structured_review: null, overall_score: null, comments_to_author: '' });
    expect(body.reviews[1]?.comments_to_chair).toBeUndefined();
  });

  it("shows a reviewer their own review, and the others' only after submitting theirs (after_submit)", async () => {
    const before = (await (await as(second)).get(url())).json() as SubmissionReviewsDto;
    expect(before.visibility).toBe('reviewer');
    expect(before.reviews.map((review) => review.is_own)).toEqual([true]);
    expect(before.notice?.code).toBe('reviews.hiddenUntilOwnSubmitted');
    const row = await reviewRow(paper, second);
    const submitted = await (await as(second)).post(
      '/api/reviews/',
      payload(paper, { status: 'completed', version: row.version }),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const after = await (await as(second)).get(url());
    const body = after.json() as SubmissionReviewsDto;
    expect(body.reviews).toHaveLength(2);
    const other = body.reviews.find((review) => !review.is_own);
    expect(other).toMatchObject({
      reviewer_label: 'Reviewer 1',
      overall_score: -1,
      comments_to_author: 'Please add baselines.',
    });
    expect(other?.reviewer).toBeUndefined();
    expect(other?.comments_to_chair).toBeUndefined();
    expect(other?.confidential_remarks_for_pc).toBeUndefined();
    expect(other?.structured_review?.confidential_remarks_for_pc).toBeUndefined();
    expect(after.body).not.toContain(writer.email);
    expect(after.body).not.toContain(writer.publicId);
    expect(body.average_overall_score).toBeUndefined();
  });

  it('follows the event setting: never, always', async () => {
    const third = await buildUser(app, { email: 'third@uni-t.edu', affiliation: 'Third University' });
    await addMembership(app, { event, user: third, role: 'reviewer' });
    await buildReview(app, { submission: paper, reviewer: third });
    const client = await as(third);
    try {
      await setSettings(event, { reviewers_see_other_reviews: 'always' });
      expect(((await client.get(url())).json() as SubmissionReviewsDto).reviews).toHaveLength(3);
      await setSettings(event, { reviewers_see_other_reviews: 'never' });
      const never = (await client.get(url())).json() as SubmissionReviewsDto;
      expect(never.reviews.map((review) => review.is_own)).toEqual([true]);
    } finally {
      await setSettings(event, {});
    }
    expect((await (await as(unassigned)).get(url())).json() as SubmissionReviewsDto).toMatchObject({
      visibility: 'none',
      reviews: [],
    });
  });

  it('shows authors nothing before the decision, then scores and comments but never identities or confidential fields', async () => {
    const client = await as(author);
    const before = (await client.get(url())).json() as SubmissionReviewsDto;
    expect(before).toMatchObject({
      visibility: 'author',
      reviews: [],
      notice: { code: 'reviews.hiddenUntilDecision' },
    });
    const decided = await (await as(chair)).post(`/api/submissions/${paper.publicId}/make_decision/`, {
      decision: 'accept',
      decision_details: 'Congratulations.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = await client.get(url());
    const body = after.json() as SubmissionReviewsDto;
    expect(body.reviews.map((review) => review.overall_score)).toEqual([-1, 2]);
    expect(body.reviews[0]).toMatchObject({
      comments_to_author: 'Please add baselines.',
      structured_review: { overall_evaluation: { summary: { strengths: [''], weaknesses: [''] } } },
    });
    expect(body.reviews[0]?.structured_review?.confidence).toEqual({ score: 4 });
    for (const needle of [
      'CHAIR-MARKER',
      'CONFIDENTIAL-MARKER',
      writer.email,
      second.email,
      writer.publicId,
      'Writerson',
    ]) {
      expect(after.body).not.toContain(needle);
    }
    const reviewId = body.reviews[0]?.public_id;
    const single = await client.get(`/api/reviews/${reviewId}/`);
    expect(single.statusCode).toBe(200);
    expect(single.body).not.toContain('CONFIDENTIAL-MARKER');
    await setSettings(event, { authors_see_reviews: 'never' });
    try {
      expect(((await client.get(url())).json() as SubmissionReviewsDto).notice?.code).toBe('reviews.hiddenFromAuthors');
    } finally {
      await setSettings(event, {});
    }
  });

  it('tells authors truthfully when the decision is made but no review was completed', async () => {
    const lonely = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
    await buildReview(app, { submission: lonely, reviewer: writer, status: 'in_progress' });
    const lonelyUrl = `/api/submissions/${lonely.publicId}/reviews/`;
    const client = await as(author);
    expect((await client.get(lonelyUrl)).json()).toMatchObject({
      visibility: 'author',
      reviews: [],
      notice: { code: 'reviews.hiddenUntilDecision' },
    });
    const decided = await (await as(chair)).post(`/api/submissions/${lonely.publicId}/make_decision/`, {
      decision: 'reject',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = await client.get(lonelyUrl);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual({
      submission: { id: lonely.id, public_id: lonely.publicId, title: lonely.title },
      visibility: 'author',
      notice: {
        code: 'reviews.noneCompleted',
        message:
          'A decision has been made, but no review of this submission was completed, so there is no review to show.',
      },
      reviews: [],
    });
    // The draft is still there, unread by the author.
    expect((await reviewRow(lonely, writer)).status).toBe('in_progress');
    await setSettings(event, { authors_see_reviews: 'never' });
    try {
      expect(((await client.get(lonelyUrl)).json() as SubmissionReviewsDto).notice?.code).toBe(
        'reviews.hiddenFromAuthors',
      );
    } finally {
      await setSettings(event, {});
    }
  });

  it('shows a conflicted chair nothing, and outsiders get 404', async () => {
    const conflictedChair = await buildUser(app, { email: 'c2@uni-c2.edu', affiliation: 'C2' });
    await addMembership(app, { event, user: conflictedChair, role: 'chair' });
    await buildConflict(app, { submission: paper, user: conflictedChair });
    const response = await (await as(conflictedChair)).get(url());
    expect(response.json()).toMatchObject({ visibility: 'none', reviews: [] });
    expect(response.body).not.toContain('CHAIR-MARKER');
    expect((await (await as(outsider)).get(url())).statusCode).toBe(404);
  });
});

describe('list costs', () => {
  it('cost the same number of queries for 1 and for 3 reviews', async () => {
    const costs: Record<string, number[]> = { mine: [], submission: [] };
    for (const size of [1, 3]) {
      const listEvent = await buildEvent(app, { status: 'active' });
      const listChair = await buildUser(app, { email: `lc${size}@uni-lc${size}.edu`, affiliation: `LC ${size}` });
      await addMembership(app, { event: listEvent, user: listChair, role: 'chair' });
      const listed = await buildSubmission(app, { event: listEvent });
      const worker = await buildUser(app, { email: `w${size}@uni-w${size}.edu`, affiliation: `W ${size}` });
      await addMembership(app, { event: listEvent, user: worker, role: 'reviewer' });
      for (let i = 0; i < size; i += 1) {
        const reviewer =
          i === 0
            ? worker
            : await buildUser(app, { email: `x${size}-${i}@uni-x${size}${i}.edu`, affiliation: `X ${i}` });
        if (i > 0) await addMembership(app, { event: listEvent, user: reviewer, role: 'reviewer' });
        await buildReview(app, { submission: listed, reviewer, status: 'completed' });
        if (i > 0) {
          const more = await buildSubmission(app, { event: listEvent });
          await buildReview(app, { submission: more, reviewer: worker });
        }
      }
      const workerClient = await as(worker);
      const chairClient = await as(listChair);
      expect(((await workerClient.get('/api/reviews/my-reviews/')).json() as MyReviewDto[]).length).toBe(size);
      costs.mine?.push(await countQueries(app, () => workerClient.get('/api/reviews/my-reviews/')));
      const submissionList = () => chairClient.get(`/api/submissions/${listed.publicId}/reviews/`);
      expect(((await submissionList()).json() as SubmissionReviewsDto).reviews).toHaveLength(size);
      costs.submission?.push(await countQueries(app, submissionList));
    }
    for (const [name, [one, three]] of Object.entries(costs)) {
      expect(one).toBeGreaterThan(1);
      expect({ name, three }).toEqual({ name, three: one });
    }
  });
});
