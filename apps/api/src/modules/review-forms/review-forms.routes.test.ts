import {
  DEFAULT_REVIEW_FORM,
  type ReviewDto,
  type ReviewFormDto,
  type ReviewQuestionDto,
  type SavedReviewFormDto,
} from '@confero/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { chairQuestion, libraryQuestion } from '../../../test/factories/review-forms.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { auditLog, reviewForms, reviews } from '../../db/schema/index.ts';

/*
 * `GET`/`PUT events/{id}/review-form/` (`docs/domain.md#review-form`): who reads which questions, who edits, every
 * problem of a form answered on its field, the stale save, versions made only when answers would be orphaned, the
 * reviews pinned to the version they were written against, and the audit.
 */

let app: TestApp;
const as = signedInClients(() => app);

type World = {
  event: BuiltEvent;
  chair: BuiltUser;
  reviewer: BuiltUser;
  author: BuiltUser;
  outsider: BuiltUser;
  paper: Awaited<ReturnType<typeof buildSubmission>>;
};

let people = 0;
/** A user of an institution and mail domain of their own (no detected conflict with anyone). */
function person(): Promise<BuiltUser> {
  people += 1;
  return buildUser(app, { email: `p${people}@uni-forms-${people}.edu`, affiliation: `Forms University ${people}` });
}

async function buildWorld(status: 'active' | 'pending' = 'active'): Promise<World> {
  const event = await buildEvent(app, { status });
  const [chair, reviewer, author, outsider] = [await person(), await person(), await person(), await person()];
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  const paper = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
  return { event, chair, reviewer, author, outsider, paper };
}

const formPath = (event: { publicId: string }) => `/api/events/${event.publicId}/review-form/`;

/** The document `PUT` takes: the questions as `GET` answered them (builtin/removable are ignored by the server). */
const body = (questions: readonly ReviewQuestionDto[], version?: number) => ({
  questions,
  ...(version === undefined ? {} : { version }),
});

const library = (key: string) => libraryQuestion(key);

const formRows = (event: { id: number }) =>
  app.db.select().from(reviewForms).where(eq(reviewForms.eventId, event.id)).orderBy(asc(reviewForms.version));

const formAudits = (event: { id: number }) =>
  app.db
    .select({ data: auditLog.data, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'review_form.updated')))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('GET events/{id}/review-form/', () => {
  it('gives an event that never edited its form the default form as version 1', async () => {
    const { event, chair } = await buildWorld();
    const response = await (await as(chair)).get(formPath(event));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      event: event.publicId,
      version: 1,
      questions: [...DEFAULT_REVIEW_FORM],
      answered_reviews: 0,
      is_default: true,
      updated_at: null,
      abilities: { edit: true },
    } satisfies ReviewFormDto);
    expect(await formRows(event)).toEqual([]);
  });

  it('shows the committee every question, and everyone else only those authors read', async () => {
    const { event, reviewer, author, outsider, paper } = await buildWorld();
    const everything = DEFAULT_REVIEW_FORM.map((question) => question.key);
    const forAuthors = DEFAULT_REVIEW_FORM.filter((question) => question.visibility === 'authors').map((q) => q.key);
    expect(forAuthors).not.toContain('confidence_comment');
    expect(forAuthors).not.toContain('confidential_remarks_for_pc');
    const read = async (user: BuiltUser) => (await (await as(user)).get(formPath(event))).json() as ReviewFormDto;
    const asReviewer = await read(reviewer);
    expect(asReviewer.questions.map((question) => question.key)).toEqual(everything);
    expect(asReviewer.abilities).toEqual({ edit: false });
    const other = await person();
    await addMembership(app, { event, user: other, role: 'reviewer' });
    await buildReview(app, { submission: paper, reviewer: other, status: 'completed' });
    expect((await read(reviewer)).answered_reviews).toBe(1);
    for (const user of [author, outsider]) {
      const dto = await read(user);
      expect(dto.questions.map((question) => question.key)).toEqual(forAuthors);
      expect(dto.abilities).toEqual({ edit: false });
      expect(dto.answered_reviews).toBe(0);
    }
    const admin = await buildAdmin(app);
    const asAdmin = await read(admin);
    expect(asAdmin.questions.map((question) => question.key)).toEqual(everything);
    expect(asAdmin.abilities).toEqual({ edit: true });
  });

  it('hides an unpublished event from outsiders (404), and refuses a bad or unknown version', async () => {
    const { event, chair, outsider } = await buildWorld('pending');
    const hidden = await (await as(outsider)).get(formPath(event));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notFound' });
    const client = await as(chair);
    expect((await client.get(formPath(event), { query: { version: '1' } })).statusCode).toBe(200);
    const unknown = await client.get(formPath(event), { query: { version: '2' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message_code: 'reviewForms.versionNotFound' });
    const bad = await client.get(formPath(event), { query: { version: 'two' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field_codes: { version: ['validation.invalid'] } });
    // Beyond what the version column holds: a 400, never the database's error.
    const huge = await client.get(formPath(event), { query: { version: '3000000000' } });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'VALIDATION_ERROR', field_codes: { version: ['validation.invalid'] } });
  });
});

