import {
  DISCUSSION_MAX_MENTIONS,
  type DiscussionCommentDto,
  type DiscussionDto,
  type MyDiscussionPageDto,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { NOT_AUTHENTICATED } from '../../../test/error-bodies.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildComment, buildDiscussionWorld, type DiscussionWorld } from '../../../test/fixtures/discussion.ts';
import { createClient, mailsTo, signedInClients } from '../../../test/http.ts';
import { recordStatements } from '../../../test/statements.ts';
import { auditLog, discussionComments, mailOutbox, submissions } from '../../db/schema/index.ts';

let app: TestApp;
const as = signedInClients(() => app);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const thread = (world: DiscussionWorld) => `/api/submissions/${world.submission.publicId}/discussion/`;
const flagUrl = (world: DiscussionWorld) => `/api/submissions/${world.submission.publicId}/discussion/flag/`;
const commentUrl = (comment: { publicId: string } | { id: string }) =>
  `/api/discussion/${'publicId' in comment ? comment.publicId : comment.id}/`;

async function commentsOf(world: DiscussionWorld) {
  return app.db.select().from(discussionComments).where(eq(discussionComments.submissionId, world.submission.id));
}

async function auditOf(world: DiscussionWorld, action: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eventId, world.event.id), eq(auditLog.action, action)));
}

async function discussionMails(user: { email: string }) {
  return (await mailsTo(app, user.email)).filter((mail) => mail.template === 'discussion.mentioned');
}

describe('GET submissions/{id}/discussion/', () => {
  it("shows the committee the thread with names, whom it may mention, and the chair's abilities", async () => {
    const world = await buildDiscussionWorld(app);
    await buildComment(app, { submission: world.submission, author: world.reviewerDone, body: 'Scores differ a lot.' });
    const response = await (await as(world.chair)).get(thread(world));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DiscussionDto;
    expect(body.submission).toEqual({
      id: world.submission.id,
      public_id: world.submission.publicId,
      title: world.submission.title,
    });
    expect(body.needs_discussion).toBe(false);
    expect(body.abilities).toEqual({ comment: true, flag: true });
    expect(body.comments).toHaveLength(1);
    expect(body.comments[0]).toMatchObject({
      body: 'Scores differ a lot.',
      author: {
        role: 'reviewer',
        display_name: `Rosalind ${world.reviewerDone.lastName}`,
        public_id: world.reviewerDone.publicId,
        reviewer_ordinal: 1,
        is_self: false,
      },
      edited_at: null,
      abilities: { edit: false, delete: true },
    });
    // Who reads the thread now: the admin, the reviewer who submitted; not the one still writing, not the conflicted
    // chair, not the author (a chair of the event), not the other track's chair, not the unassigned reviewer.
    expect(body.mentionable).toEqual([
      { public_id: world.admin.publicId, display_name: `Adalbert ${world.admin.lastName}`, role: 'chair' },
      {
        public_id: world.reviewerDone.publicId,
        display_name: `Rosalind ${world.reviewerDone.lastName}`,
        role: 'reviewer',
        reviewer_ordinal: 1,
      },
    ]);
  });

  it('reads a thread in the same number of statements whatever its number of comments and writers', async () => {
    const world = await buildDiscussionWorld(app, { reviewersSee: 'always' });
    const client = await as(world.chair);
    const cost = async () => (await recordStatements(app, () => client.get(thread(world)))).length;
    // One writer no longer on the paper (read apart from its people), then many more writers and mentions.
    await buildComment(app, { submission: world.submission, author: world.outsider });
    const one = await cost();
    for (const author of [world.chair, world.admin, world.reviewerDone, world.reviewerPending, world.unassigned]) {
      await buildComment(app, { submission: world.submission, author, mentions: [world.chair.id] });
    }
    expect(await cost()).toBe(one);
  });

  it('names a writer no longer on the paper to the committee only ("Former member" to a reviewer)', async () => {
    const world = await buildDiscussionWorld(app, { reviewersSee: 'always' });
    await buildComment(app, { submission: world.submission, author: world.outsider, mentions: [world.outsider.id] });
    const chair = ((await (await as(world.chair)).get(thread(world))).json() as DiscussionDto).comments[0];
    const named = {
      role: 'former_member',
      display_name: `Ottoline ${world.outsider.lastName}`,
      public_id: world.outsider.publicId,
      is_self: false,
    };
    expect(chair?.author).toEqual(named);
    expect(chair?.mentions).toEqual([named]);
    const response = await (await as(world.reviewerDone)).get(thread(world));
    const reviewer = (response.json() as DiscussionDto).comments[0];
    const unnamed = { role: 'former_member', display_name: 'Former member', is_self: false };
    expect(reviewer?.author).toEqual(unnamed);
    expect(reviewer?.mentions).toEqual([unnamed]);
    expect(response.body).not.toContain(world.outsider.lastName);
  });

  it('opens to a reviewer after their review (403 with the reason before), or always as the event says', async () => {
    const world = await buildDiscussionWorld(app);
    const pending = await (await as(world.reviewerPending)).get(thread(world));
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({
      detail: 'The discussion of this paper opens to you once you have submitted your review.',
      code: 'DISCUSSION_AFTER_OWN_REVIEW',
      message_code: 'discussion.afterOwnReview',
    });
    const done = await (await as(world.reviewerDone)).get(thread(world));
    expect(done.statusCode).toBe(200);
    expect((done.json() as DiscussionDto).abilities).toEqual({ comment: true, flag: false });

    const open = await buildDiscussionWorld(app, { reviewersSee: 'always' });
    const early = await (await as(open.reviewerPending)).get(thread(open));
    expect(early.statusCode, early.body).toBe(200);
  });

  it('answers 404 to outsiders, the author (a chair), a conflicted chair, another track chair, an unassigned reviewer; 401 anonymously', async () => {
    const world = await buildDiscussionWorld(app);
    for (const user of [world.outsider, world.author, world.conflictedChair, world.otherTrackChair, world.unassigned]) {
      const response = await (await as(user)).get(thread(world));
      expect(response.statusCode, user.firstName).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'submissions.notFound' });
    }
    const anonymous = await createClient(app).get(thread(world));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject(NOT_AUTHENTICATED);
    expect((await createClient(app).get('/api/submissions/999999/discussion/')).statusCode).toBe(401);
    expect((await (await as(world.chair)).get('/api/submissions/999999/discussion/')).statusCode).toBe(404);
  });
});

