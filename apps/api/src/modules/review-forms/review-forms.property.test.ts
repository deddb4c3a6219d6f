import {
  DEFAULT_REVIEW_FORM,
  normalizeQuestion,
  orphansAnswers,
  REVIEW_QUESTION_VISIBILITIES,
  type ReviewFormDto,
  type ReviewQuestionDto,
  ReviewQuestionInput,
  reviewFormProblems,
  type SavedReviewFormDto,
} from '@confero/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { signedInClient, type TestClient } from '../../../test/http.ts';
import { reviews } from '../../db/schema/index.ts';

/*
 * Properties of the review form (`docs/domain.md#review-form`): any valid form a chair sends comes back from `GET`
 * exactly as the server normalized it; and a review written against a version keeps that version, and the version
 * keeps its questions, whatever forms follow.
 */

let app: TestApp;
let chair: TestClient;

const word = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,18}[A-Za-z]$/);
const arabic = fc.constantFrom('', 'السؤال', 'درجة الأصالة', 'ملاحظة');
const label = fc.record({ en: word, ar: arabic });
const help = fc.record({ en: fc.constantFrom('', 'Some help.'), ar: arabic });

/** A chair's question of any kind, valid (its key from `keys`). */
const ownQuestion = (key: string) =>
  fc
    .oneof(
      fc.record({ kind: fc.constant('text' as const) }),
      fc.record({ kind: fc.constant('list' as const) }),
      fc
        .tuple(fc.integer({ min: -10, max: 9 }), fc.integer({ min: 1, max: 10 }))
        .map(([min, span]) => ({ kind: 'score' as const, min, max: Math.min(10, min + span), value_labels: {} })),
      fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 2, maxLength: 4 }).chain((values) =>
        fc.array(label, { minLength: values.length, maxLength: values.length }).map((labels) => ({
          kind: 'choice' as const,
          options: values.map((value, index) => ({ value, label: labels[index] ?? { en: value, ar: '' } })),
        })),
      ),
    )
    .chain((shape) =>
      fc.record({
        key: fc.constant(key),
        label,
        help,
        required: fc.boolean(),
        visibility: fc.constantFrom(...REVIEW_QUESTION_VISIBILITIES),
        shape: fc.constant(shape),
      }),
    );

/** A valid form: some built-in questions (the overall score and the confidence always), chair's ones, in any order. */
const validForm = fc
  .tuple(
    fc.subarray(DEFAULT_REVIEW_FORM.filter((question) => question.removable)),
    fc
      .uniqueArray(fc.stringMatching(/^q[a-z0-9_]{0,10}$/), { maxLength: 5 })
      .chain((keys) => fc.tuple(...keys.map(ownQuestion))),
    fc.array(fc.tuple(label, fc.boolean(), fc.constantFrom(...REVIEW_QUESTION_VISIBILITIES)), {
      minLength: DEFAULT_REVIEW_FORM.length,
      maxLength: DEFAULT_REVIEW_FORM.length,
    }),
  )
  .chain(([builtins, own, edits]) => {
    const kept = DEFAULT_REVIEW_FORM.filter((question) => !question.removable || builtins.includes(question)).map(
      (question, index) => {
        const [newLabel, required, visibility] = edits[index] ?? [
          question.label,
          question.required,
          question.visibility,
        ];
        return { ...question, label: newLabel, required, visibility };
      },
    );
    const added = own.map(({ shape, ...rest }) => ({ ...rest, ...shape, builtin: false, removable: true }));
    return fc.shuffledSubarray([...kept, ...added], { minLength: kept.length + added.length });
  });

/** The form as the server keeps it. */
const normalized = (questions: unknown[]): ReviewQuestionDto[] =>
  questions.map((question) => normalizeQuestion(ReviewQuestionInput.parse(question)));

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('review form properties', () => {
  it('any valid form round-trips through PUT and GET unchanged', async () => {
    const event = await buildEvent(app, { status: 'active' });
    const user = await buildUser(app, { email: 'prop-chair@uni-prop-a.edu', affiliation: 'Prop A' });
    await addMembership(app, { event, user, role: 'chair' });
    chair = await signedInClient(app, user);
    const path = `/api/events/${event.publicId}/review-form/`;
    await fc.assert(
      fc.asyncProperty(validForm, async (questions) => {
        const expected = normalized(questions);
        expect(reviewFormProblems(expected)).toEqual([]);
        const put = await chair.put(path, { questions });
        expect(put.statusCode, put.body).toBe(200);
        expect((put.json() as SavedReviewFormDto).questions).toEqual(expected);
        const got = (await chair.get(path)).json() as ReviewFormDto;
        expect(got.questions).toEqual(expected);
        // What GET answered, sent back unchanged, is the same form: nothing to save.
        const again = await chair.put(path, { questions: got.questions, version: got.version });
        expect(again.json()).toMatchObject({ version: got.version, new_version: false, updated_at: got.updated_at });
      }),
      { numRuns: 25, seed: 1313 },
    );
  });

  it('a review keeps the version it was written against, and that version its questions, whatever follows', async () => {
    const event = await buildEvent(app, { status: 'active' });
    const user = await buildUser(app, { email: 'prop-chair@uni-prop-b.edu', affiliation: 'Prop B' });
    const reviewer = await buildUser(app, { email: 'prop-rev@uni-prop-c.edu', affiliation: 'Prop C' });
    await addMembership(app, { event, user, role: 'chair' });
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const paper = await buildSubmission(app, { event });
    const review = await buildReview(app, { submission: paper, reviewer, status: 'completed' });
    chair = await signedInClient(app, user);
    const path = `/api/events/${event.publicId}/review-form/`;
    // The first change pins the written review to version 1 (the default form).
    const written = (await chair.get(path)).json() as ReviewFormDto;
    let current = written.questions as ReviewQuestionDto[];
    await fc.assert(
      fc.asyncProperty(validForm, async (questions) => {
        const expected = normalized(questions);
        const before = (await chair.get(path)).json() as ReviewFormDto;
        const put = await chair.put(path, { questions, version: before.version });
        expect(put.statusCode, put.body).toBe(200);
        const saved = put.json() as SavedReviewFormDto;
        // A new version exactly when answers are written against the current one and the change orphans some.
        expect(saved.new_version).toBe(before.answered_reviews > 0 && orphansAnswers(current, expected));
        current = expected;
        const [row] = await app.db.select().from(reviews).where(eq(reviews.id, review.id));
        expect(row?.formVersion).toBe(1);
        const first = (await chair.get(path, { query: { version: '1' } })).json() as ReviewFormDto;
        expect(first.questions).toEqual(saved.version === 1 ? expected : written.questions);
        expect(first.answered_reviews).toBe(1);
      }),
      { numRuns: 20, seed: 2626 },
    );
  });
});
