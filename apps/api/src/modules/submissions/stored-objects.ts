import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import type { ClaimObject, Storage, StoredObject } from '../../lib/storage.ts';
import { uploadIncompleteError } from './files.ts';

/*
 * The registry of stored files (`stored_objects`). Identical bytes are stored once, so one file can serve several
 * submission_files rows, and a refused upload can never tell whether a concurrent upload of the same bytes is
 * about to refer to "its" file. So nothing deletes a file on the request path; a periodic sweep frees files no row
 * refers to, and three rules make it safe:
 *
 * 1. Claim before place: an upload upserts the file's registry row (touched_at = now(), autocommit) before its
 *    bytes take their content address, and places them only once the claim returned.
 * 2. Hold at commit: the transaction that inserts a submission_files row upserts the same registry row first and
 *    then checks that the file is there; the row lock it takes lasts until it commits.
 * 3. The sweep locks the registry rows it frees (FOR UPDATE SKIP LOCKED), checks again under the locks that no
 *    submission_files row refers to them, deletes their files while holding the locks, then deletes the rows.
 *
 * A claim or hold racing the sweep on the same row waits for the sweep to commit and then creates a fresh row: the
 * claim's upload then places its bytes again, and a hold finds the file missing and refuses the upload (400
 * UPLOAD_INCOMPLETE) instead of committing a row that names nothing. A hold that comes first makes the sweep skip
 * the row, and the sweep's second check sees its row once it committed. So a file never disappears under a row
 * that commits. The grace period (the sweep frees only rows untouched that long) keeps the sweep away from uploads
 * still between their claim and their commit, so that refusal does not happen in practice.
 */

/** How long an unreferenced file stays before the sweep frees it. */
export const STORED_OBJECT_GRACE_MS = 24 * 60 * 60 * 1000;
/** A temporary upload file untouched this long belongs to a process that died. */
export const TEMPORARY_FILE_MAX_AGE_MS = 60 * 60 * 1000;
/** Registry rows freed (and files deleted) per transaction. */
export const SWEEP_BATCH_SIZE = 100;

const msAgo = (ms: number) => sql`now() - (${ms}::double precision * interval '1 millisecond')`;

/** Registers a stored file, or marks it used now. One statement: the row lock lasts only as long as it. */
async function touchStoredObject(db: Db, object: Pick<StoredObject, 'key' | 'size'>): Promise<void> {
  await db.execute(sql`
    insert into stored_objects (key, size) values (${object.key}, ${object.size})
    on conflict (key) do update set touched_at = now()`);
}

/** The claim of uploads into the store (Storage.put's `claim`), in autocommit on `db`. */
export function claimStoredObject(db: Db): ClaimObject {
  return (object) => touchStoredObject(db, object);
}

/**
 * Inside the transaction that is about to refer to an uploaded file: locks its registry row until the commit and
 * checks the file is there with its size. 400 UPLOAD_INCOMPLETE when the sweep freed it meanwhile.
 */
export async function holdStoredObject(tx: Db, storage: Storage, object: StoredObject): Promise<void> {
  await touchStoredObject(tx, object);
  const stat = await storage.stat(object.key);
  if (stat?.size !== object.size) throw uploadIncompleteError();
}

export type SweepOptions = { graceMs?: number; batchSize?: number };

/**
 * Frees the stored files no submission_files row refers to and no upload touched within the grace period, a batch
 * per transaction, until a batch comes back short. Returns the keys freed.
 */
export async function sweepStoredObjects(db: Db, storage: Storage, options: SweepOptions = {}): Promise<string[]> {
  const graceMs = options.graceMs ?? STORED_OBJECT_GRACE_MS;
  const batchSize = options.batchSize ?? SWEEP_BATCH_SIZE;
  const freed: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const candidates = await queryRows<{ key: string }>(
        tx,
        sql`select o.key from stored_objects o
            where o.touched_at < ${msAgo(graceMs)}
              and not exists (select 1 from submission_files f where f.storage_key = o.key)
            order by o.touched_at
            limit ${batchSize}
            for update of o skip locked`,
      );
      if (candidates.length === 0) return { found: 0, keys: [] };
      const keys = candidates.map((row) => row.key);
      // A new statement sees every commit made before these locks were taken: a row referring to a key now.
      const referenced = await queryRows<{ key: string }>(
        tx,
        sql`select distinct storage_key as key from submission_files
            where storage_key in (${sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            )})`,
      );
      const kept = new Set(referenced.map((row) => row.key));
      const unreferenced = keys.filter((key) => !kept.has(key));
      for (const key of unreferenced) await storage.delete(key);
      if (unreferenced.length > 0) {
        await tx.execute(
          sql`delete from stored_objects where key in (${sql.join(
            unreferenced.map((key) => sql`${key}`),
            sql`, `,
          )})`,
        );
      }
      return { found: candidates.length, keys: unreferenced };
    });
    freed.push(...batch.keys);
    if (batch.found < batchSize) return freed;
  }
}

/**
 * Registers the files found in the store without a registry row (stored before the registry existed, or placed by
 * an upload the sweep overtook), as touched when they were last written, so the sweep frees them once they are
 * unreferenced and past the grace period. Reads the store a batch of files at a time. Returns how many it
 * registered.
 */
export async function registerUnlistedObjects(
  db: Db,
  storage: Storage,
  options: Pick<SweepOptions, 'batchSize'> = {},
): Promise<number> {
  const batchSize = options.batchSize ?? SWEEP_BATCH_SIZE;
  let registered = 0;
  let batch: { key: string; size: number; modifiedAt: Date }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = sql.join(
      batch.map(
        (object) =>
          sql`(${object.key}::varchar, ${object.size}::bigint, ${object.modifiedAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const inserted = await queryRows<{ key: string }>(
      db,
      sql`insert into stored_objects (key, size, created_at, touched_at)
          select v.key, v.size, v.modified_at, v.modified_at from (values ${rows}) as v(key, size, modified_at)
          on conflict (key) do nothing
          returning key`,
    );
    registered += inserted.length;
    batch = [];
  };
  for await (const object of storage.objects()) {
    batch.push(object);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return registered;
}
