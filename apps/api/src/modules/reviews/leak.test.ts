import {
  DEFAULT_REVIEW_FORM,
  DEFAULT_REVIEW_SETTINGS,
  type DeclaredConflictListDto,
  type ReviewQuestionDto,
  type SubmissionReviewsDto,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { chairQuestion } from '../../../test/factories/review-forms.ts';
import { buildBid, buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { events, reviews, submissionAuthors } from '../../db/schema/index.ts';

/*
 * THE LEAK TEST (`docs/domain.md#review-visibility`): an author of a submission that has reviews — with confidential
 * remarks and comments to the chair — and a reviewer of the event who is not assigned to it never receive a reviewer's
 * identity (name, e-mail, public id) or a confidential field from any endpoint that returns submissions or reviews,
 * whatever query parameters they send, before and after the decision. The event's review form adds a chairs-only
 * question and a committee-only one: their answers never reach an author or an unassigned reviewer, and the
 * chairs-only one never reaches another reviewer of the paper either. The paper's area chair reads all of it as the
 * committee does, but their own identity never reaches the authors either, and an area chair of another paper or one
 * conflicted with this paper reads none of it (`docs/domain.md#area-chair`). First we make sure the data is there.
 */

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let reviewerA: BuiltUser;
let reviewerB: BuiltUser;
let unassigned: BuiltUser;
let author: BuiltUser;
let areaChair: BuiltUser;
let otherAreaChair: BuiltUser;
let conflictedAreaChair: BuiltUser;
let paper: BuiltSubmission;
let otherPaper: BuiltSubmission;
const reviewIds: string[] = [];
const extraPaths: string[] = [];
const as = signedInClients(() => app);

const CONFIDENTIAL = 'CONFIDENTIAL-LEAK-7f3a';
const CHAIR_NOTE = 'CHAIR-LEAK-91c2';
const CHAIRS_ONLY_ANSWER = 'CHAIRS-ONLY-ANSWER-4b8e';
const COMMITTEE_ANSWER = 'COMMITTEE-ANSWER-2d7c';

/** The chair's own questions added to the default form: one for the chairs only, one for the committee. */
const ownQuestion = (key: string, visibility: ReviewQuestionDto['visibility']) =>
  chairQuestion(key, { label: { en: `Question ${key}`, ar: `سؤال ${key}` }, visibility });

/** Query parameters a curious client might try. */
const QUERIES: Record<string, string>[] = [
  {},
  { page_size: '100' },
  { include: 'reviews,reviewer', expand: 'reviewer', fields: 'all' },
  { visibility: 'committee', as: 'chair', role: 'chair', include_confidential: 'true' },
  { status: 'completed' },
  { bid: 'none', search: 'Leak' },
];

/** What must not leak: the reviews' secrets and identities, and who the paper's area chair is. */
function needles(): string[] {
  return [...reviewNeedles(), ...identityOf(areaChair)];
}

const identityOf = (user: BuiltUser) => [
  user.email,
  user.publicId,
  user.lastName,
  `${user.firstName} ${user.lastName}`,
];

function reviewNeedles(): string[] {
  return [
    CONFIDENTIAL,
    CHAIR_NOTE,
    CHAIRS_ONLY_ANSWER,
    COMMITTEE_ANSWER,
    ...[reviewerA, reviewerB].flatMap(identityOf),
  ];
}

function endpoints(): string[] {
  return [
    '/api/submissions/',
    `/api/submissions/${paper.publicId}/`,
    `/api/submissions/${paper.id}/`,
    '/api/submissions/my_submissions/',
    `/api/submissions/event_submissions/?event_id=${event.publicId}`,
    `/api/submissions/${paper.publicId}/reviews/`,
    ...reviewIds.map((id) => `/api/reviews/${id}/`),
    ...reviewIds.map((id) => `/api/reviews/${id}/history/`),
    `/api/events/${event.publicId}/review-form/`,
    '/api/reviews/my-reviews/',
    `/api/submissions/${paper.publicId}/reviewer-candidates/`,
    `/api/submissions/${paper.publicId}/bid/`,
    `/api/events/${event.publicId}/bids/`,
    `/api/events/${event.publicId}/conflicts/`,
    `/api/submissions/${paper.publicId}/declared-conflicts/`,
    `/api/submissions/${paper.publicId}/area-chair-candidates/`,
    `/api/events/${event.publicId}/area-chairs/`,
    '/api/area-chair/submissions/',
    `/api/submissions/${paper.publicId}/discussion/`,
    ...extraPaths,
  ];
}

/** Every endpoint, every query, both viewers: returns the leaks found as "viewer path?query: needle". */
async function findLeaks(): Promise<string[]> {
  const leaks: string[] = [];
  for (const viewer of [author, unassigned, otherAreaChair, conflictedAreaChair]) {
    const client = await as(viewer);
    for (const path of endpoints()) {
      for (const query of QUERIES) {
        const response = await client.get(path, { query });
        expect(response.statusCode, `${path} answered ${response.statusCode}`).toBeLessThan(500);
        for (const needle of needles()) {
          if (response.body.toLowerCase().includes(needle.toLowerCase())) {
            leaks.push(`${viewer.firstName} ${path}?${new URLSearchParams(query)}: ${needle}`);
          }
        }
      }
    }
  }
  return leaks;
}

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, affiliation: string, firstName: string, lastName: string) =>
    buildUser(app, { email, affiliation, firstName, lastName });
  event = await buildEvent(app, { status: 'active', creator: await person('org@org.example', 'Org', 'Orla', 'Org') });
  chair = await person('chair@chairs.org', 'Chair House', 'Chiara', 'Chairwoman');
  reviewerA = await person('rhiannon@uni-leak-a.edu', 'Leak University A', 'Rhiannon', 'Leakwood');
  reviewerB = await person('sebastian@uni-leak-b.edu', 'Leak University B', 'Sebastian', 'Sneakman');
  unassigned = await person('ida@uni-idle.edu', 'Idle University', 'Ida', 'Idleworth');
  author = await person('alma@uni-author.edu', 'Author University', 'Alma', 'Authorova');
  areaChair = await person('arabella@uni-senior.edu', 'Senior University', 'Arabella', 'Arbuthnot');
  otherAreaChair = await person('otto@uni-other-senior.edu', 'Other Senior', 'Otto', 'Otherchair');
  // Same e-mail domain as the author: detection finds them conflicted with the paper.
  conflictedAreaChair = await person('cleo@uni-author.edu', 'Some Lab', 'Cleo', 'Conflictchair');
  await addMembership(app, { event, user: chair, role: 'chair' });
  for (const user of [reviewerA, reviewerB, unassigned]) await addMembership(app, { event, user, role: 'reviewer' });
  for (const user of [areaChair, otherAreaChair, conflictedAreaChair]) {
    await addMembership(app, { event, user, role: 'area_chair' });
  }
  paper = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author }],
    title: 'Leak-proof review visibility',
  });
  otherPaper = await buildSubmission(app, { event, title: 'Another paper to review' });
  await setAreaChair(app, paper, areaChair);
  await setAreaChair(app, otherPaper, otherAreaChair);
  for (const reviewer of [reviewerA, reviewerB]) {
    const review = await buildReview(app, {
      submission: paper,
      reviewer,
      status: 'completed',
      assignedBy: chair,
      commentsToChair: `${CHAIR_NOTE} from ${reviewer.lastName}`,
      confidentialRemarks: `${CONFIDENTIAL} from ${reviewer.lastName}`,
      commentsToAuthor: 'A fine paper overall.',
    });
    reviewIds.push(review.publicId, String(review.id));
    await buildBid(app, { submission: paper, user: reviewer, value: 'eager' });
  }
  // The chair's form asks two questions of their own; the reviews answer them (against version 1).
  const form = await (await as(chair)).put(`/api/events/${event.publicId}/review-form/`, {
    questions: [...DEFAULT_REVIEW_FORM, ownQuestion('chairs_note', 'chairs'), ownQuestion('pc_note', 'committee')],
  });
  expect(form.statusCode, form.body).toBe(200);
  for (const reviewer of [reviewerA, reviewerB]) {
    const answers = {
      chairs_note: `${CHAIRS_ONLY_ANSWER} from ${reviewer.lastName}`,
      pc_note: `${COMMITTEE_ANSWER} from ${reviewer.lastName}`,
    };
    await app.db
      .update(reviews)
      .set({ formVersion: 1, answers })
      .where(and(eq(reviews.submissionId, paper.id), eq(reviews.reviewerId, reviewer.id)));
  }
  // The unassigned reviewer has work of their own elsewhere, and bids on the paper.
  await buildReview(app, { submission: otherPaper, reviewer: unassigned, status: 'completed' });
  await buildReview(app, { submission: otherPaper, reviewer: reviewerA, status: 'completed' });
  await buildBid(app, { submission: paper, user: unassigned, value: 'willing' });
  // An automatic assignment preview of the event (it names reviewers: the committee's eyes only).
  const preview = await (await as(chair)).post(`/api/events/${event.publicId}/assignment/preview/`, {});
  await app.jobs.runPending();
  const previewId = (preview.json() as { preview_id: string }).preview_id;
  extraPaths.push(
    `/api/events/${event.publicId}/assignment/preview/${previewId}/`,
    `/api/events/${event.publicId}/assignment/preview/`,
  );
});

