import { bigint, bigserial, index, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The changes to what an event's submissions list shows (`modules/submissions/list-cache.ts`): one row per write
 * statement that changed a submission, an author, a conflict, a track or the event itself, written by database
 * triggers in the write's own transaction (migration 0013), so no code path can forget one. The list's version is the
 * sum of `weight` over the event's rows as one snapshot sees them: every committed write adds to it, and rows are only
 * ever folded into one row carrying their sum, so the version grows with each write and never otherwise. Inserts only
 * (no counter row to update): concurrent writers of one event never wait for each other. No foreign key: a row may
 * outlive its event (the event's deletion removes them).
 */
export const eventListChanges = pgTable(
  'event_list_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: integer().notNull(),
    weight: bigint({ mode: 'number' }).notNull().default(1),
  },
  (t) => [index('event_list_changes_event_idx').on(t.eventId)],
);
