import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailboxMessage = typeof mailOutbox.$inferSelect;

/** Outbox rows, newest first, optionally for one recipient (any letter case). */
export async function listMailboxMessages(db: Db, options: { to?: string; limit: number }): Promise<MailboxMessage[]> {
  const to = options.to?.trim();
  return db
    .select()
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.recipient}) = lower(${to})` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
}

export async function findMailboxMessage(db: Db, id: number): Promise<MailboxMessage | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
