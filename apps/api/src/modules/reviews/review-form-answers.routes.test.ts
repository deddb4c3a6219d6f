import {
  DEFAULT_REVIEW_FORM,
  type ReviewDto,
  type ReviewHistoryDto,
  type ReviewQuestionDto,
  type SubmissionReviewsDto,
} from '@confero/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { chairQuestion } from '../../../test/factories/review-forms.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { authorResponses, events, reviewRevisions, reviews } from '../../db/schema/index.ts';

/*
 * Reviews written and read against the event's review form (`docs/domain.md#review-form`): the answers to a chair's
 * questions checked on save (unknown key, out of range, bad choice), the chair's required questions checked before the
 * spec's rules on submit, the history of a submitted review (with what changed after the authors' response), and the
 * authors reading the completed reviews while the response phase is open.
 */

let app: TestApp;
const as = signedInClients(() => app);
let people = 0;

/** A user of an institution and mail domain of their own (no detected conflict with anyone). */
function person(firstName = 'Pat'): Promise<BuiltUser> {
  people += 1;
  return buildUser(app, {
    firstName,
    email: `a${people}@uni-answers-${people}.edu`,
    affiliation: `Answers University ${people}`,
  });
}

const question = (overrides: Partial<ReviewQuestionDto> & Pick<ReviewQuestionDto, 'key' | 'kind'>) =>
  chairQuestion(overrides.key, { visibility: 'authors', ...overrides });

const SOUNDNESS = question({ key: 'soundness', kind: 'score', min: 1, max: 5, value_labels: {} });
const ARTIFACT = question({
  key: 'artifact',
  kind: 'choice',
  label: { en: 'Artifact available', ar: 'الأداة متاحة' },
  required: true,
  options: [
    { value: 'yes', label: { en: 'Yes', ar: 'نعم' } },
    { value: 'no', label: { en: 'No', ar: 'لا' } },
  ],
});
const PITCH = question({ key: 'pitch', kind: 'text', visibility: 'chairs' });
const TAGS = question({ key: 'tags', kind: 'list', visibility: 'committee' });

type World = {
  event: BuiltEvent;
  chair: BuiltUser;
  writer: BuiltUser;
  coReviewer: BuiltUser;
  author: BuiltUser;
  outsider: BuiltUser;
  paper: BuiltSubmission;
};

