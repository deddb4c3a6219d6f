import type { EventDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { auditLog, events } from '../../db/schema/index.ts';

/*
 * `PATCH events/{id}/` of the review cycle's settings: the author response phase (`response_phase`) and who of the
 * reviewers reads a paper's discussion (`discussion`), answered by `GET events/{id}/`.
 */

let app: TestApp;
const as = signedInClients(() => app);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

async function eventWithChair(timezone = 'Africa/Cairo'): Promise<{ event: BuiltEvent; chair: BuiltUser }> {
  const event = await buildEvent(app, { status: 'active', timezone });
  const chair = await buildUser(app);
  await addMembership(app, { event, user: chair, role: 'chair' });
  return { event, chair };
}

const stored = async (event: { id: number }) => (await app.db.select().from(events).where(eq(events.id, event.id)))[0];

const updates = (event: { id: number }) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'event.updated')));

describe('PATCH events/{id}/ response_phase and discussion', () => {
  it('lets a chair turn the phase on with its window and word limit, answers it, stores it, and audits the changes', async () => {
    const { event, chair } = await eventWithChair();
    const client = await as(chair);
    const response = await client.patch(`/api/events/${event.publicId}/`, {
      response_phase: { enabled: true, opens_at: '2030-05-01T09:00', closes_at: '2030-05-08T17:30', word_limit: 800 },
      discussion: { reviewers_see: 'always' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as EventDto;
    expect(body.response_phase).toEqual({
      enabled: true,
      opens_at: '2030-05-01T09:00',
      closes_at: '2030-05-08T17:30',
      // Cairo is UTC+3 in summer 2030 (daylight saving time).
      opens_at_utc: '2030-05-01T06:00:00.000Z',
      closes_at_utc: '2030-05-08T14:30:00.000Z',
      word_limit: 800,
      open: false,
    });
    expect(body.discussion).toEqual({ reviewers_see: 'always' });
    expect(await stored(event)).toMatchObject({
      responseEnabled: true,
      responseOpensAt: '2030-05-01T09:00',
      responseClosesAt: '2030-05-08T17:30',
      responseWordLimit: 800,
      discussionReviewersSee: 'always',
    });
    const [audit] = await updates(event);
    expect(audit?.actorId).toBe(chair.id);
    expect(audit?.data).toEqual({
      changes: {
        'response_phase.enabled': { from: false, to: true },
        'response_phase.opens_at': { from: null, to: '2030-05-01T09:00' },
        'response_phase.closes_at': { from: null, to: '2030-05-08T17:30' },
        'response_phase.word_limit': { from: 500, to: 800 },
        'discussion.reviewers_see': { from: 'after_own_review', to: 'always' },
      },
    });

    // A field not sent keeps its value; the same values again change nothing and audit nothing.
    const limitOnly = await client.patch(`/api/events/${event.publicId}/`, { response_phase: { word_limit: 300 } });
    expect((limitOnly.json() as EventDto).response_phase).toMatchObject({ enabled: true, word_limit: 300 });
    const again = await client.patch(`/api/events/${event.publicId}/`, { response_phase: { word_limit: 300 } });
    expect(again.statusCode).toBe(200);
    expect(await updates(event)).toHaveLength(2);
  });

  it('says the window is open while now is inside it', async () => {
    const { event, chair } = await eventWithChair('UTC');
    const wall = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 16);
    const response = await (await as(chair)).patch(`/api/events/${event.publicId}/`, {
      response_phase: { enabled: true, opens_at: wall(-3_600_000), closes_at: wall(3_600_000) },
    });
    expect((response.json() as EventDto).response_phase.open).toBe(true);
    const turnedOff = await (await as(chair)).patch(`/api/events/${event.publicId}/`, {
      response_phase: { enabled: false },
    });
    expect((turnedOff.json() as EventDto).response_phase).toMatchObject({ enabled: false, open: false });
  });

  it.each([
    [
      'a phase turned on without its opening time',
      { enabled: true, closes_at: '2030-05-08T17:30' },
      'response_phase.opens_at',
      'responses.opensAtRequired',
      'Set when the response window opens',
    ],
    [
      'a phase turned on without its closing time',
      { enabled: true, opens_at: '2030-05-01T09:00' },
      'response_phase.closes_at',
      'responses.closesAtRequired',
      'Set when the response window closes',
    ],
    [
      'a window closing before it opens',
      { opens_at: '2030-05-08T09:00', closes_at: '2030-05-01T09:00' },
      'response_phase.closes_at',
      'responses.closesNotAfterOpens',
      'The response window must close after it opens',
    ],
    [
      'a window closing when it opens',
      { opens_at: '2030-05-08T09:00', closes_at: '2030-05-08T09:00' },
      'response_phase.closes_at',
      'responses.closesNotAfterOpens',
      'The response window must close after it opens',
    ],
    [
      'a time that is not a real day',
      { opens_at: '2030-02-30T09:00' },
      'response_phase.opens_at',
      'responses.dateTimeInvalid',
      'Enter a date and time as YYYY-MM-DDTHH:mm',
    ],
    [
      'an hour past 23',
      { closes_at: '2030-05-08T24:10' },
      'response_phase.closes_at',
      'responses.dateTimeInvalid',
      'Enter a date and time as YYYY-MM-DDTHH:mm',
    ],
    [
      'a time with seconds',
      { opens_at: '2030-05-08T09:00:00' },
      'response_phase.opens_at',
      'responses.dateTimeInvalid',
      'Enter a date and time as YYYY-MM-DDTHH:mm',
    ],
    [
      'a word limit of 0',
      { word_limit: 0 },
      'response_phase.word_limit',
      'responses.wordLimitInvalid',
      'The word limit must be between 1 and 5000',
    ],
    [
      'a word limit over 5000',
      { word_limit: 5001 },
      'response_phase.word_limit',
      'responses.wordLimitInvalid',
      'The word limit must be between 1 and 5000',
    ],
  ])('refuses %s (400 on its field), changing nothing', async (_name, phase, field, key, text) => {
    const { event, chair } = await eventWithChair();
    const response = await (await as(chair)).patch(`/api/events/${event.publicId}/`, {
      title: 'Renamed in the same request',
      response_phase: phase,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { [field]: [text] },
      field_codes: { [field]: [key] },
    });
    expect(await stored(event)).toMatchObject({
      title: event.title,
      responseEnabled: false,
      responseOpensAt: null,
      responseWordLimit: 500,
    });
    expect(await updates(event)).toEqual([]);
  });

  it('checks the stored window when only the switch is sent, and refuses an unknown discussion setting', async () => {
    const { event, chair } = await eventWithChair();
    const client = await as(chair);
    const off = await client.patch(`/api/events/${event.publicId}/`, { response_phase: { enabled: true } });
    expect(off.json()).toMatchObject({ field_codes: { 'response_phase.opens_at': ['responses.opensAtRequired'] } });
    await client.patch(`/api/events/${event.publicId}/`, {
      response_phase: { opens_at: '2030-05-01T09:00', closes_at: '2030-05-02T09:00' },
    });
    const on = await client.patch(`/api/events/${event.publicId}/`, { response_phase: { enabled: true } });
    expect((on.json() as EventDto).response_phase).toMatchObject({ enabled: true, opens_at: '2030-05-01T09:00' });
    // Clearing a time of a phase that is on is refused; turning it off first lets the times go.
    const cleared = await client.patch(`/api/events/${event.publicId}/`, { response_phase: { closes_at: null } });
    expect(cleared.json()).toMatchObject({
      field_codes: { 'response_phase.closes_at': ['responses.closesAtRequired'] },
    });
    const offAndCleared = await client.patch(`/api/events/${event.publicId}/`, {
      response_phase: { enabled: false, opens_at: null, closes_at: null },
    });
    expect((offAndCleared.json() as EventDto).response_phase).toMatchObject({ enabled: false, opens_at: null });
    const badChoice = await client.patch(`/api/events/${event.publicId}/`, { discussion: { reviewers_see: 'never' } });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json()).toMatchObject({
      field_codes: { 'discussion.reviewers_see': ['validation.invalidChoice'] },
    });
    expect((await stored(event))?.discussionReviewersSee).toBe('after_own_review');
  });

  it('is refused to a reviewer (403) and an outsider of a pending event (404); an author sees the phase, not the discussion setting', async () => {
    const { event, chair } = await eventWithChair();
    await (await as(chair)).patch(`/api/events/${event.publicId}/`, {
      response_phase: { enabled: true, opens_at: '2030-05-01T09:00', closes_at: '2030-05-02T09:00' },
    });
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const body = { response_phase: { enabled: false }, discussion: { reviewers_see: 'always' } };
    const byReviewer = await (await as(reviewer)).patch(`/api/events/${event.publicId}/`, body);
    expect(byReviewer.statusCode).toBe(403);
    expect(byReviewer.json()).toMatchObject({ code: 'PERMISSION_DENIED' });

    const pending = await buildEvent(app, { status: 'pending' });
    const outsider = await buildUser(app);
    const byOutsider = await (await as(outsider)).patch(`/api/events/${pending.publicId}/`, body);
    expect(byOutsider.statusCode).toBe(404);
    expect(await stored(event)).toMatchObject({ responseEnabled: true, discussionReviewersSee: 'after_own_review' });
    expect((await stored(pending))?.responseEnabled).toBe(false);

    const author = await buildUser(app);
    await buildSubmission(app, { event, submitter: author });
    const seen = (await (await as(author)).get(`/api/events/${event.publicId}/`)).json() as EventDto;
    expect(seen.response_phase).toMatchObject({ enabled: true, opens_at: '2030-05-01T09:00' });
    expect(seen.discussion).toBeUndefined();
  });

  it('lets the event admin (its creator) change them too', async () => {
    const { event } = await eventWithChair();
    const response = await (await as(event.creator)).patch(`/api/events/${event.publicId}/`, {
      discussion: { reviewers_see: 'always' },
    });
    expect(response.statusCode).toBe(200);
    expect((await stored(event))?.discussionReviewersSee).toBe('always');
  });
});
