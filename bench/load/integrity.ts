/**
 * The after-run integrity check: the database and the file store, read once the server has stopped, must hold
 * exactly what the clients were told was saved — no lost or extra submission, no lost or half-written file version.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { queryRows } from '../../apps/api/src/lib/sql.ts';
import { storageKey } from '../../apps/api/src/lib/storage.ts';

/** One upload as the client saw it. `ok` is undefined when no answer came (it may or may not have been saved). */
export type UploadRecord = { sha256: string; ok: boolean | undefined };

/** A submission the benchmark created, and every re-upload sent for it (in the order the answers came). */
export type SubmissionRecord = {
  id: number;
  createdSha256: string;
  uploads: UploadRecord[];
  /** Whether two uploads for it were ever in flight at once (then their commit order is not known). */
  overlapped: boolean;
};

export type IntegrityReport = {
  problems: string[];
  submissions: number;
  fileRows: number;
  expectedFileRows: { min: number; max: number };
  objects: number;
  hashedBytes: number;
  leftoverTmp: number;
  orphans: number;
  jobs: { type: string; status: string; count: number }[];
};

type FileRow = { submission_id: number; version: number; storage_key: string; sha256: string; size: number | string };

async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

/**
 * Compares the event's submissions and paper versions in the database with the client's records, and every stored
 * object with its row (size and SHA-256 of the bytes on disk). Also counts leftovers in the store's tmp folder,
 * objects no row refers to, and the job queue by type and status (the insights backlog).
 */
export async function checkIntegrity(options: {
  database: { url?: string; pgliteDir?: string };
  storageDir: string;
  eventId: number;
  created: readonly SubmissionRecord[];
}): Promise<IntegrityReport> {
  const problems: string[] = [];
  const database = await openDatabase({ ...options.database, migrate: false });
  try {
    const db = database.db;
    const submissionRows = await queryRows<{ id: number }>(
      db,
      sql`select id from submissions where event_id = ${options.eventId} order by id`,
    );
    const fileRows = await queryRows<FileRow>(
      db,
      sql`select f.submission_id, f.version, f.storage_key, f.sha256, f.size from submission_files f
          join submissions s on s.id = f.submission_id
          where s.event_id = ${options.eventId} and f.kind = 'paper' order by f.submission_id, f.version`,
    );
    const allKeys = new Set(
      (await queryRows<{ storage_key: string }>(db, sql`select distinct storage_key from submission_files`)).map(
        (r) => r.storage_key,
      ),
    );
    // A finished insights job says in its result whether it extracted the paper or skipped a superseded version.
    const jobs = (
      await queryRows<{ type: string; status: string; outcome: string | null; count: number | string }>(
        db,
        sql`select type, status::text as status, result->>'status' as outcome, count(*) as count from jobs
            group by 1, 2, 3 order by 1, 2, 3`,
      )
    ).map((r) => ({
      type: r.type,
      status: r.outcome && r.outcome !== r.status ? `${r.status} (${r.outcome})` : r.status,
      count: Number(r.count),
    }));

    // Submissions: exactly those created.
    const expectedIds = new Set(options.created.map((s) => s.id));
    const actualIds = new Set(submissionRows.map((r) => Number(r.id)));
    if (actualIds.size !== expectedIds.size) {
      problems.push(`${actualIds.size} submissions in the database, ${expectedIds.size} created`);
    }
    for (const id of expectedIds) if (!actualIds.has(id)) problems.push(`submission ${id} is missing`);
    for (const id of actualIds) if (!expectedIds.has(id)) problems.push(`submission ${id} was not created by a client`);

    // Versions: 1..k with no gap; version 1 is the created file; the others are exactly the saved uploads.
    const versions = new Map<number, FileRow[]>();
    for (const row of fileRows) {
      const id = Number(row.submission_id);
      versions.set(id, [...(versions.get(id) ?? []), row]);
    }
    let minRows = 0;
    let maxRows = 0;
    for (const record of options.created) {
      const rows = versions.get(record.id) ?? [];
      const saved = record.uploads.filter((u) => u.ok === true);
      const unknown = record.uploads.filter((u) => u.ok === undefined);
      minRows += 1 + saved.length;
      maxRows += 1 + saved.length + unknown.length;
      const label = `submission ${record.id}`;
      rows.forEach((row, index) => {
        if (Number(row.version) !== index + 1)
          problems.push(`${label}: version ${row.version} at position ${index + 1}`);
      });
      if (rows[0]?.sha256 !== record.createdSha256) problems.push(`${label}: version 1 is not the submitted file`);
      const later = rows.slice(1).map((r) => r.sha256);
      if (later.length < saved.length || later.length > saved.length + unknown.length) {
        problems.push(`${label}: ${later.length} new versions, ${saved.length} uploads answered 200`);
      }
      const remaining = [...later];
      for (const upload of saved) {
        const at = remaining.indexOf(upload.sha256);
        if (at < 0)
          problems.push(`${label}: an upload answered 200 (sha256 ${upload.sha256.slice(0, 12)}…) is missing`);
        else remaining.splice(at, 1);
      }
      for (const extra of remaining) {
        if (!unknown.some((u) => u.sha256 === extra)) {
          problems.push(`${label}: a version (sha256 ${extra.slice(0, 12)}…) no client uploaded`);
        }
      }
      if (!record.overlapped && unknown.length === 0) {
        const expectedLatest = saved.at(-1)?.sha256 ?? record.createdSha256;
        if (rows.at(-1)?.sha256 !== expectedLatest)
          problems.push(`${label}: the current version is not the last saved`);
      }
    }

    // The store: every row's object exists with its size and hash; nothing half-written or unreferenced is left.
    const checked = new Map<string, { sha256: string; size: number } | undefined>();
    let hashedBytes = 0;
    for (const row of fileRows) {
      if (row.storage_key !== storageKey(row.sha256)) {
        problems.push(`submission ${row.submission_id} v${row.version}: key ${row.storage_key} is not its hash`);
      }
      if (!checked.has(row.storage_key)) {
        const file = path.join(options.storageDir, ...row.storage_key.split('/'));
        const content = fs.existsSync(file) ? await hashFile(file) : undefined;
        if (content) hashedBytes += content.size;
        checked.set(row.storage_key, content);
      }
      const content = checked.get(row.storage_key);
      if (!content) problems.push(`submission ${row.submission_id} v${row.version}: file ${row.storage_key} missing`);
      else if (content.sha256 !== row.sha256 || content.size !== Number(row.size)) {
        problems.push(
          `submission ${row.submission_id} v${row.version}: file on disk is ${content.size} bytes, sha256 ` +
            `${content.sha256.slice(0, 12)}…; the row says ${row.size} bytes, ${row.sha256.slice(0, 12)}…`,
        );
      }
    }
    const leftoverTmp = listFiles(path.join(options.storageDir, 'tmp')).length;
    if (leftoverTmp > 0) problems.push(`${leftoverTmp} partial upload(s) left in the store's tmp folder`);
    const stored = listFiles(path.join(options.storageDir, 'files')).map((file) =>
      path.relative(options.storageDir, file).split(path.sep).join('/'),
    );
    const orphans = stored.filter((key) => !allKeys.has(key)).length;
    if (orphans > 0) problems.push(`${orphans} stored object(s) no submission_files row refers to`);

    return {
      problems,
      submissions: actualIds.size,
      fileRows: fileRows.length,
      expectedFileRows: { min: minRows, max: maxRows },
      objects: stored.length,
      hashedBytes,
      leftoverTmp,
      orphans,
      jobs,
    };
  } finally {
    await database.close();
  }
}
