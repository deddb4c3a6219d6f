import { DEFAULT_META_REVIEW_FORM } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { chairQuestion } from '../../../test/factories/review-forms.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClient } from '../../../test/http.ts';
import { auditLog, metaReviews, reviewForms, submissions } from '../../db/schema/index.ts';

/*
 * The meta-review under concurrency (`docs/domain.md#meta-review`), on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL where the transactions really overlap: two first saves at once write one row (ON CONFLICT on the
 * submission), the other answers 409 STALE_META_REVIEW, never 500; two saves of the same version, one wins; a first
 * save and a change of the meta-review form never pass each other (the save pins a version that holds its answers);
 * a bulk decision following the meta-reviews and the area chair's change of their recommendations: each paper gets
 * the decision its meta-review, frozen by that decision, recommends.
 */

let app: TestApp;
let people = 0;
const ROUNDS = 5;

function person(): Promise<BuiltUser> {
  people += 1;
  return buildUser(app, {
    email: `mr${people}@uni-mrace-${people}.edu`,
    affiliation: `Meta Race University ${people}`,
  });
}

async function buildWorld() {
  const event = await buildEvent(app, { status: 'active' });
  const [chair, areaChair] = [await person(), await person()];
  await addMembership(app, { event, user: chair, role: 'chair' });
  await buildAreaChair(app, { event, user: areaChair });
  const paper = await buildSubmission(app, { event, submitter: await person() });
  await setAreaChair(app, paper, areaChair);
  const [tabA, tabB, chairClient] = [
    await signedInClient(app, areaChair),
    await signedInClient(app, areaChair),
    await signedInClient(app, chair),
  ];
  return { event, paper, tabA, tabB, chairClient, path: `/api/submissions/${paper.publicId}/meta-review/` };
}

