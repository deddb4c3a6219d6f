import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from './sql.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Eight random base32 characters. */
export function randomSuffix(length = 8): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const byte of bytes) out += BASE32[byte & 31];
  return out;
}

/** `<id>-<8 random base32 chars>` (`docs/domain.md#public-ids`): the id stays derivable from the public id. */
export function makePublicId(id: number): string {
  return `${id}-${randomSuffix()}`;
}

/** Reserves the next serial id of a table so the public id can be written in the same insert. */
export async function nextId(db: Db, table: string): Promise<number> {
  const [id] = await nextIds(db, table, 1);
  return id as number;
}

/** Reserves the next `count` serial ids of a table in one statement, whatever the count (a batch's inserts). */
export async function nextIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${count}::int)`,
  );
  return rows.map((row) => Number(row.id));
}

/** The largest id of a serial column (PostgreSQL's integer): a larger one names nothing, and a query with it fails. */
const MAX_SERIAL_ID = 2_147_483_647;

/**
 * Accepts a public id (`12-abcdefgh`) or a numeric id (`12`); returns the numeric id, or undefined (also for an id
 * past the serial columns' integers, which no row has).
 */
export function parseIdParam(value: string): { id: number; publicId?: string } | undefined {
  const match = /^(\d{1,12})(?:-([a-z2-7]{8}))?$/.exec(value);
  if (!match) return undefined;
  const id = Number(match[1]);
  if (id > MAX_SERIAL_ID) return undefined;
  return match[2] ? { id, publicId: value } : { id };
}
