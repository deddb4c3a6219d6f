import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { eventMemberships, submissions, users } from '../../../db/schema/index.ts';
import { queryRows } from '../../../lib/sql.ts';
import { type QueuedMail, queueMails } from '../../../mail/outbox.ts';
import { findEventReviewers } from '../../reviews/reviews.queries.ts';
import type { ApplyWriter } from './apply-writer.ts';

/** Submissions written per statement: the VALUES list of one conditional UPDATE stays bounded. */
export const AREA_CHAIR_BATCH = 500;

type Change = { submissionId: number; expected: number | null; next: number | null };

/**
 * The area chairs' writer of an apply (`POST events/{id}/area-chair-assignment/apply/`), inside the apply's
 * transaction. Each paper the preview changes gets its new area chair (`area_chair_source` 'automatic',
 * `area_chair_assigned_at` now) — or none, in replace mode, when the automatic area chair it drops gets no successor
 * — through conditional UPDATEs of at most AREA_CHAIR_BATCH submissions each: a submission whose area chair is no
 * longer the one the preview read (none, or the dropped one) stops the apply (409 STALE_PREVIEW, nothing written).
 * Every new area chair must still be an active area chair of the event within their max_papers once applied (409
 * otherwise). Each area chair who gets papers is mailed once, with the list of them ('area_chairs.papers_assigned').
 */
export const writeAreaChairs: ApplyWriter = async (ctx) => {
  const { tx, event, result, mode, stale } = ctx;
  const fresh = result.pairs.filter((pair) => !pair.existing);
  const dropped = mode === 'replace' ? result.removed : [];
  if (fresh.length === 0 && dropped.length === 0) return { created: 0, removed: 0 };

  const chairs = new Map(
    (await findEventReviewers(tx, event.id, undefined, 'area_chair')).map((chair) => [chair.publicId, chair]),
  );
  const droppedIds = [...new Set(dropped.map((row) => row.reviewer.public_id))];
  const userIds = new Map(
    droppedIds.length === 0
      ? []
      : (
          await tx
            .select({ id: users.id, publicId: users.publicId })
            .from(users)
            .where(inArray(users.publicId, droppedIds))
        ).map((row) => [row.publicId, row.id]),
  );
  const changes = new Map<number, Change>();
  const change = (submissionId: number) => {
    const found = changes.get(submissionId) ?? { submissionId, expected: null, next: null };
    changes.set(submissionId, found);
    return found;
  };
  for (const row of dropped) {
    const userId = userIds.get(row.reviewer.public_id);
    if (userId === undefined) throw stale();
    change(row.submission.id).expected = userId;
  }
  for (const pair of fresh) {
    const chair = chairs.get(pair.reviewer.public_id);
    if (!chair) throw stale();
    const entry = change(pair.submission.id);
    if (entry.next !== null) throw stale();
    entry.next = chair.userId;
  }

  // The memberships of those who get papers, locked (in id order) before any paper is written, as a manual assignment
  // and a removal lock theirs: one waits for the other, so the load counted below sees a manual assignment that
  // raced this apply, and a removal either finds the papers written (and clears them) or leaves nothing to lock.
  const receivers = [...new Set(fresh.map((pair) => chairs.get(pair.reviewer.public_id)?.userId as number))];
  const maxOf = new Map<number, number>();
  if (receivers.length > 0) {
    const locked = await tx
      .select({ userId: eventMemberships.userId, maxPapers: eventMemberships.maxPapers })
      .from(eventMemberships)
      .where(
        and(
          eq(eventMemberships.eventId, event.id),
          eq(eventMemberships.role, 'area_chair'),
          eq(eventMemberships.status, 'active'),
          inArray(eventMemberships.userId, receivers),
        ),
      )
      .orderBy(asc(eventMemberships.id))
      .for('update');
    for (const row of locked) if (row.userId !== null) maxOf.set(row.userId, row.maxPapers);
    if (maxOf.size !== receivers.length) throw stale();
  }

  const list = [...changes.values()];
  for (let start = 0; start < list.length; start += AREA_CHAIR_BATCH) {
    const batch = list.slice(start, start + AREA_CHAIR_BATCH);
    const values = sql.join(
      batch.map((row) => sql`(${row.submissionId}::integer, ${row.expected}::integer, ${row.next}::integer)`),
      sql`, `,
    );
    const written = await queryRows<{ id: number }>(
      tx,
      sql`
      update ${submissions} as s
         set area_chair_id = v.next,
             area_chair_source = case when v.next is null then null else 'automatic' end,
             area_chair_assigned_at = case when v.next is null then null else now() end
        from (values ${values}) as v(id, expected, next)
       where s.id = v.id and s.event_id = ${event.id} and s.area_chair_id is not distinct from v.expected
      returning s.id`,
    );
    if (written.length !== batch.length) throw stale();
  }

  // Loads once applied: every area chair who got papers is still within their max_papers in this event.
  if (receivers.length > 0) {
    const loads = await tx
      .select({ userId: submissions.areaChairId, papers: sql<number>`count(*)::int` })
      .from(submissions)
      .where(
        and(
          eq(submissions.eventId, event.id),
          isNotNull(submissions.areaChairId),
          inArray(submissions.areaChairId, receivers),
        ),
      )
      .groupBy(submissions.areaChairId);
    if (loads.some((row) => row.papers > (maxOf.get(row.userId as number) ?? 0))) throw stale();
  }

  const papersOf = new Map<string, string[]>();
  for (const pair of fresh) {
    papersOf.set(pair.reviewer.public_id, [...(papersOf.get(pair.reviewer.public_id) ?? []), pair.submission.title]);
  }
  const mails: QueuedMail[] = [...papersOf.entries()].map(([publicId, titles]) => {
    const chair = chairs.get(publicId);
    if (!chair) throw stale();
    return {
      to: chair.email,
      template: 'area_chairs.papers_assigned',
      locale: chair.locale,
      eventId: event.id,
      data: {
        first_name: chair.firstName,
        event_title: event.title,
        count: titles.length,
        papers: titles.map((title) => `• ${title}`).join('\n'),
        link: `${ctx.publicUrl}/area-chair`,
      },
    };
  });
  await queueMails(tx, mails);
  return { created: fresh.length, removed: dropped.length };
};
