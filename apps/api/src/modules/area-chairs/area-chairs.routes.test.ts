import type {
  AreaChairCandidatesDto,
  AreaChairListDto,
  AreaChairSubmissionListDto,
  DiscussionDto,
  SubmissionReviewsDto,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { createClient, lastMail, linkIn, mailsTo, signedInClients } from '../../../test/http.ts';
import { countQueries } from '../../../test/statements.ts';
import { auditLog, eventMemberships, metaReviews, submissions } from '../../db/schema/index.ts';
import { makePublicId, nextId } from '../../lib/ids.ts';

let app: TestApp;
let event: BuiltEvent;
let organizer: BuiltUser;
let chair: BuiltUser;
let areaChair: BuiltUser;
let otherAreaChair: BuiltUser;
let conflictedAreaChair: BuiltUser;
let newcomer: BuiltUser;
let reviewer: BuiltUser;
let coReviewer: BuiltUser;
let outsider: BuiltUser;
let author: BuiltUser;
let paper: BuiltSubmission;
let otherPaper: BuiltSubmission;
let thirdPaper: BuiltSubmission;
let review: { id: number; publicId: string };
let draft: { id: number; publicId: string };
const as = signedInClients(() => app);

const eventUrl = (path: string) => `/api/events/${event.publicId}/${path}/`;
/** A pending event: outsiders do not see it (an active event is public, so its outsiders are refused 403). */
let hidden: BuiltEvent;
const hiddenUrl = (path: string) => `/api/events/${hidden.publicId}/${path}/`;
const areaChairUrl = (submission: { publicId: string }) => `/api/submissions/${submission.publicId}/area-chair/`;
const candidatesUrl = (submission: { publicId: string }) =>
  `/api/submissions/${submission.publicId}/area-chair-candidates/`;
const revisitUrl = (target: { publicId: string }) => `/api/reviews/${target.publicId}/revisit/`;

async function areaChairOf(submission: { id: number }) {
  const [row] = await app.db
    .select({ id: submissions.areaChairId, source: submissions.areaChairSource })
    .from(submissions)
    .where(eq(submissions.id, submission.id));
  return row;
}

async function auditOf(action: string) {
  return app.db.select().from(auditLog).where(eq(auditLog.action, action));
}

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, affiliation: string, firstName: string) =>
    buildUser(app, { email, affiliation, firstName, lastName: 'Tester' });
  organizer = await person('org@org.example', 'Organisers', 'Org');
  event = await buildEvent(app, { status: 'active', creator: organizer });
  hidden = await buildEvent(app, { status: 'pending', creator: organizer });
  chair = await person('chair@chairs.org', 'Chair House', 'Chair');
  areaChair = await person('ac@senior.edu', 'Senior University', 'Ada');
  otherAreaChair = await person('ac2@other-senior.edu', 'Other Senior', 'Omar');
  conflictedAreaChair = await person('ac3@uni-a.edu', 'Some Lab', 'Cleo');
  newcomer = await person('new@newcomer.edu', 'Newcomer College', 'Nadia');
  reviewer = await person('rev@rev-one.edu', 'Rev One', 'Rita');
  coReviewer = await person('rev2@rev-two.edu', 'Rev Two', 'Remy');
  outsider = await person('out@outer.edu', 'Outer', 'Otto');
  author = await person('author@uni-a.edu', 'Alpha University', 'Alma');
  await addMembership(app, { event, user: chair, role: 'chair' });
  await buildAreaChair(app, { event, user: areaChair, maxPapers: 2, expertise: 'graphs' });
  await buildAreaChair(app, { event, user: otherAreaChair });
  await buildAreaChair(app, { event, user: conflictedAreaChair });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  await addMembership(app, { event, user: coReviewer, role: 'reviewer' });
  paper = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author, affiliation: 'Alpha University' }],
    title: 'Graphs for everyone',
  });
  otherPaper = await buildSubmission(app, { event, title: 'Another paper' });
  thirdPaper = await buildSubmission(app, { event, title: 'A third paper' });
  review = await buildReview(app, {
    submission: paper,
    reviewer,
    status: 'completed',
    confidentialRemarks: 'Secret remark for the committee',
  });
  draft = await buildReview(app, { submission: paper, reviewer: coReviewer, status: 'assigned' });
});

