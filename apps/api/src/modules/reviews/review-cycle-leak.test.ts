import { DEFAULT_REVIEW_FORM, DEFAULT_REVIEW_SETTINGS } from '@confero/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { libraryQuestion } from '../../../test/factories/review-forms.ts';
import { buildConflict, buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { authorResponses, discussionComments, events, reviewForms } from '../../db/schema/index.ts';

/*
 * THE LEAK TEST OF THE REVIEW CYCLE (`docs/domain.md#review-form`, `#discussion`, `#author-response`). On a
 * double-blind event whose form holds a chairs-only question of the chair's, two reviewers review a paper, the
 * committee discusses it, its author responds and a reviewer updates their review. Then every route of the cycle —
 * read and write — is called as every identity, and every answer's text is searched for sentinels:
 *   - a reviewer's name, e-mail or public id never reaches the author, the other reviewer or an unassigned reviewer;
 *   - a confidential answer (the confidential remarks, the chairs-only question) never reaches the author, the other
 *     reviewer, an unassigned reviewer or a conflicted chair;
 *   - a comment never reaches the author, an unassigned reviewer or a conflicted chair;
 *   - the paper's area chair, who leads its discussion, is named to none of them nor to its reviewers, and an area
 *     chair of other papers reads nothing of it (`docs/domain.md#area-chair`).
 * The chair, who may read all of it, is the proof that the data is there to leak; the area chair reads it as well.
 */

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let conflictedChair: BuiltUser;
let reviewerA: BuiltUser;
let reviewerB: BuiltUser;
let unassigned: BuiltUser;
let author: BuiltUser;
let areaChair: BuiltUser;
let otherAreaChair: BuiltUser;
let paper: BuiltSubmission;
const reviewIds: string[] = [];
const as = signedInClients(() => app);

/** The confidential answers of each reviewer's review. */
const CONFIDENTIAL = {
  A: ['REMARKS-A-LEAK-3c91', 'ETHICS-A-LEAK-77d0'],
  B: ['REMARKS-B-LEAK-a6e4', 'ETHICS-B-LEAK-0f5b'],
};
/** An answer the form opens to authors: they must read it (the scan is not blind). */
const FOR_AUTHORS = 'STRENGTH-FOR-AUTHORS-19be';
/** The comment each committee member writes, and what each refused identity tries to write. */
const COMMENT = {
  chair: 'COMMENT-CHAIR-LEAK-5a20',
  A: 'COMMENT-A-LEAK-e2c7',
  B: 'COMMENT-B-LEAK-4d18',
  areaChair: 'COMMENT-AC-LEAK-6c3d',
  refused: 'COMMENT-REFUSED-LEAK-8b3f',
};
const RESPONSE = 'RESPONSE-BY-AUTHOR-2f6a';

/** Query parameters a curious client might try. */
const QUERIES: Record<string, string>[] = [
  {},
  { include_confidential: 'true', as: 'chair', role: 'chair', visibility: 'chairs', page_size: '100' },
];

const chairsOnlyQuestion = () => libraryQuestion('ethics_concerns', { visibility: 'chairs' });

const identityOf = (user: BuiltUser) => [
  user.email,
  user.publicId,
  user.lastName,
  `${user.firstName} ${user.lastName}`,
];

/** What each identity must never read in any answer. */
function needlesFor(viewer: BuiltUser): string[] {
  const comments = [COMMENT.chair, COMMENT.A, COMMENT.B, COMMENT.areaChair];
  const everyone = [
    ...identityOf(reviewerA),
    ...identityOf(reviewerB),
    ...identityOf(areaChair),
    ...CONFIDENTIAL.A,
    ...CONFIDENTIAL.B,
  ];
  // The event is double-blind: its reviewers and area chairs, the paper's own included, never read who wrote it.
  const authorship = identityOf(author);
  if (viewer === reviewerA)
    return [...identityOf(reviewerB), ...identityOf(areaChair), ...CONFIDENTIAL.B, ...authorship];
  if (viewer === reviewerB)
    return [...identityOf(reviewerA), ...identityOf(areaChair), ...CONFIDENTIAL.A, ...authorship];
  if (viewer === unassigned || viewer === otherAreaChair) return [...everyone, ...comments, ...authorship];
  if (viewer === author || viewer === conflictedChair) return [...everyone, ...comments];
  if (viewer === areaChair) return authorship;
  return [];
}

/** Every route of the review cycle that answers about the paper, its reviews or the caller's discussions. */
function reads(): string[] {
  return [
    `/api/submissions/${paper.publicId}/discussion/`,
    '/api/discussions/',
    `/api/submissions/${paper.publicId}/response/`,
    `/api/submissions/${paper.publicId}/responses/`,
    ...reviewIds.map((id) => `/api/reviews/${id}/history/`),
    `/api/submissions/${paper.publicId}/reviews/`,
    `/api/events/${event.publicId}/review-form/`,
    `/api/submissions/${paper.publicId}/`,
    '/api/submissions/',
    '/api/area-chair/submissions/',
    `/api/submissions/${paper.publicId}/meta-review/`,
  ];
}

/** Who may not write in the thread, and who may not write the response (each tries, with a body of their own). */
let refusedInThread: BuiltUser[] = [];
let refusedResponse: BuiltUser[] = [];

/** Calls every route as `viewer` (the writes with a body of the viewer's own) and returns every answer's text. */
async function answersTo(viewer: BuiltUser): Promise<{ route: string; status: number; body: string }[]> {
  const client = await as(viewer);
  const answers: { route: string; status: number; body: string }[] = [];
  for (const path of reads()) {
    for (const query of QUERIES) {
      const response = await client.get(path, { query });
      answers.push({
        route: `GET ${path}?${new URLSearchParams(query)}`,
        status: response.statusCode,
        body: response.body,
      });
    }
  }
  const thread = `/api/submissions/${paper.publicId}/discussion/`;
  const response = `/api/submissions/${paper.publicId}/response/`;
  const writes: [method: 'POST' | 'PUT', path: string, body: object][] = [];
  if (refusedInThread.includes(viewer)) writes.push(['POST', thread, { body: COMMENT.refused }]);
  if (refusedResponse.includes(viewer)) writes.push(['PUT', response, { body: COMMENT.refused, status: 'draft' }]);
  for (const [method, path, body] of writes) {
    const answer = await client.request(method, path, body);
    answers.push({ route: `${method} ${path}`, status: answer.statusCode, body: answer.body });
  }
  return answers;
}

/** The leaks found for the identities that must not read some of the data, as "who route: needle". */
async function findLeaks(): Promise<string[]> {
  const leaks: string[] = [];
  for (const viewer of [author, reviewerA, reviewerB, unassigned, conflictedChair, otherAreaChair, areaChair]) {
    for (const answer of await answersTo(viewer)) {
      expect(answer.status, `${viewer.lastName} ${answer.route}: ${answer.body}`).toBeLessThan(500);
      for (const needle of needlesFor(viewer)) {
        if (answer.body.toLowerCase().includes(needle.toLowerCase())) {
          leaks.push(`${viewer.lastName} ${answer.route}: ${needle}`);
        }
      }
    }
  }
  return leaks;
}

/** A submitted review in the public API's shape, with its confidential answers. */
function reviewBody(version: number, confidential: readonly string[], score: number) {
  return {
    status: 'completed',
    version,
    comments_to_author: 'Thank you for the paper.',
    structured_review: {
      overall_evaluation: {
        score,
        summary: { strengths: [FOR_AUTHORS], weaknesses: ['A small evaluation'] },
        justification: 'Solid but narrow.',
      },
      confidence: { score: 4, comment: 'I work on this.' },
      confidential_remarks_for_pc: confidential[0],
      criteria: [],
    },
    answers: { ethics_concerns: confidential[1] },
  };
}

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, firstName: string, lastName: string) =>
    buildUser(app, { email, firstName, lastName, affiliation: `${lastName} Institute` });
  chair = await person('chiara@chairs-cycle.org', 'Chiara', 'Chairwoman');
  conflictedChair = await person('conrad@chairs-cycle.org', 'Conrad', 'Conflictson');
  reviewerA = await person('rhiannon@uni-cycle-a.edu', 'Rhiannon', 'Leakwood');
  reviewerB = await person('sebastian@uni-cycle-b.edu', 'Sebastian', 'Sneakman');
  unassigned = await person('ida@uni-cycle-idle.edu', 'Ida', 'Idleworth');
  author = await person('alma@uni-cycle-author.edu', 'Alma', 'Authorova');
  areaChair = await person('arabella@uni-cycle-senior.edu', 'Arabella', 'Arbuthnot');
  otherAreaChair = await person('otto@uni-cycle-other.edu', 'Otto', 'Otherlead');
  event = await buildEvent(app, { status: 'active' });
  await app.db
    .update(events)
    .set({
      reviewSettings: { ...DEFAULT_REVIEW_SETTINGS, blind_mode: 'double', reviewers_see_other_reviews: 'always' },
      responseEnabled: true,
      responseOpensAt: '2000-01-01T00:00',
      responseClosesAt: '2100-01-01T00:00',
      responseWordLimit: 200,
      discussionReviewersSee: 'always',
    })
    .where(eq(events.id, event.id));
  for (const user of [chair, conflictedChair]) await addMembership(app, { event, user, role: 'chair' });
  refusedInThread = [author, unassigned, conflictedChair, otherAreaChair];
  for (const user of [areaChair, otherAreaChair]) await buildAreaChair(app, { event, user });
  refusedResponse = [reviewerA, reviewerB, unassigned, conflictedChair];
  for (const user of [reviewerA, reviewerB, unassigned]) await addMembership(app, { event, user, role: 'reviewer' });
  await app.db
    .insert(reviewForms)
    .values({ eventId: event.id, version: 1, questions: [...DEFAULT_REVIEW_FORM, chairsOnlyQuestion()] });
  paper = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }], title: 'Cycle paper' });
  await buildConflict(app, { submission: paper, user: conflictedChair, reason: 'Former student' });
  await setAreaChair(app, paper, areaChair);

  // Two reviews, submitted through the API (their history starts there).
  for (const [reviewer, confidential, score] of [
    [reviewerA, CONFIDENTIAL.A, 2],
    [reviewerB, CONFIDENTIAL.B, -2],
  ] as const) {
    const review = await buildReview(app, { submission: paper, reviewer, status: 'assigned', assignedBy: chair });
    reviewIds.push(review.publicId);
    const saved = await (await as(reviewer)).patch(
      `/api/reviews/${review.publicId}/`,
      reviewBody(1, confidential, score),
    );
    expect(saved.statusCode, saved.body).toBe(200);
  }

  // The discussion: the chair mentions reviewer B, reviewer A answers, reviewer B mentions reviewer A as "Reviewer 1".
  const thread = `/api/submissions/${paper.publicId}/discussion/`;
  for (const [writer, body, mentions] of [
    [chair, COMMENT.chair, [reviewerB.publicId]],
    [reviewerA, COMMENT.A, []],
    [reviewerB, COMMENT.B, ['reviewer-1']],
    [areaChair, COMMENT.areaChair, [reviewerA.publicId]],
  ] as const) {
    const posted = await (await as(writer)).post(thread, { body, mentions });
    expect(posted.statusCode, posted.body).toBe(201);
  }

  // The author responds, then reviewer A updates their review (a revision after the response, its answers changed).
  const responded = await (await as(author)).put(`/api/submissions/${paper.publicId}/response/`, {
    body: RESPONSE,
    status: 'submitted',
  });
  expect(responded.statusCode, responded.body).toBe(200);
  const updated = await (await as(reviewerA)).patch(
    `/api/reviews/${reviewIds[0]}/`,
    reviewBody(
      2,
      CONFIDENTIAL.A.map((text) => `${text} (updated)`),
      1,
    ),
  );
  expect(updated.statusCode, updated.body).toBe(200);
});