/** An event whose form adds the four questions above, a paper with two assigned reviewers (the second completed). */
async function buildWorld(): Promise<World> {
  const event = await buildEvent(app, { status: 'active' });
  const [chair, writer, coReviewer, author, outsider] = [
    await person('Chair'),
    await person('Writer'),
    await person('Co'),
    await person('Author'),
    await person('Out'),
  ];
  await addMembership(app, { event, user: chair, role: 'chair' });
  for (const user of [writer, coReviewer]) await addMembership(app, { event, user, role: 'reviewer' });
  const paper = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
  await buildReview(app, { submission: paper, reviewer: writer });
  await buildReview(app, { submission: paper, reviewer: coReviewer, status: 'completed' });
  const saved = await (await as(chair)).put(`/api/events/${event.publicId}/review-form/`, {
    questions: [...DEFAULT_REVIEW_FORM, SOUNDNESS, ARTIFACT, PITCH, TAGS],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { event, chair, writer, coReviewer, author, outsider, paper };
}

const complete = {
  scores: {
    structured_review: {
      overall_evaluation: { score: 1, summary: { strengths: ['s'], weaknesses: ['w'] }, justification: 'j' },
      confidence: { score: 3, comment: 'c' },
    },
  },
};

async function rowOf(paper: { id: number }, reviewer: { id: number }) {
  const [row] = await app.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.submissionId, paper.id), eq(reviews.reviewerId, reviewer.id)));
  if (!row) throw new Error('no review');
  return row;
}

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('saving answers to the chair’s questions', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });
  const save = async (body: Record<string, unknown>) =>
    (await as(world.writer)).post('/api/reviews/', { submission: world.paper.publicId, ...body });

  it.each([
    ['an unknown key', { nope: 1 }, 'answers.nope', 'reviews.validations.answerUnknown', { key: 'nope' }],
    [
      'a built-in question’s key',
      { strengths: ['x'] },
      'answers.strengths',
      'reviews.validations.answerUnknown',
      { key: 'strengths' },
    ],
    ['a score out of range', { soundness: 6 }, 'answers.soundness', 'reviews.validations.answerOutOfRange', undefined],
    [
      'a score that is no integer',
      { soundness: 2.5 },
      'answers.soundness',
      'reviews.validations.answerOutOfRange',
      undefined,
    ],
    [
      'a choice not offered',
      { artifact: 'maybe' },
      'answers.artifact',
      'reviews.validations.answerInvalidChoice',
      undefined,
    ],
    [
      'a text that is a number',
      { pitch: 3 },
      'answers.pitch',
      'reviews.validations.structuredReviewInvalid',
      undefined,
    ],
    ['a list of numbers', { tags: [1, 2] }, 'answers.tags', 'reviews.validations.listInvalid', { max: 30 }],
  ])('answers 400 on the answer for %s, and writes nothing', async (_name, answers, field, key, params) => {
    const before = await rowOf(world.paper, world.writer);
    const response = await save({ status: 'in_progress', answers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field_codes: { [field]: [key] } });
    if (params) expect(response.json().field_params[field]).toEqual([params]);
    expect(await rowOf(world.paper, world.writer)).toEqual(before);
  });

  it('keeps the answers not sent, replaces those sent, pins the form version, and returns what the reviewer reads', async () => {
    const first = await save({ status: 'in_progress', answers: { soundness: '4', tags: ['ml'] } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ form_version: 1, answers: { soundness: 4, tags: ['ml'] } });
    const second = await save({ status: 'in_progress', answers: { soundness: null, pitch: 'Bold idea' } });
    expect(second.json()).toMatchObject({ answers: { soundness: null, tags: ['ml'], pitch: 'Bold idea' } });
    const row = await rowOf(world.paper, world.writer);
    expect(row).toMatchObject({ formVersion: 1, answers: { soundness: null, tags: ['ml'], pitch: 'Bold idea' } });
  });

  it('checks the chair’s required questions first, in the form’s order, then the spec’s rules', async () => {
    const empty = await save({ status: 'completed' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      field_codes: { 'answers.artifact': ['reviews.validations.answerRequired'] },
      field_params: { 'answers.artifact': [{ label: 'Artifact available' }] },
    });
    const answered = await save({ status: 'completed', answers: { artifact: 'yes' } });
    expect(answered.statusCode).toBe(400);
    expect(answered.json()).toMatchObject({
      field_codes: { 'overall_evaluation.summary.strengths': ['reviews.validations.strengthRequired'] },
    });
    // The answer of the refused submit was not kept.
    expect((await rowOf(world.paper, world.writer)).answers).not.toHaveProperty('artifact');
    const submitted = await save({ status: 'completed', answers: { artifact: 'yes' }, ...complete });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'completed', answers: { artifact: 'yes' } });
  });

  it('asks for a criterion the chair made required, on its field, and writes nothing until it is scored', async () => {
    const event = await buildEvent(app, { status: 'active' });
    const [chair, reviewer, author] = [await person('Chair'), await person('Rev'), await person('Author')];
    await addMembership(app, { event, user: chair, role: 'chair' });
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const paper = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
    await buildReview(app, { submission: paper, reviewer });
    const questions = DEFAULT_REVIEW_FORM.map((item) => (item.key === 'clarity' ? { ...item, required: true } : item));
    const saved = await (await as(chair)).put(`/api/events/${event.publicId}/review-form/`, { questions });
    expect(saved.statusCode, saved.body).toBe(200);
    const client = await as(reviewer);
    const before = await rowOf(paper, reviewer);
    const refused = await client.post('/api/reviews/', {
      submission: paper.publicId,
      status: 'completed',
      ...complete,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { 'criteria.clarity': ['reviews.validations.answerRequired'] },
      field_params: { 'criteria.clarity': [{ label: 'Clarity' }] },
    });
    expect(await rowOf(paper, reviewer)).toEqual(before);
    const structured = { ...complete.scores.structured_review, criteria: [{ id: 'clarity', score: 7 }] };
    const accepted = await client.post('/api/reviews/', {
      submission: paper.publicId,
      status: 'completed',
      scores: { structured_review: structured },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await rowOf(paper, reviewer)).status).toBe('completed');
  });

  it('refuses an answer to a question the review’s form does not hold', async () => {
    const response = await save({ answers: { novelty: 3 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field_codes: { 'answers.novelty': ['reviews.validations.answerUnknown'] },
    });
  });
});

