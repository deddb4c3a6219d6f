import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { recordAudit, recordAudits } from './audit.ts';
import { makePublicId, nextId, nextIds } from './ids.ts';

let app: TestApp;
let actorId: number;
beforeAll(async () => {
  app = await buildTestApp();
  actorId = await nextId(app.db, 'users');
  await app.db
    .insert(users)
    .values({ id: actorId, publicId: makePublicId(actorId), email: 'auditor@example.org', passwordHash: 'x' });
});
afterAll(async () => app.close());

describe('recordAudit', () => {
  it('writes one row with the actor, event, entity, action and data', async () => {
    await recordAudit(app.db, {
      actorId,
      eventId: 42,
      entity: 'submission',
      entityId: 17,
      action: 'submission.decision_made',
      data: { decision: 'accept', from: 'pending' },
    });
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.action, 'submission.decision_made'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId,
      eventId: 42,
      entity: 'submission',
      entityId: '17',
      data: { decision: 'accept', from: 'pending' },
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('accepts an entry with no actor, event, entity id or data', async () => {
    await recordAudit(app.db, { actorId: null, entity: 'mail', action: 'mail.retried' });
    const [row] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'mail.retried'));
    expect(row).toMatchObject({ actorId: null, eventId: null, entityId: null, data: {} });
  });

  it('is part of the surrounding transaction', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await recordAudit(tx, { actorId, entity: 'user', entityId: 'u-1', action: 'user.deleted' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await app.db.select().from(auditLog).where(eq(auditLog.action, 'user.deleted'))).toEqual([]);
  });
});

describe('recordAudits', () => {
  it('writes one row per entry in one statement, and nothing for none', async () => {
    await recordAudits(app.db, []);
    await recordAudits(app.db, [
      { actorId, eventId: 7, entity: 'review', entityId: 1, action: 'review.assigned', data: { source: 'automatic' } },
      { actorId: null, entity: 'review', entityId: 2, action: 'review.assigned' },
    ]);
    const rows = await app.db
      .select({
        actorId: auditLog.actorId,
        eventId: auditLog.eventId,
        entityId: auditLog.entityId,
        data: auditLog.data,
      })
      .from(auditLog)
      .where(eq(auditLog.action, 'review.assigned'))
      .orderBy(auditLog.entityId);
    expect(rows).toEqual([
      { actorId, eventId: 7, entityId: '1', data: { source: 'automatic' } },
      { actorId: null, eventId: null, entityId: '2', data: {} },
    ]);
  });
});

describe('nextIds', () => {
  it('reserves as many distinct ids as asked, after the ones reserved before, and none for 0', async () => {
    const before = await nextId(app.db, 'reviews');
    const ids = await nextIds(app.db, 'reviews', 300);
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    expect(Math.min(...ids)).toBeGreaterThan(before);
    expect(await nextIds(app.db, 'reviews', 0)).toEqual([]);
  });
});
