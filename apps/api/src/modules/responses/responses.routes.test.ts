import type { AuthorResponseDto, CommitteeResponsesDto } from '@confero/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership } from '../../../test/factories/events.ts';
import { buildUser } from '../../../test/factories/users.ts';
import {
  AUTHORS_QUESTION,
  buildResponseWorld,
  HOUR,
  type ResponseWorld,
  SECRETS,
  wallClockFromNow,
} from '../../../test/fixtures/responses.ts';
import { mailsTo, signedInClients } from '../../../test/http.ts';
import {
  auditLog,
  authorResponses,
  eventMemberships,
  events,
  mailOutbox,
  reviewRevisions,
  submissions,
} from '../../db/schema/index.ts';

let app: TestApp;
const as = signedInClients(() => app);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const responseUrl = (world: ResponseWorld) => `/api/submissions/${world.submission.publicId}/response/`;
const committeeUrl = (world: ResponseWorld) => `/api/submissions/${world.submission.publicId}/responses/`;

const storedResponse = async (world: ResponseWorld) =>
  (await app.db.select().from(authorResponses).where(eq(authorResponses.submissionId, world.submission.id)))[0];

const responseAudits = (world: ResponseWorld) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eventId, world.event.id), like(auditLog.action, 'response.%')));

const respondedMails = (world: ResponseWorld) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.eventId, world.event.id), eq(mailOutbox.template, 'responses.submitted')));

/** Whether a text holds any name, address or secret of the reviewers of the world. */
function leaks(world: ResponseWorld, text: string): string[] {
  const reviewers = [world.doneReviewer, world.arabicReviewer, world.conflictedReviewer, world.draftReviewer];
  return [
    ...reviewers.flatMap((person) => [person.email, person.lastName, person.publicId]),
    ...Object.values(SECRETS),
  ].filter((secret) => text.includes(secret));
}

async function setWindow(world: ResponseWorld, fields: Partial<typeof events.$inferInsert>) {
  await app.db.update(events).set(fields).where(eq(events.id, world.event.id));
}

describe('GET submissions/{id}/response/', () => {
  it('shows an author the open phase and the completed reviews, only what the form opens to authors, as "Reviewer N"', async () => {
    const world = await buildResponseWorld(app);
    const response = await (await as(world.coAuthor)).get(responseUrl(world));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AuthorResponseDto;
    expect(body.submission).toEqual({
      id: world.submission.id,
      public_id: world.submission.publicId,
      title: world.submission.title,
    });
    expect(body.event).toEqual({ public_id: world.event.publicId, title: world.event.title, timezone: 'UTC' });
    expect(body.phase).toMatchObject({ enabled: true, open: true, word_limit: 50 });
    expect(body.response).toBeNull();
    expect(body.abilities).toEqual({ edit: true });
    // Three completed reviews (the draft is not released); labels, never names.
    expect(body.reviews.map((review) => review.reviewer_label)).toEqual(['Reviewer 1', 'Reviewer 2', 'Reviewer 3']);
    const [first] = body.reviews;
    expect(first?.questions.map((question) => question.key)).toEqual([
      'overall_score',
      'strengths',
      'weaknesses',
      'justification',
      'confidence',
      'originality',
      'relevance',
      'quality',
      'clarity',
      'contribution',
      'artifact',
    ]);
    expect(first?.questions.find((question) => question.key === 'artifact')).toEqual({
      key: 'artifact',
      kind: 'choice',
      label: AUTHORS_QUESTION.label,
      options: AUTHORS_QUESTION.options,
    });
    expect(first?.answers).toEqual({
      overall_score: 2,
      strengths: ['Clear problem statement'],
      weaknesses: ['Small evaluation'],
      justification: 'The contribution is solid but the evaluation is small.',
      confidence: 4,
      originality: null,
      relevance: null,
      quality: null,
      clarity: 7,
      contribution: null,
      artifact: 'yes',
    });
    expect(first?.comments_to_author).toBe('Thank you for this paper.');
    expect(leaks(world, response.body)).toEqual([]);
  });

  it('releases no review before the window opens and says the author may not edit', async () => {
    const world = await buildResponseWorld(app);
    await setWindow(world, { responseOpensAt: wallClockFromNow(HOUR) });
    const body = (await (await as(world.author)).get(responseUrl(world))).json() as AuthorResponseDto;
    expect(body.phase.open).toBe(false);
    expect(body.reviews).toEqual([]);
    expect(body.abilities.edit).toBe(false);
  });

  it('answers outsiders and unknown ids 404, and the paper’s committee 403 (the route is the authors’)', async () => {
    const world = await buildResponseWorld(app);
    const outsider = await (await as(world.outsider)).get(responseUrl(world));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'submissions.notFound' });
    expect((await (await as(world.author)).get('/api/submissions/999999/response/')).statusCode).toBe(404);
    for (const member of [world.chair, world.doneReviewer, world.event.creator]) {
      const refused = await (await as(member)).get(responseUrl(world));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'PERMISSION_DENIED',
        message_code: 'responses.authorsOnly',
        detail: "Only the submission's authors write its response",
      });
    }
  });
});