describe('who reads the answers to the chair’s questions', () => {
  it('gives each viewer the answers the question’s visibility opens to them', async () => {
    const world = await buildWorld();
    await app.db
      .update(reviews)
      .set({ formVersion: 1, answers: { soundness: 5, artifact: 'no', pitch: 'PITCH-SECRET', tags: ['TAG-SECRET'] } })
      .where(and(eq(reviews.submissionId, world.paper.id), eq(reviews.reviewerId, world.coReviewer.id)));
    await app.db
      .update(events)
      .set({
        reviewSettings: { ...world.event.reviewSettings, reviewers_see_other_reviews: 'always' },
      })
      .where(eq(events.id, world.event.id));
    const answersFor = async (user: BuiltUser) => {
      const response = await (await as(user)).get(`/api/submissions/${world.paper.publicId}/reviews/`);
      const body = response.json() as SubmissionReviewsDto;
      return body.reviews.find((review) => review.status === 'completed')?.answers;
    };
    expect(await answersFor(world.chair)).toEqual({
      soundness: 5,
      artifact: 'no',
      pitch: 'PITCH-SECRET',
      tags: ['TAG-SECRET'],
    });
    expect(await answersFor(world.writer)).toEqual({ soundness: 5, artifact: 'no', tags: ['TAG-SECRET'] });
    expect(await answersFor(world.author)).toBeUndefined();
    await (await as(world.chair)).post(`/api/submissions/${world.paper.publicId}/make_decision/`, {
      decision: 'accept',
    });
    expect(await answersFor(world.author)).toEqual({ soundness: 5, artifact: 'no' });
  });
});

