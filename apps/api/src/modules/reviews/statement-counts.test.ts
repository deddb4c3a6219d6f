import { DEFAULT_REVIEW_SETTINGS } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { recordStatements } from '../../../test/statements.ts';
import { reviews } from '../../db/schema/index.ts';

/*
 * The hot routes of reviewing run a fixed number of SQL statements (transactions included), whatever the number of
 * reviews of the paper: each request loads the submission, its event and the viewer's access once.
 */

let app: TestApp;
const as = signedInClients(() => app);

/**
 * The upper bounds, in statements per request. A review's reads include the detection of the viewer's conflict with the
 * paper (four statements, `detectsConflict`) for members of the event, and the versions of the event's review form the
 * reviews are read against (one statement, whatever their number); a save adds the event row's shared lock, the form
 * it is written against, its update and its audit entry; a submit adds the review's last revision (a save that changed
 * nothing writes none), the new revision and whether the authors had responded.
 */
const BOUNDS = {
  saveDraft: 15,
  submit: 18,
  authorReviews: 8,
  chairReviews: 11,
  oneReview: 12,
  submission: 6,
  submissionList: 9,
};

type Costs = Record<keyof typeof BOUNDS, number>;

/** A paper with `size` reviews (the first by `writer`, still to write), decided, and the costs of the hot routes. */
async function measure(size: number): Promise<Costs> {
  const tag = `s${size}`;
  const person = (name: string) =>
    buildUser(app, { email: `${name}-${tag}@uni-${name}${tag}.edu`, affiliation: `${name} ${tag}` });
  const chair = await person('chair');
  const author = await person('author');
  const writer = await person('writer');
  const event = await buildEvent(app, { status: 'active' });
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: writer, role: 'reviewer' });
  const paper = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author }],
    decision: 'accept',
  });
  await buildReview(app, { submission: paper, reviewer: writer, assignedBy: chair });
  for (let i = 1; i < size; i += 1) {
    const other = await person(`other${i}`);
    await addMembership(app, { event, user: other, role: 'reviewer' });
    await buildReview(app, { submission: paper, reviewer: other, status: 'completed', assignedBy: chair });
  }
  expect(DEFAULT_REVIEW_SETTINGS.authors_see_reviews).toBe('after_decision');
  const [writerClient, chairClient, authorClient] = [await as(writer), await as(chair), await as(author)];
  const count = async (fn: () => Promise<{ statusCode: number; body: string }>) => {
    let status = 0;
    let body = '';
    const statements = await recordStatements(app, async () => {
      const response = await fn();
      status = response.statusCode;
      body = response.body;
    });
    expect(status, body).toBe(200);
    return statements.length;
  };
  const review = (status: string) => ({
    submission: paper.publicId,
    status,
    scores: {
      structured_review: JSON.stringify({
        overall_evaluation: { score: 1, summary: { strengths: ['s'], weaknesses: ['w'] }, justification: 'j' },
        confidence: { score: 3, comment: 'c' },
      }),
    },
  });
  const saveDraft = await count(() => writerClient.post('/api/reviews/', review('in_progress')));
  const submit = await count(() => writerClient.post('/api/reviews/', review('completed')));
  const [own] = await app.db
    .select({ publicId: reviews.publicId })
    .from(reviews)
    .where(and(eq(reviews.submissionId, paper.id), eq(reviews.reviewerId, writer.id)));
  const reviewsUrl = `/api/submissions/${paper.publicId}/reviews/`;
  const authorReviews = await count(() => authorClient.get(reviewsUrl));
  expect((JSON.parse((await authorClient.get(reviewsUrl)).body) as { reviews: unknown[] }).reviews).toHaveLength(size);
  const chairReviews = await count(() => chairClient.get(reviewsUrl));
  const oneReview = await count(() => chairClient.get(`/api/reviews/${own?.publicId}/`));
  const submission = await count(() => authorClient.get(`/api/submissions/${paper.publicId}/`));
  const submissionList = await count(() => chairClient.get('/api/submissions/', { query: { event: event.publicId } }));
  return { saveDraft, submit, authorReviews, chairReviews, oneReview, submission, submissionList };
}

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('statements per request on the hot routes', () => {
  it('stay under fixed bounds, the same with 1 and with 5 reviews', async () => {
    const one = await measure(1);
    const five = await measure(5);
    expect(five).toEqual(one);
    for (const [route, bound] of Object.entries(BOUNDS)) {
      expect({ route, statements: one[route as keyof Costs] <= bound }).toEqual({ route, statements: true });
    }
  });
});