const rowsOf = (paper: { id: number }) =>
  app.db.select().from(metaReviews).where(eq(metaReviews.submissionId, paper.id));

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('two saves at once', () => {
  it(`two first saves write one row; the other answers 409 STALE_META_REVIEW (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { paper, tabA, tabB, path } = await buildWorld();
      const answers = await Promise.all([
        tabA.post(path, { answers: { summary: 'From tab A' }, status: 'in_progress', version: 0 }),
        tabB.post(path, { answers: { summary: 'From tab B' }, status: 'in_progress', version: 0 }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((answer) => answer.statusCode === 409);
      expect(lost?.json()).toMatchObject({ code: 'STALE_META_REVIEW' });
      const won = answers.find((answer) => answer.statusCode === 200)?.json();
      const rows = await rowsOf(paper);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ version: 1, answers: won.answers });
      const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'meta_review.saved'));
      expect(audits.filter((entry) => entry.entityId === String(paper.id))).toHaveLength(1);
    }
  });

  it(`two saves of the same version: one wins, the other 409, the version grows once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { paper, tabA, tabB, path } = await buildWorld();
      await tabA.post(path, { answers: { summary: 'First' }, status: 'in_progress', version: 0 });
      const answers = await Promise.all([
        tabA.post(path, { answers: { summary: 'A' }, status: 'in_progress', version: 1 }),
        tabB.post(path, { answers: { summary: 'B' }, status: 'in_progress', version: 1 }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const won = answers.find((answer) => answer.statusCode === 200)?.json();
      const [row] = await rowsOf(paper);
      expect(row).toMatchObject({ version: 2, answers: { summary: won.answers.summary } });
    }
  });

  it(`a first save and a change of the meta-review form: the answers hold in the version pinned (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { event, paper, tabA, chairClient, path } = await buildWorld();
      const formPath = `/api/events/${event.publicId}/meta-review-form/`;
      const added = await chairClient.put(formPath, {
        questions: [...DEFAULT_META_REVIEW_FORM, chairQuestion('extra')],
      });
      expect(added.json()).toMatchObject({ version: 1 });
      const [saved, changed] = await Promise.all([
        tabA.post(path, { answers: { extra: 'an answer' }, status: 'in_progress', version: 0 }),
        chairClient.put(formPath, { questions: DEFAULT_META_REVIEW_FORM }),
      ]);
      expect(changed.statusCode).toBe(200);
      const rows = await rowsOf(paper);
      if (saved.statusCode === 400) {
        // The change came first: the question is gone, so its answer is refused and nothing is written.
        expect(saved.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          fields: { 'answers.extra': expect.any(Array) },
        });
        expect(rows).toEqual([]);
        expect(changed.json()).toMatchObject({ version: 1, new_version: false });
      } else {
        // The save came first: the change, finding an answer to the question it removes, made version 2.
        expect(saved.statusCode).toBe(200);
        expect(changed.json()).toMatchObject({ version: 2, new_version: true });
        const [row] = rows;
        expect(row).toMatchObject({ formVersion: 1, answers: { extra: 'an answer' } });
        const pinned = await app.db
          .select()
          .from(reviewForms)
          .where(
            and(eq(reviewForms.eventId, event.id), eq(reviewForms.kind, 'meta_review'), eq(reviewForms.version, 1)),
          );
        expect(pinned[0]?.questions.map((question) => question.key)).toContain('extra');
      }
      // The review form of the event is untouched by the meta-review form's versions.
      const reviewRows = await app.db.select().from(reviewForms).where(eq(reviewForms.eventId, event.id));
      expect(reviewRows.filter((candidate) => candidate.kind === 'review')).toEqual([]);
    }
  });
});

describe('following the meta-reviews while the area chair changes them', () => {
  it(`each paper is decided as its frozen meta-review recommends (${ROUNDS} rounds)`, async () => {
    const PAPERS = 12;
    for (let round = 0; round < ROUNDS; round += 1) {
      const { event, paper: first, tabA, chairClient } = await buildWorld();
      const [leader] = await app.db
        .select({ id: submissions.areaChairId })
        .from(submissions)
        .where(eq(submissions.id, first.id));
      const papers = [first];
      for (let index = 1; index < PAPERS; index += 1) {
        const paper = await buildSubmission(app, { event, submitter: await person() });
        await setAreaChair(app, paper, { id: leader?.id ?? 0 });
        papers.push(paper);
      }
      const pathOf = (paper: { publicId: string }) => `/api/submissions/${paper.publicId}/meta-review/`;
      const answers = (recommendation: string) => ({ summary: 'S', recommendation, confidence: 3 });
      for (const paper of papers) {
        const saved = await tabA.post(pathOf(paper), { answers: answers('accept'), status: 'completed', version: 0 });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const [decided, ...changes] = await Promise.all([
        chairClient.post(`/api/events/${event.publicId}/decisions/`, {
          submission_ids: papers.map((paper) => paper.publicId),
          decision: 'follow_meta_review',
          notify: false,
        }),
        ...papers.map((paper) =>
          tabA.post(pathOf(paper), { answers: answers('reject'), status: 'completed', version: 1 }),
        ),
      ]);
      expect(decided.statusCode, decided.body).toBe(200);
      for (const change of changes) {
        if (change.statusCode !== 200) expect(change.json()).toMatchObject({ code: 'META_REVIEW_DECIDED' });
      }
      const results = new Map<string, { to_decision: string | null; ok: boolean }>(
        decided.json().results.map((item: { id: string; to_decision: string | null; ok: boolean }) => [item.id, item]),
      );
      for (const paper of papers) {
        const [row] = await rowsOf(paper);
        const [now] = await app.db
          .select({ decision: submissions.decision })
          .from(submissions)
          .where(eq(submissions.id, paper.id));
        // The meta-review no longer changes once decided: the decision is what it recommends.
        expect([paper.publicId, now?.decision]).toEqual([paper.publicId, row?.answers.recommendation]);
        expect(results.get(paper.publicId)).toMatchObject({ ok: true, to_decision: now?.decision });
      }
    }
  });
});