afterAll(async () => {
  await app?.close();
});

describe('no reviewer identity or confidential field reaches authors or unassigned reviewers', () => {
  it('has data that could leak: the committee sees it', async () => {
    const response = await (await as(chair)).get(`/api/submissions/${paper.publicId}/reviews/`);
    const body = response.json() as SubmissionReviewsDto;
    expect(body.reviews).toHaveLength(2);
    for (const needle of reviewNeedles()) expect(response.body).toContain(needle);
    const candidates = await (await as(chair)).get(`/api/submissions/${paper.publicId}/reviewer-candidates/`);
    expect(candidates.body).toContain(reviewerA.email);
    const preview = await (await as(chair)).get(extraPaths[0] ?? '');
    expect(preview.json()).toMatchObject({ status: 'done' });
    expect(preview.body).toContain(reviewerA.publicId);
    const latest = await (await as(chair)).get(extraPaths[1] ?? '');
    expect(latest.json()).toMatchObject({ status: 'done', preview_id: preview.json().preview_id });
    expect(latest.body).toContain(reviewerA.publicId);
    // The paper's area chair reads what the committee reads; the chair reads who the area chair is.
    const led = await (await as(areaChair)).get(`/api/submissions/${paper.publicId}/reviews/`);
    for (const needle of reviewNeedles()) expect(led.body).toContain(needle);
    const chosen = await (await as(chair)).get(`/api/submissions/${paper.publicId}/area-chair-candidates/`);
    expect(chosen.body).toContain(areaChair.publicId);
    expect(chosen.body).toContain('Arabella Arbuthnot');
  });

  it('before the decision', async () => {
    expect(await findLeaks()).toEqual([]);
  });

  it('after the decision, when the author reads the reviews', async () => {
    const decided = await (await as(chair)).post(`/api/submissions/${paper.publicId}/make_decision/`, {
      decision: 'accept',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const reviews = (await (await as(author)).get(`/api/submissions/${paper.publicId}/reviews/`)).json();
    expect((reviews as SubmissionReviewsDto).reviews).toHaveLength(2);
    expect(await findLeaks()).toEqual([]);
  });

  it('in a single-blind event too, where reviewers see authors but never each other', async () => {
    await app.db
      .update(events)
      .set({
        reviewSettings: { ...DEFAULT_REVIEW_SETTINGS, blind_mode: 'single', reviewers_see_other_reviews: 'always' },
      })
      .where(eq(events.id, event.id));
    expect(await findLeaks()).toEqual([]);
  });

  it('never shows another reviewer of the paper a chairs-only answer, though it reads the committee’s', async () => {
    // The event lets reviewers read each other's reviews (the test before): reviewer B reads reviewer A's.
    const client = await as(reviewerB);
    const response = await client.get(`/api/submissions/${paper.publicId}/reviews/`);
    const others = (response.json() as SubmissionReviewsDto).reviews.filter((review) => !review.is_own);
    expect(others.map((review) => review.answers)).toEqual([{ pc_note: `${COMMITTEE_ANSWER} from Leakwood` }]);
    const secret = `${CHAIRS_ONLY_ANSWER} from Leakwood`;
    const paths = [
      `/api/submissions/${paper.publicId}/reviews/`,
      ...reviewIds.map((id) => `/api/reviews/${id}/`),
      ...reviewIds.map((id) => `/api/reviews/${id}/history/`),
    ];
    for (const path of paths) {
      const read = await client.get(path);
      expect(read.statusCode, path).toBeLessThan(500);
      expect(read.body, path).not.toContain(secret);
    }
  });

  it('shows an author only the conflicts they declared themselves, never one naming a reviewer of the paper', async () => {
    // A co-author and the chair declare conflicts naming the paper's reviewers; the author names the chair.
    const coauthor = await buildUser(app, {
      email: 'cora@uni-coauthor.edu',
      affiliation: 'Co University',
      firstName: 'Cora',
      lastName: 'Coauthor',
    });
    await app.db.insert(submissionAuthors).values({
      submissionId: paper.id,
      position: 2,
      firstName: coauthor.firstName,
      lastName: coauthor.lastName,
      email: coauthor.email,
      affiliation: coauthor.affiliation,
      country: 'EG',
      isCorresponding: false,
      userId: coauthor.id,
    });
    // Authors declare while the review is open; the paper is accepted again before the lists are read.
    const decisionPath = `/api/submissions/${paper.publicId}/make_decision/`;
    expect((await (await as(chair)).post(decisionPath, { decision: 'pending' })).statusCode).toBe(200);
    const conflictsPath = `/api/events/${event.publicId}/conflicts/`;
    const coauthorNote = 'COAUTHOR-NOTE-5d1e';
    const byCoauthor = await (await as(coauthor)).post(conflictsPath, {
      submission_id: paper.publicId,
      email: reviewerB.email,
      reason: coauthorNote,
    });
    expect(byCoauthor.statusCode, byCoauthor.body).toBe(201);
    const byChair = await (await as(chair)).post(conflictsPath, {
      submission_id: paper.publicId,
      user_id: reviewerA.publicId,
      type: 'other',
    });
    expect(byChair.statusCode, byChair.body).toBe(201);
    const byAuthor = await (await as(author)).post(conflictsPath, {
      submission_id: paper.publicId,
      email: chair.email,
      reason: 'Former colleague',
    });
    expect(byAuthor.statusCode, byAuthor.body).toBe(201);
    // The chair is conflicted now (the author named them): the event's creator decides.
    expect((await (await as(event.creator)).post(decisionPath, { decision: 'accept' })).statusCode).toBe(200);

    const path = `/api/submissions/${paper.publicId}/declared-conflicts/`;
    const mine = await (await as(author)).get(path);
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json() as DeclaredConflictListDto;
    expect(body.results.map((row) => [row.person.email, row.note])).toEqual([[chair.email, 'Former colleague']]);
    expect(mine.body).not.toContain(coauthorNote);
    const theirs = (await (await as(coauthor)).get(path)).json() as DeclaredConflictListDto;
    expect(theirs.results.map((row) => row.person.email)).toEqual([reviewerB.email]);
    expect((await (await as(unassigned)).get(path)).statusCode).toBe(403);
    expect(await findLeaks()).toEqual([]);
  });

  it('gives an area chair of the paper who is conflicted with it nothing of its reviews', async () => {
    // The paper's area chair becomes one detection finds conflicted (the author's e-mail domain).
    await setAreaChair(app, paper, conflictedAreaChair);
    expect(await findLeaks()).toEqual([]);
    const client = await as(conflictedAreaChair);
    expect((await client.get(`/api/submissions/${paper.publicId}/discussion/`)).statusCode).toBe(404);
    const listed = await client.get('/api/area-chair/submissions/');
    expect(listed.json()).toMatchObject({ count: 0, results: [] });
    await setAreaChair(app, paper, areaChair);
  });
});
