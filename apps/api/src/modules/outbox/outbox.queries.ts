import type { MailStatus, MailTemplate } from '@confero/contracts';
import { and, asc, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, mailOutbox } from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';
import { findEventByIdParam } from '../events/events.queries.ts';

/** The outbox filters as the routes take them; `event` is a public or numeric event id. */
export type OutboxFilter = { status?: MailStatus; event?: string; template?: MailTemplate };

/** The columns of the list (no bodies), with the event's public id and title when it still exists. */
const LIST_COLUMNS = {
  id: mailOutbox.id,
  recipient: mailOutbox.recipient,
  locale: mailOutbox.locale,
  template: mailOutbox.template,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  transport: mailOutbox.transport,
  eventId: mailOutbox.eventId,
  eventPublicId: events.publicId,
  eventTitle: events.title,
  createdAt: mailOutbox.createdAt,
  lastAttemptAt: mailOutbox.lastAttemptAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  sentAt: mailOutbox.sentAt,
  failedAt: mailOutbox.failedAt,
};

/** Mails with their events: the list's base query. */
const selectMails = (db: Db) =>
  db.select(LIST_COLUMNS).from(mailOutbox).leftJoin(events, eq(events.id, mailOutbox.eventId));

export type OutboxListRow = Awaited<ReturnType<typeof selectMails>>[number];
export type OutboxDetailRow = OutboxListRow & { subject: string; textBody: string };

/**
 * The condition of some filters, or null when they can match nothing (an event named by a public id that does not
 * exist). A numeric event id matches the mails of an event deleted since, too.
 */
async function filterCondition(db: Db, filter: OutboxFilter): Promise<SQL | undefined | null> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(mailOutbox.status, filter.status));
  if (filter.template) conditions.push(eq(mailOutbox.template, filter.template));
  if (filter.event) {
    const parsed = parseIdParam(filter.event);
    const eventId = parsed?.publicId ? (await findEventByIdParam(db, filter.event))?.id : parsed?.id;
    if (eventId === undefined) return null;
    conditions.push(eq(mailOutbox.eventId, eventId));
  }
  return and(...conditions);
}

/**
 * One page of the outbox, newest first, and the number of mails matching (site admins only: the route authorizes
 * before calling). Two queries: the page, with its events joined, and the count.
 */
export async function listOutbox(
  db: Db,
  options: { page: number; pageSize: number; filter: OutboxFilter },
): Promise<{ rows: OutboxListRow[]; count: number }> {
  const where = await filterCondition(db, options.filter);
  if (where === null) return { rows: [], count: 0 };
  const [rows, [total]] = await Promise.all([
    selectMails(db)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
}

/** One mail with the subject and text it was rendered with. */
export async function findOutboxMail(db: Db, id: number): Promise<OutboxDetailRow | undefined> {
  const [row] = await db
    .select({ ...LIST_COLUMNS, subject: mailOutbox.subject, textBody: mailOutbox.textBody })
    .from(mailOutbox)
    .leftJoin(events, eq(events.id, mailOutbox.eventId))
    .where(eq(mailOutbox.id, id));
  return row;
}

/** The ids of the next `limit` failed mails after `afterId` that match the filter (event, template), oldest first. */
export async function nextFailedMailIds(
  db: Db,
  filter: Omit<OutboxFilter, 'status'>,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const where = await filterCondition(db, { ...filter, status: 'failed' });
  if (where === null) return [];
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(where, gt(mailOutbox.id, afterId)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
