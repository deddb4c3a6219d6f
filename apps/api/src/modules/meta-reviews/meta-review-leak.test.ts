import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { buildConflict, buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { submissions } from '../../db/schema/index.ts';

/*
 * The meta-review's leak test (`docs/domain.md#meta-review`): across every answer an author, an assigned reviewer, a
 * conflicted chair and an outsider can ask for about the paper — its page, its reviews, its meta-review, its timeline,
 * the chair's table and the bulk decision's preview — the confidential note and the area chair's name, e-mail and
 * public id never appear; the conflicted chair reads nothing of the meta-review at all (not its summary nor its
 * recommendation).
 */

let app: TestApp;
const as = signedInClients(() => app);
let people = 0;
function person(last: string): Promise<BuiltUser> {
  people += 1;
  return buildUser(app, {
    email: `leak${people}@uni-mleak-${people}.edu`,
    affiliation: `Leak University ${people}`,
    lastName: last,
  });
}

const NOTE = 'ZETA-CONFIDENTIAL-NOTE';
const SUMMARY = 'OMEGA-SUMMARY-TEXT';

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the meta-review never leaks', () => {
  it('keeps the note and the area chair from authors and reviewers, and everything from the conflicted', async () => {
    const event = await buildEvent(app, { status: 'active' });
    const [chair, conflictedChair, areaChair, reviewer, author, outsider] = [
      await person('Chairperson'),
      await person('Conflictedperson'),
      await person('Zzyzxareachair'),
      await person('Reviewerperson'),
      await person('Authorperson'),
      await person('Outsiderperson'),
    ];
    await addMembership(app, { event, user: chair, role: 'chair' });
    await addMembership(app, { event, user: conflictedChair, role: 'chair' });
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    await buildAreaChair(app, { event, user: areaChair });
    const paper = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
    await setAreaChair(app, paper, areaChair);
    await buildReview(app, { submission: paper, reviewer, status: 'completed' });
    await buildConflict(app, { submission: paper, user: conflictedChair });
    const saved = await (await as(areaChair)).post(`/api/submissions/${paper.publicId}/meta-review/`, {
      answers: { summary: SUMMARY, recommendation: 'reject', confidence: 2, confidential_note: NOTE },
      status: 'completed',
    });
    expect(saved.statusCode).toBe(200);
    // The committee reads it all: the probe strings are real.
    const committee = await (await as(chair)).get(`/api/submissions/${paper.publicId}/meta-review/`);
    expect(committee.body).toContain(NOTE);
    expect(committee.body).toContain('Zzyzxareachair');
    await app.db
      .update(submissions)
      .set({ decision: 'reject', status: 'rejected' })
      .where(eq(submissions.id, paper.id));

    const id = paper.publicId;
    const reads = [
      `/api/submissions/${id}/`,
      `/api/submissions/${id}/reviews/`,
      `/api/submissions/${id}/meta-review/`,
      `/api/submissions/${id}/timeline/`,
      `/api/events/${event.publicId}/submissions/table/`,
    ];
    const everyAnswer = async (user: BuiltUser) => {
      const client = await as(user);
      const bodies = await Promise.all(reads.map((url) => client.get(url).then((response) => response.body)));
      const preview = await client.post(`/api/events/${event.publicId}/decisions/preview/`, {
        submission_ids: [id],
        decision: 'follow_meta_review',
      });
      return [...bodies, preview.body].join('\n');
    };
    for (const user of [author, reviewer, conflictedChair, outsider]) {
      const all = await everyAnswer(user);
      for (const secret of [NOTE, 'Zzyzxareachair', areaChair.email, areaChair.publicId]) {
        expect([user.lastName, all.includes(secret)]).toEqual([user.lastName, false]);
      }
    }
    // The author reads the summary (authors' answer, after the decision); the conflicted chair reads none of it.
    expect(await everyAnswer(author)).toContain(SUMMARY);
    const conflicted = await everyAnswer(conflictedChair);
    expect(conflicted).not.toContain(SUMMARY);
    expect(conflicted).not.toContain('"meta_recommendation":"reject"');
    expect(conflicted).not.toContain('"to_decision":"reject"');
  });
});
