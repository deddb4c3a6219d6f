import type { AuditEntryDto, AuditPageDto } from '@confero/contracts';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { NOT_AUTHENTICATED, PERMISSION_DENIED } from '../../../test/error-bodies.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/index.ts';
import { buildConflict, buildReview, countQueries } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { createClient, signedInClients } from '../../../test/http.ts';
import { auditLog } from '../../db/schema/index.ts';
import { type AuditEntry, recordAudit } from '../../lib/audit.ts';

let app: TestApp;
let event: BuiltEvent;
let otherEvent: BuiltEvent;
let chair: BuiltUser;
let conflictedChair: BuiltUser;
let reviewer: BuiltUser;
let outsider: BuiltUser;
let admin: BuiltUser;
let paper: BuiltSubmission;
let secretPaper: BuiltSubmission;
const as = signedInClients(() => app);

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

beforeAll(async () => {
  app = await buildTestApp();
  chair = await buildUser(app, { firstName: 'Chiara', lastName: 'Chair' });
  conflictedChair = await buildUser(app);
  reviewer = await buildUser(app, { firstName: 'Rania', lastName: 'Reviewer' });
  outsider = await buildUser(app);
  admin = await buildAdmin(app);
  event = await buildEvent(app, { status: 'active' });
  otherEvent = await buildEvent(app, { status: 'active', title: 'Another Symposium' });
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: conflictedChair, role: 'chair' });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  paper = await buildSubmission(app, { event });
  secretPaper = await buildSubmission(app, { event });
  await buildConflict(app, { submission: secretPaper, user: conflictedChair });
  const secretReview = await buildReview(app, { submission: secretPaper, reviewer });
  await app.db.delete(auditLog);
  const entries: (AuditEntry & { at: Date })[] = [
    {
      actorId: chair.id,
      eventId: event.id,
      entity: 'event',
      entityId: event.id,
      action: 'event.updated',
      data: { changes: { title: { from: 'Old', to: 'New' }, timezone: { from: 'AoE', to: 'UTC' } } },
      at: day('2026-03-01'),
    },
    {
      actorId: chair.id,
      eventId: event.id,
      entity: 'review',
      entityId: secretReview.id,
      action: 'review.assigned',
      data: { submission_id: secretPaper.id, reviewer_id: reviewer.id, source: 'manual' },
      at: day('2026-03-02'),
    },
    {
      actorId: reviewer.id,
      eventId: event.id,
      entity: 'review',
      entityId: secretReview.id,
      action: 'review.submitted',
      data: { from: 'in_progress', to: 'completed', version: 3, overall_score: 2 },
      at: day('2026-03-03'),
    },
    {
      actorId: chair.id,
      eventId: event.id,
      entity: 'submission',
      entityId: paper.id,
      action: 'submission.decision_made',
      data: { from_status: 'submitted', to_status: 'accepted', from_decision: 'pending', to_decision: 'accept' },
      at: day('2026-03-04'),
    },
    {
      actorId: chair.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: 77,
      action: 'event.reviewer_invited',
      data: { email: 'guest@example.org', invitation_token_hash: 'abc123', nested: { password: 'x', kept: 1 } },
      at: day('2026-03-05'),
    },
    {
      actorId: admin.id,
      eventId: otherEvent.id,
      entity: 'event',
      entityId: otherEvent.id,
      action: 'event.status_changed',
      data: { from: 'approved', to: 'active', via: 'change_status' },
      at: day('2026-03-06'),
    },
    {
      actorId: reviewer.id,
      eventId: null,
      entity: 'user',
      entityId: reviewer.id,
      action: 'user.password_changed',
      data: {},
      at: day('2026-03-07'),
    },
  ];
  for (const { at, ...entry } of entries) {
    await recordAudit(app.db, entry);
    // Each entry on its own day, so the time filters have something to cut.
    await app.db.execute(
      sql`update audit_log set created_at = ${at.toISOString()} where id = (select max(id) from audit_log)`,
    );
  }
});
afterAll(async () => {
  await app.close();
});

const EVENT_LOG = () => `/api/events/${event.publicId}/audit/`;
const ADMIN_LOG = '/api/admin/audit/';

async function pageOf(user: BuiltUser, url: string, query: Record<string, string> = {}) {
  const response = await (await as(user)).get(url, { query });
  expect(response.statusCode).toBe(200);
  return response.json() as AuditPageDto;
}
const byAction = (page: AuditPageDto, action: string) =>
  page.results.find((entry) => entry.action === action) as AuditEntryDto;

