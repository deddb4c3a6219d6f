import type { AuditAction, AuditEntity } from '@confero/contracts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditEntry = {
  actorId: number | null;
  eventId?: number | null;
  /** One of `AUDIT_ENTITIES` (contracts), which the audit screens name. */
  entity: AuditEntity;
  entityId?: string | number | null;
  /** One of `AUDIT_ACTIONS` (contracts): a new action is added there, and gets its label in both languages. */
  action: AuditAction;
  data?: Record<string, unknown>;
};

/**
 * Writes one audit_log row for a state change. Call it in the same transaction as the change, so the log holds exactly
 * what committed. Never put secrets (passwords, tokens) in `data`.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** `recordAudit` for many changes at once (a batch of an apply): one insert, the caller bounds the batch. */
export async function recordAudits(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      eventId: entry.eventId ?? null,
      entity: entry.entity,
      entityId: entry.entityId === null || entry.entityId === undefined ? null : String(entry.entityId),
      action: entry.action,
      data: entry.data ?? {},
    })),
  );
}