describe('POST submissions/{id}/discussion/', () => {
  it('writes the comment, audits it and mails each mentioned member once in their language, never the writer', async () => {
    const world = await buildDiscussionWorld(app);
    const client = await as(world.chair);
    const response = await client.post(thread(world), {
      body: '  @Rosalind could you look at the proof?  ',
      mentions: [world.reviewerDone.publicId, world.reviewerDone.publicId, world.chair.publicId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const dto = response.json() as DiscussionCommentDto;
    expect(dto).toMatchObject({
      body: '@Rosalind could you look at the proof?',
      author: { role: 'chair', display_name: 'You', public_id: world.chair.publicId, is_self: true },
      mentions: [
        { role: 'reviewer', display_name: `Rosalind ${world.reviewerDone.lastName}`, reviewer_ordinal: 1 },
        { role: 'chair', display_name: 'You', is_self: true },
      ],
      edited_at: null,
      abilities: { edit: true, delete: true },
    });
    const [row] = await commentsOf(world);
    expect(row).toMatchObject({
      publicId: dto.id,
      authorId: world.chair.id,
      body: '@Rosalind could you look at the proof?',
      mentions: [world.reviewerDone.id, world.chair.id],
    });
    const [audit] = await auditOf(world, 'discussion.commented');
    expect(audit).toMatchObject({
      actorId: world.chair.id,
      entity: 'submission',
      entityId: String(world.submission.id),
      data: { comment_id: dto.id, mentions: [world.reviewerDone.id, world.chair.id] },
    });
    const mails = await discussionMails(world.reviewerDone);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`أُشير إليك في مناقشة «${world.submission.title}»`);
    expect(mails[0]?.text_body).toContain(`/submissions/${world.submission.publicId}#discussion`);
    expect(mails[0]?.text_body).toContain('@Rosalind could you look at the proof?');
    for (const other of [world.chair, world.admin, world.reviewerPending, world.author]) {
      expect(await discussionMails(other)).toEqual([]);
    }
  });

  it('lets a reviewer mention another reviewer as "Reviewer N" (in an event open to reviewers) and mails them', async () => {
    const world = await buildDiscussionWorld(app, { reviewersSee: 'always' });
    const client = await as(world.reviewerDone);
    const shown = (await client.get(thread(world))).json() as DiscussionDto;
    expect(shown.mentionable).toEqual([
      { public_id: world.admin.publicId, display_name: `Adalbert ${world.admin.lastName}`, role: 'chair' },
      { public_id: world.chair.publicId, display_name: `Chiara ${world.chair.lastName}`, role: 'chair' },
      { public_id: 'reviewer-2', display_name: 'Reviewer 2', role: 'reviewer', reviewer_ordinal: 2 },
    ]);
    const response = await client.post(thread(world), { body: 'Reviewer 2, why -3?', mentions: ['reviewer-2'] });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as DiscussionCommentDto).mentions).toEqual([
      { role: 'reviewer', display_name: 'Reviewer 2', reviewer_ordinal: 2, is_self: false },
    ]);
    expect(await discussionMails(world.reviewerPending)).toHaveLength(1);
    expect(await discussionMails(world.reviewerDone)).toEqual([]);
  });

  it('refuses bad input with the field (400) and writes and mails nothing', async () => {
    const world = await buildDiscussionWorld(app);
    const client = await as(world.chair);
    const empty = await client.post(thread(world), { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { body: ['discussion.bodyRequired'] },
    });
    const tooLong = await client.post(thread(world), { body: 'x'.repeat(10_001) });
    expect(tooLong.json()).toMatchObject({ field_codes: { body: ['validation.tooLong'] } });
    for (const mention of [
      world.reviewerPending.publicId,
      world.conflictedChair.publicId,
      world.author.publicId,
      world.outsider.publicId,
      'reviewer-1',
      'nobody',
    ]) {
      const response = await client.post(thread(world), { body: 'Look', mentions: [mention] });
      expect(response.statusCode, mention).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message_code: 'discussion.mentionUnknown',
        fields: { mentions: ['You can mention only members who may read this discussion.'] },
      });
    }
    const notAList = await client.post(thread(world), { body: 'Look', mentions: 'everyone' });
    expect(notAList.statusCode).toBe(400);
    const tooMany = await client.post(thread(world), {
      body: 'Look',
      mentions: Array.from({ length: DISCUSSION_MAX_MENTIONS + 1 }, () => world.admin.publicId),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      field_codes: { mentions: ['discussion.tooManyMentions'] },
      fields: { mentions: [`Mention at most ${DISCUSSION_MAX_MENTIONS} members in one comment.`] },
    });
    expect(await commentsOf(world)).toEqual([]);
    expect(await auditOf(world, 'discussion.commented')).toEqual([]);
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.eventId, world.event.id));
    expect(mails.filter((mail) => mail.template === 'discussion.mentioned')).toEqual([]);
  });

  it('refuses those who may not read the thread (404, or 403 before their review) and writes nothing', async () => {
    const world = await buildDiscussionWorld(app);
    for (const user of [world.outsider, world.author, world.conflictedChair, world.unassigned]) {
      const response = await (await as(user)).post(thread(world), { body: 'Hello' });
      expect(response.statusCode, user.firstName).toBe(404);
    }
    const pending = await (await as(world.reviewerPending)).post(thread(world), { body: 'Hello' });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ code: 'DISCUSSION_AFTER_OWN_REVIEW' });
    expect(await commentsOf(world)).toEqual([]);
  });
});