describe('PUT submissions/{id}/response/', () => {
  it('saves a draft, then submits it: stored, versioned, audited, and the committee without conflict mailed once per version', async () => {
    const world = await buildResponseWorld(app);
    const client = await as(world.author);
    const draft = await client.put(responseUrl(world), { body: 'We thank the reviewers.', status: 'draft' });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((draft.json() as AuthorResponseDto).response).toMatchObject({
      body: 'We thank the reviewers.',
      status: 'draft',
      word_count: 4,
      version: 1,
      submitted_at: null,
    });
    expect(await storedResponse(world)).toMatchObject({ status: 'draft', version: 1, updatedBy: world.author.id });
    expect(await respondedMails(world)).toEqual([]);

    // A co-author submits the draft they read (version 1).
    const text =
      'We thank the reviewers. The proof of Lemma 2 is now complete, and the new experiment answers Reviewer 2.';
    const submitted = await (await as(world.coAuthor)).put(responseUrl(world), {
      body: text,
      status: 'submitted',
      version: 1,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const answer = (submitted.json() as AuthorResponseDto).response;
    expect(answer).toMatchObject({ status: 'submitted', version: 2, word_count: 19 });
    expect(answer?.submitted_at).toEqual(expect.any(String));
    expect(await storedResponse(world)).toMatchObject({
      body: text,
      status: 'submitted',
      version: 2,
      wordCount: 19,
      updatedBy: world.coAuthor.id,
    });
    expect((await responseAudits(world)).map((row) => [row.action, row.actorId, row.data])).toEqual([
      ['response.draft_saved', world.author.id, { submission_id: world.submission.id, version: 1, word_count: 4 }],
      ['response.submitted', world.coAuthor.id, { submission_id: world.submission.id, version: 2, word_count: 19 }],
    ]);

    // Mailed: the reviewers who completed their review without a conflict, the chair and the event admin.
    const recipients = (await respondedMails(world)).map((row) => row.recipient).sort();
    expect(recipients).toEqual(
      [world.doneReviewer, world.arabicReviewer, world.chair, world.event.creator].map((p) => p.email).sort(),
    );
    const [arabic] = await mailsTo(app, world.arabicReviewer.email);
    expect(arabic?.subject).toContain('ردّ المؤلفون');
    const [english] = await mailsTo(app, world.chair.email);
    expect(english?.subject).toBe(`The authors responded: ${world.submission.title}`);
    expect(english?.text_body).toContain(`/submissions/${world.submission.publicId}`);
    expect(english?.text_body).not.toContain(text);

    // Submitting it again (changed) mails again, once per version; going back to a draft is refused.
    const again = await client.put(responseUrl(world), { body: `${text} Thanks.`, status: 'submitted', version: 2 });
    expect((again.json() as AuthorResponseDto).response).toMatchObject({ version: 3, word_count: 20 });
    expect(await respondedMails(world)).toHaveLength(8);
    const back = await client.put(responseUrl(world), { body: 'Draft again', status: 'draft', version: 3 });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'CONFLICT', message_code: 'responses.alreadySubmitted' });
    expect(await storedResponse(world)).toMatchObject({ version: 3, status: 'submitted' });
  });

  it('mails no reviewer who left the committee, though their completed review stays (they may not read the response)', async () => {
    const world = await buildResponseWorld(app);
    await app.db
      .delete(eventMemberships)
      .where(and(eq(eventMemberships.eventId, world.event.id), eq(eventMemberships.userId, world.doneReviewer.id)));
    const read = await (await as(world.doneReviewer)).get(committeeUrl(world));
    expect(read.statusCode).toBe(404);
    const saved = await (await as(world.author)).put(responseUrl(world), { body: 'Our answer', status: 'submitted' });
    expect(saved.statusCode, saved.body).toBe(200);
    const recipients = (await respondedMails(world)).map((row) => row.recipient).sort();
    expect(recipients).toEqual([world.arabicReviewer, world.chair, world.event.creator].map((p) => p.email).sort());
  });

  it('mails no chair whom detection finds conflicted (from the author’s institution, no stored conflict): they may not read it', async () => {
    const world = await buildResponseWorld(app);
    const colleague = await buildUser(app, { affiliation: world.author.affiliation });
    await addMembership(app, { event: world.event, user: colleague, role: 'chair' });
    const read = await (await as(colleague)).get(committeeUrl(world));
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST' });
    const saved = await (await as(world.author)).put(responseUrl(world), { body: 'Our answer', status: 'submitted' });
    expect(saved.statusCode, saved.body).toBe(200);
    const recipients = (await respondedMails(world)).map((row) => row.recipient).sort();
    expect(recipients).toEqual(
      [world.doneReviewer, world.arabicReviewer, world.chair, world.event.creator].map((p) => p.email).sort(),
    );
  });

  it('refuses a stale version and a first save when one exists (409 STALE_RESPONSE), writing nothing', async () => {
    const world = await buildResponseWorld(app);
    const client = await as(world.author);
    await client.put(responseUrl(world), { body: 'First words', status: 'draft' });
    await client.put(responseUrl(world), { body: 'Second words', status: 'draft', version: 1 });
    for (const body of [
      { body: 'From an old tab', status: 'draft', version: 1 },
      { body: 'Without a version', status: 'draft' },
    ]) {
      const stale = await client.put(responseUrl(world), body);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'STALE_RESPONSE',
        message_code: 'responses.stale',
        detail: 'The response changed since you loaded it; reload it and make your changes again',
      });
    }
    expect(await storedResponse(world)).toMatchObject({ body: 'Second words', version: 2 });
    expect(await responseAudits(world)).toHaveLength(2);
  });

  it.each([
    ['English', 'word '.repeat(51).trim(), 51],
    ['Arabic', 'نشكر المحكّمين الكرام على ملاحظاتهم القيّمة، '.repeat(9).trim(), 54],
  ])(
    'refuses a response over the word limit in %s (400 on body with the limit and the count)',
    async (_language, text, count) => {
      const world = await buildResponseWorld(app);
      const response = await (await as(world.author)).put(responseUrl(world), { body: text, status: 'submitted' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message_code: 'responses.tooManyWords',
        params: { limit: 50, count },
        fields: { body: [`Your response has ${count} words; the limit is 50`] },
        field_codes: { body: ['responses.tooManyWords'] },
      });
      expect(await storedResponse(world)).toBeUndefined();
      expect(await respondedMails(world)).toEqual([]);
    },
  );

  it('accepts exactly the word limit, Arabic words with their diacritics counted once each', async () => {
    const world = await buildResponseWorld(app);
    const text = 'شُكْرًا لِلْمُحَكِّمِينَ '.repeat(25).trim();
    const response = await (await as(world.author)).put(responseUrl(world), { body: text, status: 'submitted' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedResponse(world)).toMatchObject({ wordCount: 50, status: 'submitted' });
  });

  it.each([
    ['before the window opens', { responseOpensAt: wallClockFromNow(HOUR) }, 'responses.windowNotOpenYet'],
    ['after the window closed', { responseClosesAt: wallClockFromNow(-HOUR / 2) }, 'responses.windowClosed'],
    ['with the phase off', { responseEnabled: false }, 'responses.phaseOff'],
  ])('refuses a save %s (400 on body), writing nothing', async (_name, fields, key) => {
    const world = await buildResponseWorld(app);
    await setWindow(world, fields);
    const response = await (await as(world.author)).put(responseUrl(world), {
      body: 'Too early or late',
      status: 'draft',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message_code: key,
      field_codes: { body: [key] },
    });
    expect(await storedResponse(world)).toBeUndefined();
    expect(await responseAudits(world)).toEqual([]);
  });

  it('names the window in the event’s zone when it refuses', async () => {
    const world = await buildResponseWorld(app);
    await setWindow(world, {
      timezone: 'Asia/Riyadh',
      responseOpensAt: '2099-01-02T08:00',
      responseClosesAt: '2099-01-09T20:00',
    });
    const response = await (await as(world.author)).put(responseUrl(world), { body: 'Early', status: 'draft' });
    expect(response.json()).toMatchObject({
      params: { opens_at: '2099-01-02 08:00', timezone: 'Asia/Riyadh' },
      detail: 'The response window opens on 2099-01-02 08:00 (Asia/Riyadh); you can write your response from then',
    });
  });

  it('refuses a response to a decided submission (409) and an empty submission (400)', async () => {
    const world = await buildResponseWorld(app);
    const empty = await (await as(world.author)).put(responseUrl(world), { body: '  …  ', status: 'submitted' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field_codes: { body: ['responses.bodyRequired'] } });
    await app.db
      .update(submissions)
      .set({ decision: 'accept', status: 'accepted' })
      .where(eq(submissions.id, world.submission.id));
    const decided = await (await as(world.author)).put(responseUrl(world), { body: 'Late', status: 'draft' });
    expect(decided.statusCode).toBe(409);
    expect(decided.json()).toMatchObject({ code: 'CONFLICT', message_code: 'responses.decided' });
    expect(await storedResponse(world)).toBeUndefined();
  });

  it.each([
    ['a status that is not draft or submitted', { body: 'Text', status: 'final' }, 'status'],
    ['no body', { status: 'draft' }, 'body'],
    ['a version that is not a number', { body: 'Text', status: 'draft', version: 'one' }, 'version'],
    ['a version beyond any the database holds', { body: 'Text', status: 'draft', version: 2 ** 31 }, 'version'],
    ['a body over the length limit', { body: 'x'.repeat(60_001), status: 'draft' }, 'body'],
  ])('refuses %s (400 VALIDATION_ERROR on the field)', async (_name, body, field) => {
    const world = await buildResponseWorld(app);
    const response = await (await as(world.author)).put(responseUrl(world), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: [expect.any(String)] } });
    expect(await storedResponse(world)).toBeUndefined();
  });

  it('answers an outsider 404 and a chair or reviewer of the paper 403, writing nothing', async () => {
    const world = await buildResponseWorld(app);
    const body = { body: 'Not mine to write', status: 'submitted' };
    expect((await (await as(world.outsider)).put(responseUrl(world), body)).statusCode).toBe(404);
    for (const member of [world.chair, world.doneReviewer]) {
      const refused = await (await as(member)).put(responseUrl(world), body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message_code: 'responses.authorsOnly' });
    }
    expect(await storedResponse(world)).toBeUndefined();
    expect(await respondedMails(world)).toEqual([]);
  });
});

