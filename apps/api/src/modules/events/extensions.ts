import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';

/*
 * The extension points of the events module: events know nothing about submissions. The submissions module
 * implements the source types below, and the app passes the chosen sources in (`app.extensions`); every count,
 * list and guard of this module follows them.
 */

/** ONE grouped query answering the number of submissions of each of a set of events (absent = 0). */
export type SubmissionCountSource = (db: Db, eventIds: number[]) => Promise<Map<number, number>>;

/**
 * A subquery selecting `(user_id, event_id)` pairs: who authored a submission in which event, e.g.
 * sql`select submitted_by as user_id, event_id from submissions`. Embedded in list queries, never run alone.
 */
export type AuthorshipSource = () => SQL;

export type SubmissionCountSources = { submissionCounts: readonly SubmissionCountSource[] };
export type AuthorshipSources = { authorship: readonly AuthorshipSource[] };
/** Every source the events module reads. */
export type EventSources = SubmissionCountSources & AuthorshipSources;

/** Submission counts per event for a whole list: one query per source, whatever the number of events. */
export async function submissionCounts(
  db: Db,
  sources: SubmissionCountSources,
  eventIds: number[],
): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  if (eventIds.length === 0) return totals;
  const found = await Promise.all(sources.submissionCounts.map((source) => source(db, eventIds)));
  for (const counts of found) {
    for (const [eventId, count] of counts) totals.set(eventId, (totals.get(eventId) ?? 0) + count);
  }
  return totals;
}

/** Whether an event has any submission: the guard of event deletion (409 EVENT_HAS_SUBMISSIONS). */
export async function eventHasSubmissions(db: Db, sources: SubmissionCountSources, eventId: number): Promise<boolean> {
  return ((await submissionCounts(db, sources, [eventId])).get(eventId) ?? 0) > 0;
}

/** The events a user authored a submission in, as a condition on `events` (false while no source exists). */
export function authoredBy(sources: AuthorshipSources, userId: number): SQL {
  const pairs = authorshipPairs(sources);
  if (!pairs) return sql`false`;
  return inArray(events.id, sql`(select a.event_id from (${pairs}) as a where a.user_id = ${userId})`);
}

/** Every `(user_id, event_id)` authorship pair of the sources, as one subquery (or undefined when none exist). */
export function authorshipPairs(sources: AuthorshipSources): SQL | undefined {
  if (sources.authorship.length === 0) return undefined;
  return sql.join(
    sources.authorship.map((source) => sql`(${source()})`),
    sql` union `,
  );
}