describe('PATCH discussion/{comment_id}/', () => {
  it('lets the writer edit within 15 minutes, marks it edited and audits it', async () => {
    const world = await buildDiscussionWorld(app);
    const comment = await buildComment(app, {
      submission: world.submission,
      author: world.reviewerDone,
      createdAt: new Date(Date.now() - 14 * 60_000),
    });
    const response = await (await as(world.reviewerDone)).patch(commentUrl(comment), { body: 'Rewritten.' });
    expect(response.statusCode, response.body).toBe(200);
    const dto = response.json() as DiscussionCommentDto;
    expect(dto).toMatchObject({ id: comment.publicId, body: 'Rewritten.', author: { is_self: true } });
    expect(dto.edited_at).not.toBeNull();
    const [row] = await commentsOf(world);
    expect(row).toMatchObject({ body: 'Rewritten.' });
    expect(row?.editedAt).toBeInstanceOf(Date);
    expect(await auditOf(world, 'discussion.edited')).toMatchObject([
      { actorId: world.reviewerDone.id, data: { comment_id: comment.publicId } },
    ]);
  });

  it('refuses an edit after the window (409 EDIT_WINDOW_CLOSED) and leaves the comment as it was', async () => {
    const world = await buildDiscussionWorld(app);
    const comment = await buildComment(app, {
      submission: world.submission,
      author: world.chair,
      body: 'Old words.',
      createdAt: new Date(Date.now() - 16 * 60_000),
    });
    const shown = (await (await as(world.chair)).get(thread(world))).json() as DiscussionDto;
    expect(shown.comments[0]?.abilities).toEqual({ edit: false, delete: true });
    const response = await (await as(world.chair)).patch(commentUrl(comment), { body: 'New words.' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'A comment can be edited for 15 minutes after it is written; this one can no longer be changed.',
      code: 'EDIT_WINDOW_CLOSED',
      message_code: 'discussion.editWindowClosed',
      params: { minutes: 15 },
    });
    expect((await commentsOf(world))[0]).toMatchObject({ body: 'Old words.', editedAt: null });
    expect(await auditOf(world, 'discussion.edited')).toEqual([]);
  });

  it('refuses another reader (403), bad input (400), outsiders and unknown comments (404)', async () => {
    const world = await buildDiscussionWorld(app);
    const comment = await buildComment(app, {
      submission: world.submission,
      author: world.reviewerDone,
      body: 'Mine.',
    });
    const chair = await (await as(world.chair)).patch(commentUrl(comment), { body: 'Theirs.' });
    expect(chair.statusCode).toBe(403);
    expect(chair.json()).toEqual({
      detail: 'Only the writer of a comment may edit it.',
      code: 'PERMISSION_DENIED',
      message_code: 'discussion.editDenied',
    });
    const empty = await (await as(world.reviewerDone)).patch(commentUrl(comment), { body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field_codes: { body: ['discussion.bodyRequired'] } });
    for (const user of [world.outsider, world.author, world.conflictedChair, world.unassigned]) {
      const response = await (await as(user)).patch(commentUrl(comment), { body: 'Hijacked.' });
      expect(response.statusCode, user.firstName).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'discussion.commentNotFound' });
    }
    const pending = await (await as(world.reviewerPending)).patch(commentUrl(comment), { body: 'Hijacked.' });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ code: 'DISCUSSION_AFTER_OWN_REVIEW' });
    const missing = await (await as(world.chair)).patch('/api/discussion/999999/', { body: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'discussion.commentNotFound' });
    const wrongSuffix = `${comment.id}-aaaaaaaa`;
    expect(
      (await (await as(world.reviewerDone)).patch(`/api/discussion/${wrongSuffix}/`, { body: 'x' })).statusCode,
    ).toBe(404);
    expect((await commentsOf(world))[0]).toMatchObject({ body: 'Mine.', editedAt: null });
  });
});

