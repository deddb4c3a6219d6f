import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';

export type UserRow = typeof users.$inferSelect;

/** E-mail addresses are unique and looked up without regard to letter case. */
export const emailMatches = (email: string): SQL => sql`lower(${users.email}) = lower(${email.trim()})`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(emailMatches(email));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A user by the route's id: the public id (`12-abcdefgh`, which must match exactly) or the numeric id. */
export async function findUserByIdParam(db: Db, value: string): Promise<UserRow | undefined> {
  const parsed = parseIdParam(value);
  if (!parsed) return undefined;
  const row = await findUserById(db, parsed.id);
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return row;
}

export async function findUserByPublicId(db: Db, publicId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.publicId, publicId));
  return row;
}

/** Whether another platform admin than `exceptUserId` exists. */
export async function hasOtherAdmin(db: Db, exceptUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The admin user list (admins only: the route authorizes before calling). Search matches e-mail, first name,
 * last name and "first last", case-insensitively. Two queries: the page and the count.
 */
export async function listUsers(
  db: Db,
  options: { page: number; pageSize: number; search?: string },
): Promise<{ rows: UserRow[]; count: number }> {
  const search = options.search?.trim();
  const where = search
    ? or(
        ilike(users.email, likePattern(search)),
        ilike(users.firstName, likePattern(search)),
        ilike(users.lastName, likePattern(search)),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${likePattern(search)}`,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
}