afterAll(async () => {
  await app?.close();
});

describe('membership: add_area_chair/, invite_area_chair/, remove_area_chair/, area-chairs/', () => {
  it('adds a registered user as an area chair with their grant (201), audited', async () => {
    const response = await (await as(organizer)).post(eventUrl('add_area_chair'), {
      user_id: newcomer.publicId,
      expertise: 'databases',
      max_papers: 3,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      message: 'The area chair was added.',
      area_chair: {
        public_id: newcomer.publicId,
        name: 'Nadia Tester',
        email: newcomer.email,
        status: 'active',
        expertise: 'databases',
        max_papers: 3,
        assigned: 0,
        completed_meta_reviews: 0,
      },
    });
    const [row] = await app.db
      .select()
      .from(eventMemberships)
      .where(and(eq(eventMemberships.userId, newcomer.id), eq(eventMemberships.role, 'area_chair')));
    expect(row).toMatchObject({ status: 'active', expertise: 'databases', maxPapers: 3, eventId: event.id });
    expect((await auditOf('event.area_chair_added')).some((entry) => entry.entityId === String(row?.id))).toBe(true);
    const again = await (await as(organizer)).post(eventUrl('add_area_chair'), { email: newcomer.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_MEMBER', message_code: 'events.alreadyAreaChair' });
  });

  it('refuses bad input with the field (400), outsiders (404) and members without the right (403), writing nothing', async () => {
    const client = await as(organizer);
    const badMax = await client.post(eventUrl('add_area_chair'), { user_id: outsider.publicId, max_papers: 0 });
    expect(badMax.statusCode).toBe(400);
    expect(badMax.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { max_papers: ['events.maxPapersRange'] },
    });
    const unknown = await client.post(eventUrl('add_area_chair'), { email: 'nobody@nowhere.edu' });
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { email: ['events.chairEmailNotFound'] },
    });
    const missing = await client.post(eventUrl('add_area_chair'), {});
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { user_id: ['events.userIdRequired'] },
    });
    for (const route of ['add_area_chair', 'remove_area_chair']) {
      const huge = await client.post(eventUrl(route), { user_id: 999999999999 });
      expect(huge.statusCode, route).toBe(400);
      expect(huge.json()).toMatchObject({ field_codes: { user_id: ['events.userNotFound'] } });
    }
    const wrongType = await client.post(eventUrl('add_area_chair'), { user_id: { id: 1 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { user_id: expect.any(Array) } });
    expect(
      (await (await as(outsider)).post(hiddenUrl('add_area_chair'), { user_id: outsider.publicId })).statusCode,
    ).toBe(404);
    for (const user of [reviewer, areaChair, outsider]) {
      const refused = await (await as(user)).post(eventUrl('add_area_chair'), { user_id: outsider.publicId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    const rows = await app.db
      .select()
      .from(eventMemberships)
      .where(and(eq(eventMemberships.userId, outsider.id), eq(eventMemberships.eventId, event.id)));
    expect(rows).toEqual([]);
  });

  it('invites an area chair by e-mail in the words of the role (201), an invitation listed as pending', async () => {
    const response = await (await as(organizer)).post(eventUrl('invite_area_chair'), {
      email: 'future-ac@future.edu',
      first_name: 'Fay',
      last_name: 'Future',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'The invitation to be an area chair was sent.',
      area_chair: { public_id: null, name: 'Fay Future', email: 'future-ac@future.edu', status: 'pending' },
    });
    const mail = await lastMail(app, 'future-ac@future.edu', 'events.organizer_invitation');
    expect(mail.subject).toBe(`Invitation to be an area chair of ${event.title}`);
    expect(mail.text_body).toContain('Area chairs lead the papers');
    const bad = await (await as(organizer)).post(eventUrl('invite_area_chair'), { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { email: expect.any(Array) } });
    expect((await (await as(reviewer)).post(eventUrl('invite_area_chair'), { email: 'x@y.edu' })).statusCode).toBe(403);
  });

  it('makes a registered invitee an active area chair when they accept through the invitation link', async () => {
    const invitee = await buildUser(app, {
      email: 'invitee@invited-ac.edu',
      affiliation: 'Invited',
      firstName: 'Ines',
    });
    expect((await (await as(chair)).post(eventUrl('invite_area_chair'), { email: invitee.email })).statusCode).toBe(
      201,
    );
    const mail = await lastMail(app, invitee.email, 'events.organizer_invitation');
    const accept = linkIn(mail, '/api/events/invitations/');
    const answer = await createClient(app).get(`${accept.pathname}${accept.search}`);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toContain('role=area_chair');
    const [row] = await app.db
      .select()
      .from(eventMemberships)
      .where(and(eq(eventMemberships.userId, invitee.id), eq(eventMemberships.role, 'area_chair')));
    expect(row).toMatchObject({ status: 'active', eventId: event.id });
    await app.db.delete(eventMemberships).where(eq(eventMemberships.id, row?.id ?? 0));
  });

  it('lists the area chairs with their loads, paginated, to organizers only', async () => {
    await setAreaChair(app, thirdPaper, otherAreaChair);
    const metaId = await nextId(app.db, 'meta_reviews');
    await app.db.insert(metaReviews).values({
      id: metaId,
      publicId: makePublicId(metaId),
      submissionId: thirdPaper.id,
      authorId: otherAreaChair.id,
      formVersion: 1,
      status: 'completed',
      completedAt: new Date(),
    });
    const page = await (await as(organizer)).get(`${eventUrl('area-chairs')}?page_size=2`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as AreaChairListDto;
    expect(body.count).toBe(5);
    expect(body.results).toHaveLength(2);
    expect(body.next).toContain('page=2');
    const all = (await (await as(chair)).get(`${eventUrl('area-chairs')}?page_size=100`)).json() as AreaChairListDto;
    expect(all.results.find((row) => row.public_id === otherAreaChair.publicId)).toMatchObject({
      assigned: 1,
      completed_meta_reviews: 1,
      max_papers: 5,
    });
    expect(all.results.at(-1)).toMatchObject({ status: 'pending' });
    expect((await (await as(outsider)).get(hiddenUrl('area-chairs'))).statusCode).toBe(404);
    for (const user of [reviewer, areaChair, outsider]) {
      const refused = await (await as(user)).get(eventUrl('area-chairs'));
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(otherAreaChair.email);
    }
    const badPage = await (await as(organizer)).get(`${eventUrl('area-chairs')}?page=0`);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { page: expect.any(Array) } });
  });
});