describe('PUT events/{id}/review-form/', () => {
  it('saves a chair’s form as version 1 while no review holds answers, audited, and GET answers it', async () => {
    const { event, chair } = await buildWorld();
    const client = await as(chair);
    const current = (await client.get(formPath(event))).json() as ReviewFormDto;
    const edited = current.questions.map((question) =>
      question.key === 'overall_score'
        ? { ...question, label: { en: 'Overall merit', ar: 'الجدارة العامة' } }
        : question.key === 'confidence_comment'
          ? { ...question, visibility: 'authors' as const }
          : question,
    );
    const questions = [...edited, library('best_paper')];
    const response = await client.put(formPath(event), body(questions, current.version));
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as SavedReviewFormDto;
    expect(saved).toMatchObject({
      event: event.publicId,
      version: 1,
      new_version: false,
      previous_version: 1,
      is_default: false,
      answered_reviews: 0,
      abilities: { edit: true },
    });
    expect(saved.questions).toEqual(questions);
    expect(saved.updated_at).not.toBeNull();
    const rows = await formRows(event);
    expect(rows.map((row) => [row.version, row.createdBy, row.questions])).toEqual([[1, chair.id, questions]]);
    expect(await formAudits(event)).toEqual([
      { actorId: chair.id, data: { kind: 'review', version: 1, new_version: false } },
    ]);
    const again = (await client.get(formPath(event))).json() as ReviewFormDto;
    expect(again).toEqual({ ...saved, new_version: undefined, previous_version: undefined, answered_reviews: 0 });

    // The same document again changes nothing: no row rewritten, no audit entry.
    const same = await client.put(formPath(event), body(questions, 1));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ version: 1, new_version: false, updated_at: saved.updated_at });
    expect(await formAudits(event)).toHaveLength(1);
    expect((await formRows(event))[0]?.updatedAt.toISOString()).toBe(saved.updated_at);
  });

  it('keeps the kind and range of a built-in question and the confidential remarks chairs-only, whatever is sent', async () => {
    const { event, chair } = await buildWorld();
    const questions = DEFAULT_REVIEW_FORM.map((question) =>
      question.key === 'overall_score'
        ? { ...question, kind: 'text' as const, min: -10, max: 10, required: false }
        : question.key === 'confidential_remarks_for_pc'
          ? { ...question, visibility: 'authors' as const }
          : question,
    );
    const response = await (await as(chair)).put(formPath(event), body(questions));
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as SavedReviewFormDto;
    expect(saved.questions.find((q) => q.key === 'overall_score')).toMatchObject({
      kind: 'score',
      min: -3,
      max: 3,
      required: true,
    });
    expect(saved.questions.find((q) => q.key === 'confidential_remarks_for_pc')?.visibility).toBe('chairs');
    expect(saved.is_default).toBe(true);
  });

  it('keeps only the value labels a score’s range holds (a narrowed range drops the others)', async () => {
    const { event, chair } = await buildWorld();
    const novelty = library('novelty');
    const narrowed = {
      ...novelty,
      min: 1,
      max: 3,
      value_labels: { ...novelty.value_labels, '0': { en: 'Zero', ar: 'صفر' }, x: { en: 'X', ar: 'X' } },
    };
    const overall = DEFAULT_REVIEW_FORM.find((q) => q.key === 'overall_score');
    const questions = DEFAULT_REVIEW_FORM.map((q) =>
      q.key === 'overall_score'
        ? { ...q, value_labels: { ...overall?.value_labels, '7': { en: 'Seven', ar: '7' } } }
        : q,
    );
    const response = await (await as(chair)).put(formPath(event), body([...questions, narrowed]));
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as SavedReviewFormDto;
    expect(Object.keys(saved.questions.find((q) => q.key === 'novelty')?.value_labels ?? {}).sort()).toEqual([
      '1',
      '3',
    ]);
    expect(Object.keys(saved.questions.find((q) => q.key === 'overall_score')?.value_labels ?? {})).not.toContain('7');
  });

  it('hides the form of an unpublished event from outsiders (404) and refuses reviewers (403)', async () => {
    const { event, reviewer, outsider, author } = await buildWorld('pending');
    const document = body(DEFAULT_REVIEW_FORM);
    const hidden = await (await as(outsider)).put(formPath(event), document);
    expect(hidden.statusCode).toBe(404);
    const refused = await (await as(reviewer)).put(formPath(event), document);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const published = await buildWorld();
    expect((await (await as(author)).put(formPath(published.event), document)).statusCode).toBe(404);
    expect((await (await as(published.reviewer)).put(formPath(published.event), document)).statusCode).toBe(403);
    expect(await formRows(event)).toEqual([]);
    expect(await formRows(published.event)).toEqual([]);
  });

  const custom = (overrides: Partial<ReviewQuestionDto>) =>
    chairQuestion('extra', { label: { en: 'Extra', ar: 'إضافي' }, ...overrides });
  const last = DEFAULT_REVIEW_FORM.length;
  const problems: [string, unknown[], string, string, Record<string, unknown>?][] = [
    ['a malformed key', [{ ...custom({}), key: 'Bad Key' }], `questions.${last}.key`, 'reviewForms.keyInvalid'],
    [
      'a duplicate key',
      [custom({ key: 'strengths', kind: 'list' })],
      `questions.${last}.key`,
      'reviewForms.keyDuplicate',
    ],
    [
      'a question without an English label',
      [custom({ label: { en: '  ', ar: 'عربي' } })],
      `questions.${last}.label.en`,
      'reviewForms.labelRequired',
    ],
    [
      'a score whose range is inverted',
      [custom({ kind: 'score', min: 5, max: 2 })],
      `questions.${last}.min`,
      'reviewForms.rangeInvalid',
      { min: -10, max: 10 },
    ],
    [
      'a score beyond the bounds',
      [custom({ kind: 'score', min: 0, max: 11 })],
      `questions.${last}.min`,
      'reviewForms.rangeInvalid',
      { min: -10, max: 10 },
    ],
    [
      'a choice with one option',
      [custom({ kind: 'choice', options: [{ value: 'a', label: { en: 'A', ar: 'أ' } }] })],
      `questions.${last}.options`,
      'reviewForms.optionInvalid',
    ],
    [
      'a choice with two equal values',
      [
        custom({
          kind: 'choice',
          options: [
            { value: 'a', label: { en: 'A', ar: 'أ' } },
            { value: 'a', label: { en: 'B', ar: 'ب' } },
          ],
        }),
      ],
      `questions.${last}.options`,
      'reviewForms.optionInvalid',
    ],
    // A key every JavaScript object answers (Object.prototype's): an answer would be read where none was written.
    ['a reserved key', [custom({ key: 'constructor' })], `questions.${last}.key`, 'reviewForms.keyReserved'],
    ['an unknown kind', [{ ...custom({}), kind: 'essay' }], `questions.${last}.kind`, 'validation.invalidChoice'],
    [
      'an unknown visibility',
      [{ ...custom({}), visibility: 'everyone' }],
      `questions.${last}.visibility`,
      'validation.invalidChoice',
    ],
  ];

  it.each(problems)('answers 400 on the field for %s, and saves nothing', async (_name, added, field, key, params) => {
    const { event, chair } = await buildWorld();
    const response = await (await as(chair)).put(formPath(event), { questions: [...DEFAULT_REVIEW_FORM, ...added] });
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json();
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field_codes: { [field]: [key] } });
    if (params) expect(error.field_params[field]).toEqual([params]);
    expect(await formRows(event)).toEqual([]);
    expect(await formAudits(event)).toEqual([]);
  });

  it('refuses a form without the overall score or the confidence, and an empty form', async () => {
    const { event, chair } = await buildWorld();
    const client = await as(chair);
    const withoutScore = DEFAULT_REVIEW_FORM.filter((question) => question.key !== 'overall_score');
    const missing = await client.put(formPath(event), body(withoutScore));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      field_codes: { questions: ['reviewForms.builtinRequired'] },
      field_params: { questions: [{ key: 'overall_score' }] },
    });
    const empty = await client.put(formPath(event), { questions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field_codes: { questions: ['reviewForms.empty'] } });
    expect(await formRows(event)).toEqual([]);
  });

  it('answers 409 STALE_REVIEW_FORM to a save of a version that is no longer the current one', async () => {
    const { event, chair, reviewer, paper } = await buildWorld();
    const client = await as(chair);
    await buildReview(app, { submission: paper, reviewer, status: 'completed' });
    const removed = DEFAULT_REVIEW_FORM.filter((question) => question.key !== 'clarity');
    const first = await client.put(formPath(event), body(removed, 1));
    expect(first.json()).toMatchObject({ version: 2, new_version: true, previous_version: 1 });
    const stale = await client.put(formPath(event), body(DEFAULT_REVIEW_FORM, 1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE_REVIEW_FORM',
      message_code: 'reviewForms.stale',
      current_version: 2,
    });
    // Version 1 is the default form (no row was ever written for it); version 2 is the chair's.
    expect((await formRows(event)).map((row) => row.version)).toEqual([2]);
    const defaultForm = (await client.get(formPath(event), { query: { version: '1' } })).json() as ReviewFormDto;
    expect(defaultForm).toMatchObject({ version: 1, is_default: true, answered_reviews: 1 });
  });

  it('answers 409 STALE_REVIEW_FORM to a save over a change that kept the version, when it sends the updated_at it read', async () => {
    const { event, chair } = await buildWorld();
    const client = await as(chair);
    const read = (await client.get(formPath(event))).json() as ReviewFormDto;
    expect(read.updated_at).toBeNull();
    const relabelled = DEFAULT_REVIEW_FORM.map((question) =>
      question.key === 'clarity' ? { ...question, label: { en: 'Readability', ar: 'المقروئية' } } : question,
    );
    const first = await client.put(formPath(event), { ...body(relabelled, 1), updated_at: read.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json() as SavedReviewFormDto;
    expect(saved).toMatchObject({ version: 1, new_version: false });
    // A second editor of what was read before: same version, but the form changed since.
    const second = await client.put(formPath(event), {
      ...body([...DEFAULT_REVIEW_FORM, library('soundness')], 1),
      updated_at: read.updated_at,
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ code: 'STALE_REVIEW_FORM', current_version: 1 });
    const [row] = await formRows(event);
    expect(row?.questions.map((question) => question.label.en)).toContain('Readability');
    expect(row?.questions.map((question) => question.key)).not.toContain('soundness');
    expect(await formAudits(event)).toHaveLength(1);
    // Sent with what the first save answered, it is written.
    const third = await client.put(formPath(event), {
      ...body([...relabelled, library('soundness')], 1),
      updated_at: saved.updated_at,
    });
    expect(third.statusCode, third.body).toBe(200);
    expect((await formRows(event))[0]?.questions.map((question) => question.key)).toContain('soundness');
  });
});