describe('DELETE discussion/{comment_id}/', () => {
  it('lets the writer, and a chair, delete a comment, audited; refuses another reviewer (403) and outsiders (404)', async () => {
    const world = await buildDiscussionWorld(app, { reviewersSee: 'always' });
    const own = await buildComment(app, { submission: world.submission, author: world.reviewerDone });
    const byChair = await buildComment(app, { submission: world.submission, author: world.chair });
    const byPending = await buildComment(app, { submission: world.submission, author: world.reviewerPending });

    const refused = await (await as(world.reviewerDone)).delete(commentUrl(byChair));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'discussion.deleteDenied' });
    for (const user of [world.outsider, world.author, world.conflictedChair, world.unassigned]) {
      const response = await (await as(user)).delete(commentUrl(own));
      expect(response.statusCode, user.firstName).toBe(404);
    }
    expect(await commentsOf(world)).toHaveLength(3);

    expect((await (await as(world.reviewerDone)).delete(commentUrl(own))).statusCode).toBe(204);
    expect((await (await as(world.admin)).delete(commentUrl(byPending))).statusCode).toBe(204);
    expect((await commentsOf(world)).map((row) => row.id)).toEqual([byChair.id]);
    const audits = await auditOf(world, 'discussion.deleted');
    expect(audits.map((row) => [row.actorId, (row.data as { comment_id: string }).comment_id]).sort()).toEqual(
      [
        [world.reviewerDone.id, own.publicId],
        [world.admin.id, byPending.publicId],
      ].sort(),
    );
    expect((await (await as(world.admin)).delete(commentUrl(own))).statusCode).toBe(404);
  });

  it('two deletions of one comment at once: one wins (204), the other finds it gone (404), never a 500', async () => {
    const world = await buildDiscussionWorld(app);
    const comment = await buildComment(app, { submission: world.submission, author: world.chair });
    const [writer, admin] = [await as(world.chair), await as(world.admin)];
    const statuses = (await Promise.all([writer.delete(commentUrl(comment)), admin.delete(commentUrl(comment))])).map(
      (response) => response.statusCode,
    );
    expect(statuses.sort()).toEqual([204, 404]);
    expect(await commentsOf(world)).toEqual([]);
    expect(await auditOf(world, 'discussion.deleted')).toHaveLength(1);
  });

  it('an edit and a deletion at once: the deletion stands, the edit answers 200 before it or 404 after it', async () => {
    const world = await buildDiscussionWorld(app);
    const comment = await buildComment(app, { submission: world.submission, author: world.chair });
    const [writer, admin] = [await as(world.chair), await as(world.admin)];
    const [edit, removal] = await Promise.all([
      writer.patch(commentUrl(comment), { body: 'Racing.' }),
      admin.delete(commentUrl(comment)),
    ]);
    expect([200, 404]).toContain(edit.statusCode);
    expect(removal.statusCode).toBe(204);
    expect(await commentsOf(world)).toEqual([]);
    expect(await auditOf(world, 'discussion.edited')).toHaveLength(edit.statusCode === 200 ? 1 : 0);
  });
});