describe('GET submissions/{id}/responses/', () => {
  it('shows the committee the submitted response only, and the reviews changed after it', async () => {
    const world = await buildResponseWorld(app);
    const chair = await as(world.chair);
    await (await as(world.author)).put(responseUrl(world), { body: 'Only a draft', status: 'draft' });
    const beforeSubmit = (await chair.get(committeeUrl(world))).json() as CommitteeResponsesDto;
    expect(beforeSubmit.responses).toEqual([]);
    expect(beforeSubmit.phase).toMatchObject({ open: true, word_limit: 50 });
    expect(JSON.stringify(beforeSubmit)).not.toContain('Only a draft');

    await (await as(world.author)).put(responseUrl(world), {
      body: 'Our answer to the reviews',
      status: 'submitted',
      version: 1,
    });
    const [reviewId] = world.reviewIds;
    if (reviewId === undefined) throw new Error('a review');
    await app.db.insert(reviewRevisions).values([
      { reviewId, version: 3, status: 'completed', formVersion: 1, afterResponse: false },
      { reviewId, version: 4, status: 'completed', formVersion: 1, afterResponse: true },
    ]);
    const response = await chair.get(committeeUrl(world));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as CommitteeResponsesDto;
    expect(body.submission.public_id).toBe(world.submission.publicId);
    expect(body.responses).toEqual([
      {
        body: 'Our answer to the reviews',
        word_count: 5,
        submitted_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(body.updated_reviews).toEqual([
      {
        review_id: expect.stringMatching(/^\d+-/),
        reviewer_label: 'Reviewer 1',
        ordinal: 1,
        updated_at: expect.any(String),
      },
    ]);

    // A reviewer who completed their review reads it too; the event admin as well.
    for (const member of [world.doneReviewer, world.event.creator]) {
      const read = await (await as(member)).get(committeeUrl(world));
      expect(read.statusCode).toBe(200);
      expect((read.json() as CommitteeResponsesDto).responses).toHaveLength(1);
    }
  });

  it('answers authors and outsiders 404, a conflicted chair 403 (conflict), and reviewers without their review done 403', async () => {
    const world = await buildResponseWorld(app);
    for (const person of [world.author, world.outsider]) {
      const hidden = await (await as(person)).get(committeeUrl(world));
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const conflicted = await (await as(world.conflictedChair)).get(committeeUrl(world));
    expect(conflicted.statusCode).toBe(403);
    expect(conflicted.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST', message_code: 'responses.conflicted' });
    for (const reviewer of [world.draftReviewer, world.otherReviewer]) {
      const refused = await (await as(reviewer)).get(committeeUrl(world));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'responses.committeeOnly' });
    }
  });
});