afterAll(async () => {
  await app?.close();
});

describe('the review cycle leaks no identity, confidential answer or comment', () => {
  it('has data that could leak: the chair reads every sentinel, the author the answers meant for them', async () => {
    const chairAnswers = await answersTo(chair);
    // Every route answers the chair (the response itself is its authors' only), so the scan reads real answers.
    for (const answer of chairAnswers.filter((one) => !one.route.includes('/response/'))) {
      expect(answer.status, `${answer.route}: ${answer.body}`).toBe(200);
    }
    const history = chairAnswers.find((answer) => answer.route.startsWith(`GET /api/reviews/${reviewIds[0]}/history/`));
    expect(history?.body).toContain(CONFIDENTIAL.A[1]);
    expect(history?.body).toContain('"after_response":true');
    const chairReads = chairAnswers.map((answer) => answer.body).join('\n');
    for (const needle of [
      ...identityOf(reviewerA),
      ...identityOf(reviewerB),
      ...CONFIDENTIAL.A,
      ...CONFIDENTIAL.B,
      COMMENT.chair,
      COMMENT.A,
      COMMENT.B,
      RESPONSE,
      ...identityOf(author),
    ]) {
      expect(chairReads, needle).toContain(needle);
    }
    // The paper's area chair reads what the committee reads.
    const areaChairReads = (await answersTo(areaChair)).map((answer) => answer.body).join('\n');
    for (const needle of [...identityOf(reviewerA), ...CONFIDENTIAL.B, COMMENT.chair, COMMENT.B, RESPONSE]) {
      expect(areaChairReads, needle).toContain(needle);
    }
    const authorReads = (await (await as(author)).get(`/api/submissions/${paper.publicId}/response/`)).body;
    expect(authorReads).toContain(FOR_AUTHORS);
    // The other reviewer reads the thread and the history of the first review: their scan reads real content.
    const coReviewer = await as(reviewerB);
    expect((await coReviewer.get(`/api/submissions/${paper.publicId}/discussion/`)).body).toContain(COMMENT.A);
    const coHistory = await coReviewer.get(`/api/reviews/${reviewIds[0]}/history/`);
    expect(coHistory.statusCode).toBe(200);
    expect(coHistory.body).toContain(FOR_AUTHORS);
  });

  it('during the response window, before the decision', async () => {
    expect(await findLeaks()).toEqual([]);
  });

  it('writes nothing for the identities the thread and the response refuse', async () => {
    const refusedIds = [author.id, unassigned.id, conflictedChair.id, otherAreaChair.id];
    const [written] = await app.db
      .select({ value: count() })
      .from(discussionComments)
      .where(and(eq(discussionComments.submissionId, paper.id), inArray(discussionComments.authorId, refusedIds)));
    expect(written?.value).toBe(0);
    const [response] = await app.db
      .select({ body: authorResponses.body, status: authorResponses.status })
      .from(authorResponses)
      .where(eq(authorResponses.submissionId, paper.id));
    expect(response).toEqual({ body: RESPONSE, status: 'submitted' });
  });

  it('after the decision, when the author reads the final reviews', async () => {
    const decided = await (await as(chair)).post(`/api/submissions/${paper.publicId}/make_decision/`, {
      decision: 'accept',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const reviews = await (await as(author)).get(`/api/submissions/${paper.publicId}/reviews/`);
    expect(reviews.body).toContain(FOR_AUTHORS);
    expect(await findLeaks()).toEqual([]);
  });
});