describe('GET reviews/{id}/history/', () => {
  it('lists each submitted revision with the answers changed, after the response or not, as the reader may read them', async () => {
    const world = await buildWorld();
    const writer = await as(world.writer);
    const submit = (body: Record<string, unknown>) =>
      writer.post('/api/reviews/', { submission: world.paper.publicId, status: 'completed', ...body });
    const first = await submit({ ...complete, answers: { artifact: 'yes', pitch: 'first pitch' } });
    expect(first.statusCode, first.body).toBe(200);
    const reviewId = (first.json() as ReviewDto).public_id;
    // The authors respond; the reviewer then raises the score and changes the chairs-only answer.
    await app.db.insert(authorResponses).values({
      submissionId: world.paper.id,
      body: 'We added baselines.',
      status: 'submitted',
      wordCount: 3,
      submittedAt: new Date(Date.now() - 1000),
    });
    const changed = structuredClone(complete);
    changed.scores.structured_review.overall_evaluation.score = 3;
    const second = await submit({ ...changed, answers: { pitch: 'second pitch' } });
    expect(second.statusCode, second.body).toBe(200);
    // Saving it again unchanged keeps no revision: the history lists changes only.
    const unchanged = await submit({ ...changed, answers: { pitch: 'second pitch' } });
    expect(unchanged.statusCode, unchanged.body).toBe(200);

    const revisions = await app.db
      .select()
      .from(reviewRevisions)
      .innerJoin(reviews, eq(reviews.id, reviewRevisions.reviewId))
      .where(eq(reviews.publicId, reviewId))
      .orderBy(asc(reviewRevisions.version));
    expect(revisions.map((row) => [row.review_revisions.status, row.review_revisions.afterResponse])).toEqual([
      ['completed', false],
      ['completed', true],
    ]);

    const path = `/api/reviews/${reviewId}/history/`;
    const asChair = (await (await as(world.chair)).get(path)).json() as ReviewHistoryDto;
    expect(asChair.reviewer_label).toBe('Reviewer 1');
    expect(asChair.revisions.map((revision) => [revision.form_version, revision.after_response])).toEqual([
      [1, false],
      [1, true],
    ]);
    expect(asChair.revisions[0]?.changes.map((change) => change.key)).toEqual([
      'overall_score',
      'strengths',
      'weaknesses',
      'justification',
      'confidence',
      'confidence_comment',
      'artifact',
      'pitch',
    ]);
    expect(asChair.revisions[1]?.changes).toEqual([
      { key: 'overall_score', label: { en: 'Overall evaluation', ar: 'التقييم العام' }, before: 1, after: 3 },
      { key: 'pitch', label: { en: 'pitch', ar: 'pitch' }, before: 'first pitch', after: 'second pitch' },
    ]);

    // The other reviewer (once the event lets them read other reviews) never reads the chairs-only answer.
    await app.db
      .update(events)
      .set({ reviewSettings: { ...world.event.reviewSettings, reviewers_see_other_reviews: 'always' } })
      .where(eq(events.id, world.event.id));
    const asCoReviewer = await (await as(world.coReviewer)).get(path);
    expect(asCoReviewer.statusCode).toBe(200);
    const coBody = asCoReviewer.json() as ReviewHistoryDto;
    expect(coBody.revisions[1]?.changes.map((change) => change.key)).toEqual(['overall_score']);
    expect(asCoReviewer.body).not.toContain('pitch');
    expect(asCoReviewer.body).not.toContain(world.writer.email);

    // Authors (even once they read the review) and outsiders: 404.
    await (await as(world.chair)).post(`/api/submissions/${world.paper.publicId}/make_decision/`, {
      decision: 'accept',
    });
    expect((await (await as(world.author)).get(`/api/reviews/${reviewId}/`)).statusCode).toBe(200);
    for (const user of [world.author, world.outsider]) {
      const hidden = await (await as(user)).get(path);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'reviews.notFound' });
    }
  });

  it('answers 404 for a review that does not exist, and an empty history before the first submit', async () => {
    const world = await buildWorld();
    const missing = await (await as(world.chair)).get('/api/reviews/999999-nothere/history/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'reviews.notFound' });
    const own = await rowOf(world.paper, world.writer);
    const history = await (await as(world.writer)).get(`/api/reviews/${own.publicId}/history/`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({ review_id: own.publicId, reviewer_label: 'Reviewer 1', revisions: [] });
  });
});

describe('authors during the response phase', () => {
  it('read the completed reviews while the window is open, before any decision, and not outside it', async () => {
    const world = await buildWorld();
    const path = `/api/submissions/${world.paper.publicId}/reviews/`;
    const read = async () => (await (await as(world.author)).get(path)).json() as SubmissionReviewsDto;
    const closed = await read();
    expect(closed.reviews).toEqual([]);
    expect(closed.notice?.code).toBe('reviews.hiddenUntilDecision');
    const wallClock = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 16);
    const setWindow = (opens: number, closes: number) =>
      app.db
        .update(events)
        .set({
          timezone: 'UTC',
          responseEnabled: true,
          responseOpensAt: wallClock(opens),
          responseClosesAt: wallClock(closes),
        })
        .where(eq(events.id, world.event.id));
    await setWindow(-3_600_000, 3_600_000);
    const open = await read();
    expect(open.notice).toBeNull();
    expect(open.reviews).toHaveLength(1);
    expect(open.reviews[0]).toMatchObject({ status: 'completed', reviewer_label: 'Reviewer 2' });
    expect(open.reviews[0]).not.toHaveProperty('reviewer');
    expect(open.reviews[0]).not.toHaveProperty('comments_to_chair');
    await setWindow(-7_200_000, -3_600_000);
    expect((await read()).reviews).toEqual([]);
  });
});