describe('POST submissions/{id}/area-chair/', () => {
  it('checks in order: an active area chair (400), a conflict (409), writing and mailing nothing', async () => {
    const client = await as(chair);
    for (const userId of [
      '999999',
      '999999999999',
      999999999999,
      -1,
      outsider.publicId,
      reviewer.publicId,
      'future-ac@future.edu',
    ]) {
      const refused = await client.post(areaChairUrl(paper), { user_id: userId });
      expect(refused.statusCode, String(userId)).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        field_codes: { user_id: ['areaChairs.notActive'] },
      });
    }
    // An id past the database's integers is nobody (never a 500), in the path as in the body.
    expect((await client.get('/api/submissions/999999999999/area-chair-candidates/')).statusCode).toBe(404);
    expect((await client.post('/api/reviews/999999999999/revisit/', { message: 'Hi' })).statusCode).toBe(404);
    const conflicted = await client.post(areaChairUrl(paper), { user_id: conflictedAreaChair.publicId });
    expect(conflicted.statusCode).toBe(409);
    expect(conflicted.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST', message_code: 'areaChairs.conflicted' });
    expect(conflicted.json().detail).toContain('Same e-mail domain');
    expect(await areaChairOf(paper)).toEqual({ id: null, source: null });
    expect(await mailsTo(app, conflictedAreaChair.email)).toEqual([]);
  });

  it('refuses outsiders (404), reviewers, area chairs and authors (403), and a conflicted chair (403 CONFLICT_OF_INTEREST)', async () => {
    const body = { user_id: areaChair.publicId };
    const hidden = await (await as(outsider)).post(areaChairUrl(paper), body);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const user of [reviewer, areaChair, author]) {
      const refused = await (await as(user)).post(areaChairUrl(paper), body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'areaChairs.denied' });
    }
    const conflictedChair = await buildUser(app, { email: 'cc@uni-a.edu', affiliation: 'Lab', firstName: 'Cy' });
    await addMembership(app, { event, user: conflictedChair, role: 'chair' });
    const refused = await (await as(conflictedChair)).post(areaChairUrl(paper), body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT_OF_INTEREST',
      message_code: 'areaChairs.managerConflicted',
    });
    expect(await areaChairOf(paper)).toEqual({ id: null, source: null });
  });

  it('sets the area chair: the paper, the audit entry and the mail in their language', async () => {
    const response = await (await as(chair)).post(areaChairUrl(paper), { user_id: areaChair.publicId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Ada Tester is now the area chair of this submission.',
      submission: { public_id: paper.publicId, title: paper.title },
      area_chair: { public_id: areaChair.publicId, name: 'Ada Tester' },
    });
    expect(await areaChairOf(paper)).toEqual({ id: areaChair.id, source: 'manual' });
    const [entry] = await auditOf('area_chair.assigned');
    expect(entry).toMatchObject({ actorId: chair.id, data: { submission_id: paper.id, user_id: areaChair.id } });
    const mail = await lastMail(app, areaChair.email, 'area_chairs.assigned');
    expect(mail.subject).toBe('You are the area chair of “Graphs for everyone”');
    // The same area chair again changes nothing and mails nothing more.
    await (await as(chair)).post(areaChairUrl(paper), { user_id: areaChair.publicId });
    expect(await mailsTo(app, areaChair.email)).toHaveLength(1);
  });

  it('refuses an area chair at their max_papers (409 AREA_CHAIR_OVERLOADED) and keeps the paper as it was', async () => {
    await (await as(chair)).post(areaChairUrl(otherPaper), { user_id: areaChair.publicId });
    const full = await (await as(chair)).post(areaChairUrl(thirdPaper), { user_id: areaChair.publicId });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'AREA_CHAIR_OVERLOADED',
      message_code: 'areaChairs.overloaded',
      params: { name: 'Ada Tester', load: 2, max: 2 },
    });
    expect(await areaChairOf(thirdPaper)).toEqual({ id: otherAreaChair.id, source: 'manual' });
  });

  it('lists the candidates with load and conflicts to the committee only', async () => {
    const response = await (await as(chair)).get(candidatesUrl(paper));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AreaChairCandidatesDto;
    expect(body.current).toEqual({ public_id: areaChair.publicId, name: 'Ada Tester' });
    const byId = new Map(body.candidates.map((candidate) => [candidate.public_id, candidate]));
    expect(byId.get(areaChair.publicId)).toMatchObject({
      assigned: 2,
      max_papers: 2,
      is_current: true,
      conflict: null,
    });
    expect(byId.get(conflictedAreaChair.publicId)?.conflict).toContain('Same e-mail domain');
    const hidden = await (await as(outsider)).get(candidatesUrl(paper));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND' });
    const refused = await (await as(areaChair)).get(candidatesUrl(paper));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'areaChairs.denied' });
  });

  it('clears the area chair with a null user_id (audited), and answers 400 to a user_id of the wrong type', async () => {
    const bad = await (await as(chair)).post(areaChairUrl(otherPaper), { user_id: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { user_id: expect.any(Array) } });
    const cleared = await (await as(chair)).post(areaChairUrl(otherPaper), { user_id: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ area_chair: null, message: 'This submission has no area chair now.' });
    expect(await areaChairOf(otherPaper)).toEqual({ id: null, source: null });
    expect((await auditOf('area_chair.unassigned')).some((entry) => entry.entityId === String(otherPaper.id))).toBe(
      true,
    );
  });
});

