import type { StatisticsDto } from '@confero/contracts';
import type { Db } from '../../db/client.ts';

/** What the statistics read from the user row itself. */
export type StatisticsSubject = { id: number; createdAt: Date };

export type ActivityCounters = Pick<StatisticsDto, 'reviews_completed' | 'submissions' | 'events_participated'>;

/**
 * A source of activity counters: ONE grouped query for a whole set of users (`… where user_id in (…) group by
 * user_id`), never one per user, so a page of the admin list costs the same number of queries for 1 or 100 users.
 * The slice owning the data implements it (completed reviews, submissions authored, events participated); which
 * sources count is chosen where the app is built (`app.extensions.counters`).
 */
export type CounterSource = (db: Db, userIds: number[]) => Promise<Map<number, Partial<ActivityCounters>>>;

export type CounterSources = { counters: readonly CounterSource[] };

/** `member_since` is the ISO date of registration. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The statistics of many users at once: a constant number of queries whatever the number of users. */
export async function statisticsForUsers(
  db: Db,
  sources: CounterSources,
  subjects: StatisticsSubject[],
): Promise<Map<number, StatisticsDto>> {
  const ids = subjects.map((subject) => subject.id);
  const found = ids.length === 0 ? [] : await Promise.all(sources.counters.map((source) => source(db, ids)));
  const statistics = new Map<number, StatisticsDto>();
  for (const subject of subjects) {
    const counters: ActivityCounters = { reviews_completed: 0, submissions: 0, events_participated: 0 };
    for (const perUser of found) {
      const partial = perUser.get(subject.id);
      if (!partial) continue;
      counters.reviews_completed += partial.reviews_completed ?? 0;
      counters.submissions += partial.submissions ?? 0;
      counters.events_participated += partial.events_participated ?? 0;
    }
    statistics.set(subject.id, { ...counters, member_since: isoDate(subject.createdAt) });
  }
  return statistics;
}

/** The statistics of one user. */
export async function statisticsForUser(
  db: Db,
  sources: CounterSources,
  subject: StatisticsSubject,
): Promise<StatisticsDto> {
  const statistics = await statisticsForUsers(db, sources, [subject]);
  const result = statistics.get(subject.id);
  if (!result) throw new Error('statistics missing for user');
  return result;
}