describe('versions', () => {
  it('pins written reviews, makes a new version only when answers would be orphaned, and keeps each review on its own', async () => {
    const { event, chair, reviewer, paper } = await buildWorld();
    const client = await as(chair);
    const other = await person();
    await addMembership(app, { event, user: other, role: 'reviewer' });
    const written = await buildReview(app, { submission: paper, reviewer: other, status: 'completed' });
    const unwritten = await buildReview(app, { submission: paper, reviewer });
    const formVersions = async () =>
      (await app.db.select().from(reviews).where(eq(reviews.submissionId, paper.id)).orderBy(asc(reviews.id))).map(
        (row) => row.formVersion,
      );
    expect(await formVersions()).toEqual([null, null]);

    // Adding a question orphans nothing: version 1 is rewritten, and the written review is pinned to it.
    const withNovelty = [...DEFAULT_REVIEW_FORM, library('novelty')];
    const added = await client.put(formPath(event), body(withNovelty, 1));
    expect(added.json()).toMatchObject({ version: 1, new_version: false, answered_reviews: 1 });
    expect(await formVersions()).toEqual([1, null]);

    // The reviewer answers the new question against version 1.
    const save = await (await as(reviewer)).post('/api/reviews/', {
      submission: paper.publicId,
      status: 'in_progress',
      answers: { novelty: '4' },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json()).toMatchObject({ form_version: 1, answers: { novelty: 4 } });
    expect(await formVersions()).toEqual([1, 1]);

    // Relabelling orphans nothing either.
    const relabelled = withNovelty.map((question) =>
      question.key === 'novelty' ? { ...question, label: { en: 'Novelty', ar: 'الجِدّة' } } : question,
    );
    const relabel = await client.put(formPath(event), body(relabelled, 1));
    expect(relabel.json()).toMatchObject({ version: 1, new_version: false, answered_reviews: 2 });

    // Removing the answered question makes version 2; both reviews stay on version 1.
    const removed = await client.put(formPath(event), body(DEFAULT_REVIEW_FORM, 1));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ version: 2, new_version: true, previous_version: 1, answered_reviews: 0 });
    expect(await formVersions()).toEqual([1, 1]);
    expect(
      (await formRows(event)).map((row) => [row.version, row.questions.map((q) => q.key).includes('novelty')]),
    ).toEqual([
      [1, true],
      [2, false],
    ]);
    expect((await formAudits(event)).map((row) => row.data)).toEqual([
      { kind: 'review', version: 1, new_version: false },
      { kind: 'review', version: 1, new_version: false },
      { kind: 'review', version: 2, new_version: true },
    ]);

    // GET: the current version, and the older one on request, with the label it had.
    const current = (await client.get(formPath(event))).json() as ReviewFormDto;
    expect(current).toMatchObject({ version: 2, is_default: true, answered_reviews: 0 });
    const older = (await client.get(formPath(event), { query: { version: '1' } })).json() as ReviewFormDto;
    expect(older.questions.find((q) => q.key === 'novelty')?.label.en).toBe('Novelty');
    expect(older.answered_reviews).toBe(2);

    // The reviews are read against their own version: the reviewer still reads the answer to the removed question.
    const review = (await (await as(reviewer)).get(`/api/reviews/${unwritten.publicId}/`)).json() as ReviewDto;
    expect(review).toMatchObject({ form_version: 1, answers: { novelty: 4 } });
    const first = (await client.get(`/api/reviews/${written.publicId}/`)).json() as ReviewDto;
    expect(first.form_version).toBe(1);

    // A new change that orphans nothing of version 2 rewrites it.
    const again = await client.put(formPath(event), body([...DEFAULT_REVIEW_FORM, library('soundness')], 2));
    expect(again.json()).toMatchObject({ version: 2, new_version: false });
  });
  it('makes a new version when a chair opens answered questions to more readers, and the old answers keep their readers', async () => {
    const { event, chair, reviewer, author, paper } = await buildWorld();
    const client = await as(chair);
    const withEthics = [...DEFAULT_REVIEW_FORM, library('ethics_concerns')];
    expect((await client.put(formPath(event), body(withEthics, 1))).json()).toMatchObject({ version: 1 });
    await buildReview(app, { submission: paper, reviewer });
    const save = await (await as(reviewer)).post('/api/reviews/', {
      submission: paper.publicId,
      status: 'in_progress',
      answers: { ethics_concerns: 'Sentinel ethics remark' },
      scores: { structured_review: { confidence: { comment: 'Sentinel confidence comment' } } },
    });
    expect(save.statusCode, save.body).toBe(200);

    // Narrowing who reads an answered question keeps the version.
    const narrowed = withEthics.map((q) =>
      q.key === 'confidence_comment' ? { ...q, visibility: 'chairs' as const } : q,
    );
    expect((await client.put(formPath(event), body(narrowed, 1))).json()).toMatchObject({
      version: 1,
      new_version: false,
    });
    // Widening makes version 2: the review written for the chairs stays on version 1 and its readers.
    const widened = narrowed.map((q) =>
      q.key === 'ethics_concerns' || q.key === 'confidence_comment' ? { ...q, visibility: 'authors' as const } : q,
    );
    expect((await client.put(formPath(event), body(widened, 1))).json()).toMatchObject({
      version: 2,
      new_version: true,
    });
    const [row] = await app.db.select().from(reviews).where(eq(reviews.submissionId, paper.id));
    expect(row?.formVersion).toBe(1);
    const older = (await client.get(formPath(event), { query: { version: '1' } })).json() as ReviewFormDto;
    expect(older.questions.find((q) => q.key === 'ethics_concerns')?.visibility).toBe('chairs');

    // Submitted and decided, the review reaches the author without the answers written for fewer readers.
    await app.db
      .update(reviews)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(reviews.id, row?.id ?? 0));
    const decide = await client.post(`/api/submissions/${paper.publicId}/make_decision/`, { decision: 'accept' });
    expect(decide.statusCode, decide.body).toBe(200);
    const listing = await (await as(author)).get(`/api/submissions/${paper.publicId}/reviews/`);
    expect(listing.statusCode, listing.body).toBe(200);
    expect(listing.json().reviews).toHaveLength(1);
    expect(listing.body).not.toContain('Sentinel ethics remark');
    expect(listing.body).not.toContain('Sentinel confidence comment');
  });

  it('keeps a justification a chair closed to the authors from them, also where it was copied into the comments to the authors', async () => {
    const { event, chair, reviewer, author, paper } = await buildWorld();
    const other = await person();
    await addMembership(app, { event, user: other, role: 'reviewer' });
    const justification = 'Sentinel justification for the committee';
    const writes = [
      { user: reviewer, comments: justification },
      { user: other, comments: 'Sentinel comments of their own' },
    ];
    for (const { user, comments } of writes) {
      await buildReview(app, { submission: paper, reviewer: user });
      const save = await (await as(user)).post('/api/reviews/', {
        submission: paper.publicId,
        status: 'in_progress',
        comments_to_author: comments,
        scores: { structured_review: { overall_evaluation: { justification } } },
      });
      expect(save.statusCode, save.body).toBe(200);
    }
    await app.db
      .update(reviews)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(reviews.submissionId, paper.id));
    const client = await as(chair);
    const closed = DEFAULT_REVIEW_FORM.map((q) =>
      q.key === 'justification' ? { ...q, visibility: 'committee' as const } : q,
    );
    expect((await client.put(formPath(event), body(closed, 1))).json()).toMatchObject({ new_version: false });
    const decide = await client.post(`/api/submissions/${paper.publicId}/make_decision/`, { decision: 'accept' });
    expect(decide.statusCode, decide.body).toBe(200);

    const listing = await (await as(author)).get(`/api/submissions/${paper.publicId}/reviews/`);
    expect(listing.statusCode, listing.body).toBe(200);
    expect(listing.body).not.toContain(justification);
    // Comments of the reviewer's own still reach the authors; the committee still reads the justification.
    expect(listing.body).toContain('Sentinel comments of their own');
    const committee = await client.get(`/api/submissions/${paper.publicId}/reviews/`);
    expect(committee.body).toContain(justification);
  });
});
