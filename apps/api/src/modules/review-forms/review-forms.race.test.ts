import { DEFAULT_REVIEW_FORM } from '@confero/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { chairQuestion } from '../../../test/factories/review-forms.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClient } from '../../../test/http.ts';
import { auditLog, reviewForms, reviews } from '../../db/schema/index.ts';
import { reviewFormAt } from './review-forms.queries.ts';

/*
 * The review form under concurrency (`docs/domain.md#review-form`), on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL where the transactions really overlap: changes of the form are serialized by the event row's lock, so
 * two changes at once never answer 500 nor write one version twice; a review save holds the same row shared while it
 * reads the form and pins its version, so answers are never written against a version a concurrent change rewrites.
 */

let app: TestApp;
let people = 0;
const ROUNDS = 5;

function person(): Promise<BuiltUser> {
  people += 1;
  return buildUser(app, { email: `r${people}@uni-race-${people}.edu`, affiliation: `Race University ${people}` });
}

const own = (key: string) => chairQuestion(key);

/** An event whose form (version 1) adds questions `a` and `b`, a paper, its chair and an assigned reviewer. */
async function buildWorld() {
  const event = await buildEvent(app, { status: 'active' });
  const [chair, reviewer] = [await person(), await person()];
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  const paper = await buildSubmission(app, { event, submitter: await person() });
  const review = await buildReview(app, { submission: paper, reviewer });
  const [chairA, chairB, writer] = [
    await signedInClient(app, chair),
    await signedInClient(app, chair),
    await signedInClient(app, reviewer),
  ];
  const path = `/api/events/${event.publicId}/review-form/`;
  const first = await chairA.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('a'), own('b')] });
  expect(first.json()).toMatchObject({ version: 1 });
  return { event, paper, review, chairA, chairB, writer, path };
}

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('two changes of the form at once', () => {
  it(`both succeed, one after the other, without a duplicate version, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { event, paper, review, chairA, chairB, writer, path } = await buildWorld();
      const saved = await writer.post('/api/reviews/', {
        submission: paper.publicId,
        status: 'in_progress',
        answers: { a: 'answer a', b: 'answer b' },
      });
      expect(saved.json()).toMatchObject({ form_version: 1 });

      // Each removes one answered question of version 1: whichever runs first makes version 2, the other (finding
      // version 2 without answers) rewrites it.
      const answers = await Promise.all([
        chairA.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('b')] }),
        chairB.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('a')] }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const outcomes = answers.map((answer) => answer.json() as { version: number; new_version: boolean });
      expect(outcomes.map((outcome) => outcome.version)).toEqual([2, 2]);
      expect(outcomes.map((outcome) => outcome.new_version).sort()).toEqual([false, true]);
      const rows = await app.db
        .select({ version: reviewForms.version })
        .from(reviewForms)
        .where(eq(reviewForms.eventId, event.id))
        .orderBy(asc(reviewForms.version));
      expect(rows.map((row) => row.version)).toEqual([1, 2]);
      const audits = await app.db
        .select({ data: auditLog.data })
        .from(auditLog)
        .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'review_form.updated')));
      expect(audits).toHaveLength(3);
      const [pinned] = await app.db.select().from(reviews).where(eq(reviews.id, review.id));
      expect(pinned?.formVersion).toBe(1);
      const v1 = await reviewFormAt(app.db, event.id, 1);
      expect(v1?.questions.map((question) => question.key)).toEqual(expect.arrayContaining(['a', 'b']));
    }
  });

  it(`make versions N+1 and N+2 when answers are written against N+1 in between, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { event, paper, chairA, chairB, writer, path } = await buildWorld();
      const other = await person();
      await addMembership(app, { event, user: other, role: 'reviewer' });
      const late = await buildReview(app, { submission: paper, reviewer: other });
      const lateWriter = await signedInClient(app, other);
      await writer.post('/api/reviews/', { submission: paper.publicId, answers: { a: 'x' } });
      // Version 2 drops `a`; the late reviewer answers `b` against it; then two changes at once each drop `b`.
      expect((await chairA.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('b')] })).json()).toMatchObject({
        version: 2,
        new_version: true,
      });
      const answered = await lateWriter.post('/api/reviews/', { submission: paper.publicId, answers: { b: 'y' } });
      expect(answered.json()).toMatchObject({ form_version: 2 });
      const answers = await Promise.all([
        chairA.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('c')] }),
        chairB.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('d')] }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const versions = answers.map((answer) => (answer.json() as { version: number }).version);
      expect(versions).toEqual([3, 3]);
      const rows = await app.db
        .select({ version: reviewForms.version })
        .from(reviewForms)
        .where(eq(reviewForms.eventId, event.id))
        .orderBy(asc(reviewForms.version));
      expect(rows.map((row) => row.version)).toEqual([1, 2, 3]);
      const [lateRow] = await app.db.select().from(reviews).where(eq(reviews.id, late.id));
      expect(lateRow).toMatchObject({ formVersion: 2, answers: { b: 'y' } });
    }
  });
});

describe('two editors of the same read at once', () => {
  it(`one saves, the other answers 409 STALE_REVIEW_FORM (never both), in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { event, chairA, chairB, path } = await buildWorld();
      const dto = (await chairA.get(path)).json() as { version: number; updated_at: string | null };
      const read = { version: dto.version, updated_at: dto.updated_at };
      // Neither change orphans an answer (none is written): each would rewrite version 1 in place.
      const answers = await Promise.all([
        chairA.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('a'), own('b'), own('c')], ...read }),
        chairB.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('a'), own('b'), own('d')], ...read }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const [row] = await app.db.select().from(reviewForms).where(eq(reviewForms.eventId, event.id));
      expect(row?.questions.map((question) => question.key)).toContain(winner === 0 ? 'c' : 'd');
      expect(row?.questions.map((question) => question.key)).not.toContain(winner === 0 ? 'd' : 'c');
    }
  });
});

describe('a change of the form racing a review save', () => {
  it(`never leaves answers written against a version without their question, in each of ${ROUNDS * 2} rounds`, async () => {
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      const { event, paper, review, chairA, writer, path } = await buildWorld();
      const [save, change] = await Promise.all([
        writer.post('/api/reviews/', { submission: paper.publicId, status: 'in_progress', answers: { a: 'kept' } }),
        chairA.put(path, { questions: [...DEFAULT_REVIEW_FORM, own('b')] }),
      ]);
      expect(change.statusCode, change.body).toBe(200);
      expect([200, 400]).toContain(save.statusCode);
      const [row] = await app.db.select().from(reviews).where(eq(reviews.id, review.id));
      if (!row) throw new Error('the review is gone');
      if (save.statusCode === 200) {
        // The save came first: its answer is on version 1, which the change left alone (it made version 2).
        expect(row).toMatchObject({ formVersion: 1, answers: { a: 'kept' } });
        expect(change.json()).toMatchObject({ version: 2, new_version: true });
        const form = await reviewFormAt(app.db, event.id, 1);
        expect(form?.questions.map((question) => question.key)).toContain('a');
      } else {
        // The change came first: the form no longer asks `a`, and the save was refused without writing.
        expect(save.json()).toMatchObject({ field_codes: { 'answers.a': ['reviews.validations.answerUnknown'] } });
        expect(change.json()).toMatchObject({ version: 1, new_version: false });
        expect(row).toMatchObject({ status: 'assigned', formVersion: null, answers: {} });
      }
    }
  });
});