describe('what the area chair reads and does', () => {
  it('reads every review of the paper they chair as the committee does, the confidential remarks included', async () => {
    const response = await (await as(areaChair)).get(`/api/submissions/${paper.publicId}/reviews/`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as SubmissionReviewsDto;
    expect(body.visibility).toBe('committee');
    expect(response.body).toContain('Secret remark for the committee');
    const one = await (await as(areaChair)).get(`/api/reviews/${review.publicId}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json().abilities).toMatchObject({ edit: false, can_request_revisit: true });
  });

  it('reads nothing of a paper they do not chair, and decides nothing on the one they chair', async () => {
    const other = await (await as(otherAreaChair)).get(`/api/reviews/${review.publicId}/`);
    expect(other.statusCode).toBe(404);
    const decision = await (await as(areaChair)).post(`/api/submissions/${paper.publicId}/decision/`, {
      decision: 'accept',
    });
    expect([403, 404]).toContain(decision.statusCode);
    const [row] = await app.db.select().from(submissions).where(eq(submissions.id, paper.id));
    expect(row?.decision).toBe('pending');
  });

  it('reads nothing of the paper still naming them once no longer an active area chair of the event', async () => {
    const membershipOf = (status: 'active' | 'declined') =>
      app.db
        .update(eventMemberships)
        .set({ status })
        .where(
          and(
            eq(eventMemberships.eventId, event.id),
            eq(eventMemberships.userId, areaChair.id),
            eq(eventMemberships.role, 'area_chair'),
          ),
        );
    await (await as(chair)).post(`/api/submissions/${paper.publicId}/discussion/`, { body: 'A thread to keep shut.' });
    await membershipOf('declined');
    try {
      const client = await as(areaChair);
      expect((await client.get(`/api/reviews/${review.publicId}/`)).statusCode).toBe(404);
      expect((await client.get(`/api/submissions/${paper.publicId}/discussion/`)).statusCode).toBe(404);
      expect((await client.post(revisitUrl(review), { message: 'Hi' })).statusCode).toBe(404);
      const reviews = await client.get(`/api/submissions/${paper.publicId}/reviews/`);
      expect(reviews.body).not.toContain('Secret remark for the committee');
      expect((await client.get('/api/area-chair/submissions/')).json()).toMatchObject({ count: 0, results: [] });
      expect((await client.get('/api/discussions/')).body).not.toContain(paper.publicId);
    } finally {
      await membershipOf('active');
    }
    expect((await (await as(areaChair)).get('/api/discussions/')).body).toContain(paper.publicId);
  });

  it('lists the papers they chair with review progress and meta-review status, paginated', async () => {
    const response = await (await as(areaChair)).get('/api/area-chair/submissions/?page_size=1');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AreaChairSubmissionListDto;
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      public_id: paper.publicId,
      reviews_assigned: 2,
      reviews_completed: 1,
      meta_review_status: null,
      needs_discussion: false,
      event: { public_id: event.publicId },
    });
    const inEvent = await (await as(otherAreaChair)).get(`/api/area-chair/submissions/?event_id=${event.publicId}`);
    expect((inEvent.json() as AreaChairSubmissionListDto).results.map((row) => row.public_id)).toEqual([
      thirdPaper.publicId,
    ]);
    expect((inEvent.json() as AreaChairSubmissionListDto).results[0]?.meta_review_status).toBe('completed');
    const none = (await (await as(reviewer)).get('/api/area-chair/submissions/')).json() as AreaChairSubmissionListDto;
    expect(none).toMatchObject({ count: 0, results: [] });
    expect((await (await as(outsider)).get('/api/area-chair/submissions/?event_id=999999')).statusCode).toBe(404);
    const bad = await (await as(areaChair)).get('/api/area-chair/submissions/?page_size=500');
    expect(bad.statusCode).toBe(400);
  });

  it("takes part in the paper's discussion, shown to reviewers as 'Area chair' without a name", async () => {
    const posted = await (await as(areaChair)).post(`/api/submissions/${paper.publicId}/discussion/`, {
      body: 'Let us weigh the second review.',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const thread = await (await as(reviewer)).get(`/api/submissions/${paper.publicId}/discussion/`);
    expect(thread.statusCode, thread.body).toBe(200);
    const dto = thread.json() as DiscussionDto;
    const comment = dto.comments.find((item) => item.body === 'Let us weigh the second review.');
    expect(comment?.author).toEqual({ role: 'area_chair', display_name: 'Area chair', is_self: false });
    expect(thread.body).not.toContain('Ada');
    expect(thread.body).not.toContain(areaChair.email);
    expect(dto.mentionable.find((person) => person.role === 'area_chair')).toMatchObject({ public_id: 'area-chair' });
    const mine = await (await as(areaChair)).get('/api/discussions/');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(paper.publicId);
  });
});

describe('POST reviews/{id}/revisit/', () => {
  it('mails the reviewer the message in their language and audits it; a draft is asked to be completed', async () => {
    const response = await (await as(areaChair)).post(revisitUrl(review), { message: 'Please weigh the response.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'The reviewer was asked to revisit their review.' });
    const mail = await lastMail(app, reviewer.email, 'reviews.revisit');
    expect(mail.text_body).toContain('Please weigh the response.');
    expect(mail.text_body).not.toContain('please complete it');
    expect(mail.text_body).not.toContain('Ada');
    const [entry] = await auditOf('review.revisit_requested');
    expect(entry).toMatchObject({ actorId: areaChair.id, entityId: String(review.id) });
    const toDraft = await (await as(chair)).post(revisitUrl(draft), { message: 'Where is it?' });
    expect(toDraft.statusCode).toBe(200);
    expect((await lastMail(app, coReviewer.email, 'reviews.revisit')).text_body).toContain('please complete it');
  });

  it('refuses bad input (400), who cannot read the review (404) and a co-reviewer who reads it (403)', async () => {
    const before = await mailsTo(app, reviewer.email);
    for (const message of ['', '   ', 'x'.repeat(2001)]) {
      const bad = await (await as(areaChair)).post(revisitUrl(review), { message });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { message: expect.any(Array) } });
    }
    for (const user of [outsider, otherAreaChair, conflictedAreaChair, author]) {
      expect((await (await as(user)).post(revisitUrl(review), { message: 'Hi' })).statusCode).toBe(404);
    }
    // The paper's own area chair, conflicted with it (detection: the author's e-mail domain), reads nothing of it.
    await setAreaChair(app, paper, conflictedAreaChair);
    expect((await (await as(conflictedAreaChair)).post(revisitUrl(review), { message: 'Hi' })).statusCode).toBe(404);
    await app.db.update(submissions).set({ areaChairId: null }).where(eq(submissions.id, paper.id));
    // The co-reviewer reads the completed review once theirs is done.
    await buildReview(app, { submission: paper, reviewer: outsider, status: 'completed' });
    await addMembership(app, { event, user: outsider, role: 'reviewer' });
    const coRead = await (await as(outsider)).post(revisitUrl(review), { message: 'Hi' });
    expect(coRead.statusCode).toBe(403);
    expect(coRead.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'areaChairs.revisitDenied' });
    await setAreaChair(app, paper, areaChair);
    expect(await mailsTo(app, reviewer.email)).toEqual(before);
  });
});

describe('remove_area_chair/', () => {
  it('withdraws an invitation to an address without an account by email (audited); none left is 400 on email', async () => {
    const client = await as(organizer);
    const invited = await client.post(eventUrl('invite_area_chair'), { email: 'withdrawn-ac@future.edu' });
    expect(invited.statusCode, invited.body).toBe(201);
    const removed = await client.post(eventUrl('remove_area_chair'), { email: 'Withdrawn-AC@future.edu' });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await app.db
      .select()
      .from(eventMemberships)
      .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.email, 'withdrawn-ac@future.edu')));
    expect(left).toEqual([]);
    expect((await auditOf('event.area_chair_removed')).some((entry) => entry.data?.email)).toBe(true);
    const again = await client.post(eventUrl('remove_area_chair'), { email: 'withdrawn-ac@future.edu' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field_codes: { email: ['events.notAreaChair'] } });
  });

  it('removes the membership and clears the papers they chaired in the same step, audited', async () => {
    const response = await (await as(organizer)).post(eventUrl('remove_area_chair'), { user_id: areaChair.publicId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: expect.stringContaining('area chair was removed') });
    expect(await areaChairOf(paper)).toEqual({ id: null, source: null });
    const rows = await app.db
      .select()
      .from(eventMemberships)
      .where(and(eq(eventMemberships.userId, areaChair.id), eq(eventMemberships.role, 'area_chair')));
    expect(rows).toEqual([]);
    const entries = await auditOf('area_chair.unassigned');
    expect(entries.some((entry) => entry.entityId === String(paper.id))).toBe(true);
    const again = await (await as(organizer)).post(eventUrl('remove_area_chair'), { user_id: areaChair.publicId });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field_codes: { user_id: ['events.notAreaChair'] } });
    expect(
      (await (await as(reviewer)).post(eventUrl('remove_area_chair'), { user_id: otherAreaChair.publicId })).statusCode,
    ).toBe(403);
    expect(
      (await (await as(outsider)).post(hiddenUrl('remove_area_chair'), { user_id: otherAreaChair.publicId }))
        .statusCode,
    ).toBe(404);
  });
});

describe('lists cost the same number of queries whatever their size', () => {
  it('GET events/{id}/area-chairs/ and GET area-chair/submissions/ for 1 and for 3 rows', async () => {
    const costs: { event: number; mine: number }[] = [];
    for (const size of [1, 3]) {
      const chairing = await buildUser(app, { email: `lead${size}@lead${size}.edu`, affiliation: `Lead ${size}` });
      const sized = await buildEvent(app, { status: 'active', creator: organizer });
      await buildAreaChair(app, { event: sized, user: chairing });
      for (let i = 0; i < size; i += 1) {
        const other = await buildUser(app, { email: `ac${size}-${i}@many${size}-${i}.edu`, affiliation: `Many ${i}` });
        await buildAreaChair(app, { event: sized, user: other });
        const paper = await buildSubmission(app, { event: sized, title: `Sized paper ${size}-${i}` });
        await setAreaChair(app, paper, chairing);
        await buildReview(app, { submission: paper, reviewer: other, status: 'completed' });
      }
      const listUrl = `/api/events/${sized.publicId}/area-chairs/`;
      const organizerClient = await as(organizer);
      expect(((await organizerClient.get(listUrl)).json() as AreaChairListDto).count).toBe(size + 1);
      const mine = await as(chairing);
      expect(((await mine.get('/api/area-chair/submissions/')).json() as AreaChairSubmissionListDto).count).toBe(size);
      costs.push({
        event: await countQueries(app, () => organizerClient.get(listUrl)),
        mine: await countQueries(app, () => mine.get('/api/area-chair/submissions/')),
      });
    }
    expect(costs[1]).toEqual(costs[0]);
  });
});