describe('PUT submissions/{id}/discussion/flag/', () => {
  it('lets the committee flag and clear a paper, audited with the change', async () => {
    const world = await buildDiscussionWorld(app);
    const client = await as(world.chair);
    const flagged = await client.put(flagUrl(world), { needs_discussion: true });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json()).toEqual({ submission_id: world.submission.publicId, needs_discussion: true });
    const [row] = await app.db.select().from(submissions).where(eq(submissions.id, world.submission.id));
    expect(row?.needsDiscussion).toBe(true);
    expect(((await client.get(thread(world))).json() as DiscussionDto).needs_discussion).toBe(true);
    const cleared = await (await as(world.admin)).put(flagUrl(world), { needs_discussion: false });
    expect(cleared.json()).toMatchObject({ needs_discussion: false });
    const audits = await auditOf(world, 'discussion.flagged');
    expect(audits.map((audit) => [audit.actorId, audit.data])).toEqual(
      expect.arrayContaining([
        [world.chair.id, { changes: { needs_discussion: { from: false, to: true } } }],
        [world.admin.id, { changes: { needs_discussion: { from: true, to: false } } }],
      ]),
    );
  });

  it('two chairs flagging at once: each change is recorded from the value the other left (row lock), no 500', async () => {
    const world = await buildDiscussionWorld(app);
    const [chair, admin] = [await as(world.chair), await as(world.admin)];
    const answers = await Promise.all([
      chair.put(flagUrl(world), { needs_discussion: true }),
      admin.put(flagUrl(world), { needs_discussion: false }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const audits = (await auditOf(world, 'discussion.flagged')).sort((a, b) => a.id - b.id);
    const changes = audits.map(
      (audit) =>
        (audit.data as { changes: { needs_discussion: { from: boolean; to: boolean } } }).changes.needs_discussion,
    );
    expect(changes).toHaveLength(2);
    expect(changes[0]?.from).toBe(false);
    expect(changes[1]?.from).toBe(changes[0]?.to);
    const [row] = await app.db.select().from(submissions).where(eq(submissions.id, world.submission.id));
    expect(row?.needsDiscussion).toBe(changes[1]?.to);
  });

  it('refuses a reviewer (403), outsiders and conflicted chairs (404), bad input (400), changing nothing', async () => {
    const world = await buildDiscussionWorld(app);
    const reviewer = await (await as(world.reviewerDone)).put(flagUrl(world), { needs_discussion: true });
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json()).toEqual({
      detail: 'Only the chairs may flag a paper for discussion.',
      code: 'PERMISSION_DENIED',
      message_code: 'discussion.flagDenied',
    });
    const pending = await (await as(world.reviewerPending)).put(flagUrl(world), { needs_discussion: true });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({
      code: 'DISCUSSION_AFTER_OWN_REVIEW',
      message_code: 'discussion.afterOwnReview',
    });
    for (const user of [world.outsider, world.author, world.conflictedChair, world.otherTrackChair, world.unassigned]) {
      const response = await (await as(user)).put(flagUrl(world), { needs_discussion: true });
      expect(response.statusCode, user.firstName).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const bad = await (await as(world.chair)).put(flagUrl(world), { needs_discussion: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { needs_discussion: ['validation.invalid'] },
    });
    const [row] = await app.db.select().from(submissions).where(eq(submissions.id, world.submission.id));
    expect(row?.needsDiscussion).toBe(false);
    expect(await auditOf(world, 'discussion.flagged')).toEqual([]);
  });
});

describe('GET discussions/', () => {
  it("lists the caller's flagged or discussed papers, flagged first, with whether they may open each", async () => {
    const world = await buildDiscussionWorld(app);
    const quiet = await buildSubmission(app, { event: world.event, title: 'A Quiet Paper' });
    const talked = await buildSubmission(app, { event: world.event, title: 'A Talked-about Paper' });
    await buildReview(app, { submission: talked, reviewer: world.reviewerPending, status: 'completed' });
    await buildReview(app, { submission: quiet, reviewer: world.reviewerDone, status: 'completed' });
    await buildComment(app, { submission: talked, author: world.chair });
    await buildComment(app, { submission: talked, author: world.chair });
    await app.db.update(submissions).set({ needsDiscussion: true }).where(eq(submissions.id, world.submission.id));

    const chairList = (
      await (await as(world.chair)).get(`/api/discussions/?event=${world.event.publicId}`)
    ).json() as MyDiscussionPageDto;
    expect(chairList.count).toBe(2);
    expect(
      chairList.results.map((item) => [
        item.submission.title,
        item.needs_discussion,
        item.comment_count,
        item.can_read,
      ]),
    ).toEqual([
      [world.submission.title, true, 0, true],
      ['A Talked-about Paper', false, 2, true],
    ]);
    expect(chairList.results[1]?.last_comment_at).not.toBeNull();
    expect(chairList.results[0]?.event).toEqual({ public_id: world.event.publicId, title: world.event.title });

    const pending = (await (await as(world.reviewerPending)).get('/api/discussions/')).json() as MyDiscussionPageDto;
    expect(pending.results.map((item) => [item.submission.title, item.can_read, item.comment_count])).toEqual([
      [world.submission.title, false, 0],
      ['A Talked-about Paper', true, 2],
    ]);
    const done = (
      await (await as(world.reviewerDone)).get('/api/discussions/?flagged=true')
    ).json() as MyDiscussionPageDto;
    expect(done.results.map((item) => item.submission.title)).toEqual([world.submission.title]);
    const notFlagged = (
      await (await as(world.chair)).get('/api/discussions/?flagged=false')
    ).json() as MyDiscussionPageDto;
    expect(notFlagged.results.map((item) => item.submission.title)).toEqual(['A Talked-about Paper']);

    const paged = (
      await (await as(world.chair)).get('/api/discussions/?page_size=1&page=2')
    ).json() as MyDiscussionPageDto;
    expect(paged).toMatchObject({ count: 2, next: null });
    expect(paged.previous).toContain('page=1');
    const past = (
      await (await as(world.chair)).get('/api/discussions/?page_size=1&page=5')
    ).json() as MyDiscussionPageDto;
    expect(past).toMatchObject({ count: 2, results: [] });

    for (const user of [world.author, world.conflictedChair, world.unassigned, world.outsider, world.otherTrackChair]) {
      const list = (await (await as(user)).get('/api/discussions/')).json() as MyDiscussionPageDto;
      expect(
        list.results.map((item) => item.submission.title),
        user.firstName,
      ).not.toContain(world.submission.title);
    }
    const unknownEvent = (
      await (await as(world.chair)).get('/api/discussions/?event=999999')
    ).json() as MyDiscussionPageDto;
    expect(unknownEvent).toMatchObject({ count: 0, results: [] });
  });

  it('reads a page in the same number of statements whatever its size (no query per paper)', async () => {
    const world = await buildDiscussionWorld(app);
    for (let n = 0; n < 4; n += 1) {
      const paper = await buildSubmission(app, { event: world.event, title: `Discussed ${n}` });
      await buildComment(app, { submission: paper, author: world.chair });
    }
    const client = await as(world.chair);
    const cost = async (size: number) =>
      (await recordStatements(app, () => client.get(`/api/discussions/?page_size=${size}`))).length;
    expect(await cost(4)).toBe(await cost(1));
    const page = (await client.get('/api/discussions/?page_size=4')).json() as MyDiscussionPageDto;
    expect(page).toMatchObject({ count: 4 });
  });

  it('refuses a bad query (400) and anonymous callers (401)', async () => {
    const world = await buildDiscussionWorld(app);
    const bad = await (await as(world.chair)).get('/api/discussions/?flagged=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { flagged: ['validation.invalidChoice'] },
    });
    expect((await createClient(app).get('/api/discussions/')).statusCode).toBe(401);
  });
});
