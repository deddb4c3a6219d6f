import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { buildConflict } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { recordStatements } from '../../../test/statements.ts';
import { submissions } from '../../db/schema/index.ts';

/*
 * The meta-review in the chair's console (`docs/domain.md#meta-review`): the submissions table's `meta_recommendation`
 * (a completed meta-review's, null for a draft and for a conflicted viewer, in the page's one query) and the bulk
 * decision "follow the meta-review" (each paper the decision its completed meta-review recommends; a paper without one
 * skipped and left alone; a conflicted paper as the existing rule, learning nothing of its meta-review).
 */

let app: TestApp;
const as = signedInClients(() => app);
let people = 0;
function person(): Promise<BuiltUser> {
  people += 1;
  return buildUser(app, { email: `fm${people}@uni-follow-${people}.edu`, affiliation: `Follow University ${people}` });
}

type Papers = Record<'accept' | 'reject' | 'revision' | 'draft' | 'none' | 'conflicted', BuiltSubmission>;

async function buildWorld() {
  const event = await buildEvent(app, { status: 'active' });
  const [chair, areaChair] = [await person(), await person()];
  await addMembership(app, { event, user: chair, role: 'chair' });
  await buildAreaChair(app, { event, user: areaChair, maxPapers: 10 });
  const papers = {} as Papers;
  for (const name of ['accept', 'reject', 'revision', 'draft', 'none', 'conflicted'] as const) {
    const author = await person();
    papers[name] = await buildSubmission(app, {
      event,
      submitter: author,
      authors: [{ user: author }],
      title: `Paper ${name}`,
    });
    await setAreaChair(app, papers[name], areaChair);
  }
  const ac = await as(areaChair);
  const write = (paper: BuiltSubmission, recommendation: string, status: 'in_progress' | 'completed') =>
    ac.post(`/api/submissions/${paper.publicId}/meta-review/`, {
      answers: { summary: `On ${paper.title}`, recommendation, confidence: 3 },
      status,
    });
  for (const name of ['accept', 'reject', 'revision'] as const) {
    expect((await write(papers[name], name, 'completed')).statusCode).toBe(200);
  }
  expect((await write(papers.draft, 'accept', 'in_progress')).statusCode).toBe(200);
  expect((await write(papers.conflicted, 'reject', 'completed')).statusCode).toBe(200);
  await buildConflict(app, { submission: papers.conflicted, user: chair });
  return { event, chair, papers, url: (rest: string) => `/api/events/${event.publicId}/${rest}` };
}

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the chair console and the meta-review', () => {
  it("shows each paper's completed meta-review recommendation in the table, null for a draft, none, or a conflict", async () => {
    const { chair, papers, url } = await buildWorld();
    const client = await as(chair);
    const statements = await recordStatements(app, async () => {
      const body = (await client.get(url('submissions/table/'), { query: { page_size: '100' } })).json();
      const byTitle = Object.fromEntries(
        body.results.map((row: { title: string; meta_recommendation: string | null }) => [
          row.title,
          row.meta_recommendation,
        ]),
      );
      expect(byTitle).toEqual({
        'Paper accept': 'accept',
        'Paper reject': 'reject',
        'Paper revision': 'revision',
        'Paper draft': null,
        'Paper none': null,
        'Paper conflicted': null,
      });
    });
    // One statement reads the meta-reviews, inside the page's query (no query per row).
    expect(statements.filter((statement) => /"meta_reviews"/.test(statement))).toHaveLength(1);
    expect(papers.accept).toBeDefined();
  });

  it('previews "follow the meta-review" paper by paper, skipping the papers without a completed one', async () => {
    const { chair, papers, url } = await buildWorld();
    const ids = Object.values(papers).map((paper) => paper.publicId);
    const response = await (await as(chair)).post(url('decisions/preview/'), {
      submission_ids: ids,
      decision: 'follow_meta_review',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ changed: 3, skipped: 3 });
    const byId = Object.fromEntries(response.json().results.map((item: { id: string }) => [item.id, item]));
    expect(byId[papers.accept.publicId]).toMatchObject({ ok: true, to_decision: 'accept', reason: null });
    expect(byId[papers.reject.publicId]).toMatchObject({ ok: true, to_decision: 'reject' });
    expect(byId[papers.revision.publicId]).toMatchObject({ ok: true, to_decision: 'revision' });
    expect(byId[papers.draft.publicId]).toMatchObject({ ok: false, to_decision: null, reason: 'no_meta_review' });
    expect(byId[papers.none.publicId]).toMatchObject({ ok: false, to_decision: null, reason: 'no_meta_review' });
    // The conflicted chair learns nothing of that paper's meta-review.
    expect(byId[papers.conflicted.publicId]).toMatchObject({ ok: false, to_decision: null, reason: 'conflicted' });
    const rows = await app.db
      .select({ decision: submissions.decision })
      .from(submissions)
      .where(
        inArray(
          submissions.id,
          Object.values(papers).map((paper) => paper.id),
        ),
      );
    expect(rows.every((row) => row.decision === 'pending')).toBe(true);
  });

  it('decides each paper as its meta-review recommends and leaves the others alone', async () => {
    const { chair, papers, url } = await buildWorld();
    const response = await (await as(chair)).post(url('decisions/'), {
      submission_ids: Object.values(papers).map((paper) => paper.publicId),
      decision: 'follow_meta_review',
      notify: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ changed: 3, skipped: 3, notified: false });
    const decisionOf = async (paper: BuiltSubmission) =>
      (await app.db.select({ decision: submissions.decision }).from(submissions).where(eq(submissions.id, paper.id)))[0]
        ?.decision;
    expect(await decisionOf(papers.accept)).toBe('accept');
    expect(await decisionOf(papers.reject)).toBe('reject');
    expect(await decisionOf(papers.revision)).toBe('revision');
    for (const name of ['draft', 'none', 'conflicted'] as const) expect(await decisionOf(papers[name])).toBe('pending');
  });

  it('refuses an unknown choice with 400 on decision', async () => {
    const { chair, papers, url } = await buildWorld();
    const response = await (await as(chair)).post(url('decisions/preview/'), {
      submission_ids: [papers.accept.publicId],
      decision: 'follow_the_reviews',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { decision: expect.any(Array) } });
  });
});