describe('GET /api/events/{id}/audit/', () => {
  it("lists the event's entries newest first with actor, public ids and the fields each changed", async () => {
    const page = await pageOf(chair, EVENT_LOG());
    expect(page.count).toBe(5);
    expect(page.results.map((entry) => entry.action)).toEqual([
      'event.reviewer_invited',
      'submission.decision_made',
      'review.submitted',
      'review.assigned',
      'event.updated',
    ]);
    expect(byAction(page, 'event.updated')).toEqual({
      id: expect.any(Number),
      at: '2026-03-01T12:00:00.000Z',
      actor: { public_id: chair.publicId, name: 'Chiara Chair' },
      event: { public_id: event.publicId, title: event.title },
      entity: 'event',
      entity_id: event.publicId,
      action: 'event.updated',
      fields: ['title', 'timezone'],
      data: { changes: { title: { from: 'Old', to: 'New' }, timezone: { from: 'AoE', to: 'UTC' } } },
      redacted: false,
    });
    expect(byAction(page, 'submission.decision_made')).toMatchObject({
      entity_id: paper.publicId,
      fields: ['status', 'decision'],
    });
    expect(byAction(page, 'review.assigned')).toMatchObject({
      actor: { public_id: chair.publicId },
      data: { reviewer_id: reviewer.id },
      redacted: false,
    });
    expect(byAction(page, 'review.submitted').fields).toEqual(['status']);
  });

  it('never shows secrets an entry recorded, at any depth', async () => {
    const entry = byAction(await pageOf(chair, EVENT_LOG()), 'event.reviewer_invited');
    expect(entry.entity_id).toBe('77');
    expect(entry.data).toEqual({ email: 'guest@example.org', nested: { kept: 1 } });
  });

  it('redacts who reviewed a paper for a chair conflicted with it, keeping what happened and when', async () => {
    const page = await pageOf(conflictedChair, EVENT_LOG());
    expect(page.count).toBe(5);
    for (const action of ['review.assigned', 'review.submitted']) {
      expect(byAction(page, action)).toMatchObject({ actor: null, data: {}, fields: [], redacted: true });
    }
    expect(JSON.stringify(page)).not.toContain(reviewer.publicId);
    expect(byAction(page, 'event.updated').redacted).toBe(false);
  });

  it('filters by action, entity, actor and day, and pages with links', async () => {
    expect((await pageOf(chair, EVENT_LOG(), { action: 'event.updated' })).count).toBe(1);
    expect((await pageOf(chair, EVENT_LOG(), { entity: 'review' })).count).toBe(2);
    expect((await pageOf(chair, EVENT_LOG(), { actor: reviewer.publicId })).results.map((e) => e.action)).toEqual([
      'review.submitted',
    ]);
    const days = await pageOf(chair, EVENT_LOG(), { from: '2026-03-02', to: '2026-03-03' });
    expect(days.results.map((entry) => entry.action)).toEqual(['review.submitted', 'review.assigned']);
    const first = await pageOf(chair, EVENT_LOG(), { page_size: '2' });
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
  });

  it('reads a page in a constant number of queries whatever its length (one per kind of thing it names)', async () => {
    const client = await as(chair);
    const size = (pageSize: string) =>
      countQueries(app, () => client.get(EVENT_LOG(), { query: { entity: 'review', page_size: pageSize } }));
    const one = await size('1');
    expect(await size('2')).toBe(one);
  });

  it('answers 400 with the field for a bad filter', async () => {
    for (const [field, value] of [
      ['from', 'yesterday'],
      ['to', '2026-13-45'],
      ['actor', 'someone'],
      ['page_size', '1000'],
    ] as const) {
      const response = await (await as(chair)).get(EVENT_LOG(), { query: { [field]: value } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: [expect.any(String)] } });
    }
  });

  it('answers 401 anonymously, 404 to outsiders, 403 to reviewers, and changes nothing', async () => {
    const before = await app.db.select({ value: count() }).from(auditLog);
    expect((await createClient(app).get(EVENT_LOG())).statusCode).toBe(401);
    const hidden = await (await as(outsider)).get(EVENT_LOG());
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notFound' });
    const refused = await (await as(reviewer)).get(EVENT_LOG());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'events.permissionDenied' });
    expect(await app.db.select({ value: count() }).from(auditLog)).toEqual(before);
  });
});

describe('GET /api/admin/audit/', () => {
  it('lists every entry of the platform for site admins, with the event and account entries', async () => {
    const page = await pageOf(admin, ADMIN_LOG);
    expect(page.count).toBe(7);
    expect(byAction(page, 'user.password_changed')).toMatchObject({
      event: null,
      entity: 'user',
      entity_id: reviewer.publicId,
      actor: { public_id: reviewer.publicId, name: 'Rania Reviewer' },
    });
    // Site admins read the reviewing of every paper, unredacted.
    expect(byAction(page, 'review.assigned').redacted).toBe(false);
  });

  it('filters by event', async () => {
    const page = await pageOf(admin, ADMIN_LOG, { event: otherEvent.publicId });
    expect(page.results.map((entry) => [entry.action, entry.event?.title])).toEqual([
      ['event.status_changed', 'Another Symposium'],
    ]);
    expect((await pageOf(admin, ADMIN_LOG, { event: String(event.id) })).count).toBe(5);
  });

  it('answers 401 anonymously and 403 to everyone else, even chairs, before reading the filters', async () => {
    const anonymous = await createClient(app).get(ADMIN_LOG);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject(NOT_AUTHENTICATED);
    for (const user of [chair, outsider]) {
      const refused = await (await as(user)).get(ADMIN_LOG, { query: { from: 'not a date' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject(PERMISSION_DENIED);
    }
    const bad = await (await as(admin)).get(ADMIN_LOG, { query: { event: 'the big one' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { event: [expect.any(String)] } });
  });
});
