import { type AssignmentRole, BID_VALUES } from '@confero/contracts';
import { and, asc, desc, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignmentPreviews, bids, conflicts, submissions } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';

/** An automatic assignment preview as stored. */
export type PreviewRow = typeof assignmentPreviews.$inferSelect;

/** A preview as read for an answer: see `PreviewReadOptions.textFor`. */
export type PreviewRead = PreviewRow & { resultText?: string | null; hasResult?: boolean };

export type PreviewReadOptions = {
  /** false: the result is not read (null); an apply reads what it needs of it through `findApplyResult`. */
  withResult?: boolean;
  /**
   * The viewer's conflicted submissions: the result is not parsed here but given as JSON text ready to answer
   * (`resultText`), the stored result with `hidden_papers: 0`, when the viewer has a conflict with none of its papers
   * and it was stored with its short rows' parameters; otherwise `resultText` is null and `hasResult` says whether
   * there is a result to read and present (`resultForViewer`). A done preview of 6,000 pairs parsed, copied and
   * serialised again held the request thread about 50 ms on an idle machine.
   */
  textFor?: ReadonlySet<number>;
};

/** The columns of a preview as `options` asks for them (see `PreviewReadOptions`). */
function previewColumns(options: PreviewReadOptions) {
  const { result: _result, ...withoutResult } = getTableColumns(assignmentPreviews);
  if (options.textFor) {
    const ids = `{${[...options.textFor].map((id) => Math.trunc(id)).join(',')}}`;
    const touches = (list: string) =>
      sql.raw(`exists (select 1 from jsonb_array_elements(r.value->'${list}') e
        where (e.value->'submission'->>'id')::int = any(c.ids))`);
    return {
      ...withoutResult,
      result: sql<null>`null`,
      hasResult: sql<boolean>`${assignmentPreviews.result} is not null`,
      resultText: sql<string | null>`(
        select case
          when exists (select 1 from jsonb_array_elements(r.value->'short') e where e.value->'reason'->'params' is null)
            then null
          when cardinality(c.ids) > 0 and (${touches('pairs')} or ${touches('removed')} or ${touches('short')}
            or coalesce((r.value->'lowest_paper'->>'id')::int = any(c.ids), false))
            then null
          else jsonb_set(r.value, '{hidden_papers}', '0')::text end
        from (select ${assignmentPreviews.result} as value) r, (select ${ids}::int[] as ids) c
        where r.value is not null)`,
    };
  }
  return options.withResult === false
    ? { ...withoutResult, result: sql<null>`null` }
    : getTableColumns(assignmentPreviews);
}

/**
 * One assignment preview of the event by numeric id (scoped to the event the route loaded and to the role its
 * routes assign: a reviewers' preview is not found under the area chairs' routes, nor the reverse), its result read
 * as `options` says.
 */
export async function findEventPreview(
  db: Db,
  eventId: number,
  previewId: number,
  role: AssignmentRole,
  options: PreviewReadOptions = {},
): Promise<PreviewRead | undefined> {
  const [row] = await db
    .select(previewColumns(options))
    .from(assignmentPreviews)
    .where(
      and(
        eq(assignmentPreviews.id, previewId),
        eq(assignmentPreviews.eventId, eventId),
        eq(assignmentPreviews.role, role),
      ),
    );
  return row;
}

/** What an apply reads of a preview's result: each pair's paper (id, title), person and whether it exists, the removals, the score. */
export type ApplyResult = {
  pairs: { submission: { id: number; title: string }; reviewer: { public_id: string }; existing: boolean }[];
  removed: { submission: { id: number }; reviewer: { public_id: string } }[];
  total_score: number;
};

/**
 * The part of a stored preview result an apply needs, picked out by the database as compact arrays: the request
 * thread parses a few bytes per pair instead of the whole result (6,000 pairs with their reasons and names: hundreds
 * of milliseconds). Undefined without a result.
 */
export async function findApplyResult(db: Db, previewId: number): Promise<ApplyResult | undefined> {
  const [row] = await queryRows<{
    pairs: [number, string, string, boolean][];
    removed: [number, string][];
    total: number;
  }>(
    db,
    sql`select
          (select coalesce(jsonb_agg(jsonb_build_array((p->'submission'->>'id')::int, p->'submission'->>'title', p->'reviewer'->>'public_id',
                                                       (p->>'existing')::boolean) order by n), '[]'::jsonb)
             from jsonb_array_elements(${assignmentPreviews.result}->'pairs') with ordinality as e(p, n)) as pairs,
          (select coalesce(jsonb_agg(jsonb_build_array((r->'submission'->>'id')::int, r->'reviewer'->>'public_id')
                                     order by n), '[]'::jsonb)
             from jsonb_array_elements(${assignmentPreviews.result}->'removed') with ordinality as e(r, n)) as removed,
          (${assignmentPreviews.result}->>'total_score')::float8 as total
        from ${assignmentPreviews}
        where ${assignmentPreviews.id} = ${previewId} and ${assignmentPreviews.result} is not null`,
  );
  if (!row) return undefined;
  return {
    pairs: row.pairs.map(([id, title, publicId, existing]) => ({
      submission: { id, title },
      reviewer: { public_id: publicId },
      existing,
    })),
    removed: row.removed.map(([id, publicId]) => ({ submission: { id }, reviewer: { public_id: publicId } })),
    total_score: Number(row.total),
  };
}

/** The event's latest assignment preview of one role, whatever its status (discarded ones are deleted). */
export async function findLatestPreview(
  db: Db,
  eventId: number,
  role: AssignmentRole,
  options: PreviewReadOptions = {},
): Promise<PreviewRead | undefined> {
  const [row] = await db
    .select(previewColumns(options))
    .from(assignmentPreviews)
    .where(and(eq(assignmentPreviews.eventId, eventId), eq(assignmentPreviews.role, role)))
    .orderBy(desc(assignmentPreviews.createdAt), desc(assignmentPreviews.id))
    .limit(1);
  return row;
}

/** Whether a preview still exists (after a delete that matched nothing: applied meanwhile, or gone). */
export async function previewExists(db: Db, previewId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: assignmentPreviews.id })
    .from(assignmentPreviews)
    .where(eq(assignmentPreviews.id, previewId));
  return row !== undefined;
}

/**
 * The event's area chairs as assignments (one per submission that has one), in the shape of the reviewers'
 * (`findEventAssignments`): an area chair set without a source counts as set by hand, so no mode drops it.
 */
export async function findEventAreaChairPairs(db: Db, eventId: number) {
  return db
    .select({
      submissionId: submissions.id,
      reviewerId: sql<number>`${submissions.areaChairId}`,
      status: sql<'assigned'>`'assigned'`,
      source: sql<string>`coalesce(${submissions.areaChairSource}, 'manual')`,
    })
    .from(submissions)
    .where(and(eq(submissions.eventId, eventId), isNotNull(submissions.areaChairId)))
    .orderBy(asc(submissions.id));
}

/**
 * Non-negative integers written by the database as one comma-separated text, read into `columns` typed arrays
 * (value i goes to column i % columns). Hundreds of thousands of rows travel as one string instead of as row
 * objects: the request thread spends milliseconds on them instead of a second.
 */
export function readPackedColumns(text: string, rows: number, columns: number): Int32Array[] {
  const out = Array.from({ length: columns }, () => new Int32Array(rows));
  let value = 0;
  let index = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 44;
    if (code !== 44) {
      value = value * 10 + code - 48;
      continue;
    }
    if (i === 0 && text.length === 0) break;
    (out[index % columns] as Int32Array)[Math.floor(index / columns)] = value;
    index++;
    value = 0;
  }
  if (index !== rows * columns) throw new Error(`packed columns: ${index} values for ${rows} rows of ${columns}`);
  return out;
}

/**
 * Every stored conflict of an event's submissions as columns, in no particular order (an ordered aggregate would
 * double the statement's time; the fingerprint sorts them): for the fingerprint and the automatic assignment.
 */
export async function findEventConflictColumns(
  db: Db,
  eventId: number,
): Promise<{ submissionIds: Int32Array; userIds: Int32Array }> {
  const [row] = await queryRows<{ rows: number; packed: string | null }>(
    db,
    sql`select count(*)::int as rows,
          string_agg(${conflicts.submissionId}::text || ',' || ${conflicts.userId}::text, ',') as packed
        from ${conflicts}
        where ${conflicts.submissionId} in (select ${submissions.id} from ${submissions}
                                            where ${submissions.eventId} = ${eventId})`,
  );
  const [submissionIds, userIds] = readPackedColumns(row?.packed ?? '', Number(row?.rows ?? 0), 2);
  return { submissionIds: submissionIds as Int32Array, userIds: userIds as Int32Array };
}

/**
 * The bids of an event's submissions as columns (a 'conflict' bid is a stored conflict, so those are left out),
 * values as indexes into BID_VALUES: for the automatic assignment.
 */
export async function findEventBidColumns(
  db: Db,
  eventId: number,
): Promise<{ submissionIds: Int32Array; userIds: Int32Array; values: Uint8Array }> {
  const names = sql.raw(`array[${BID_VALUES.map((value) => `'${value}'`).join(',')}]::text[]`);
  const [row] = await queryRows<{ rows: number; packed: string | null }>(
    db,
    sql`select count(*)::int as rows,
          string_agg(${bids.submissionId}::text || ',' || ${bids.userId}::text || ','
                     || (array_position(${names}, ${bids.value}::text) - 1)::text, ',') as packed
        from ${bids}
        where ${bids.submissionId} in (select ${submissions.id} from ${submissions}
                                       where ${submissions.eventId} = ${eventId})
          and ${bids.value} <> 'conflict'`,
  );
  const [submissionIds, userIds, values] = readPackedColumns(row?.packed ?? '', Number(row?.rows ?? 0), 3);
  return {
    submissionIds: submissionIds as Int32Array,
    userIds: userIds as Int32Array,
    values: Uint8Array.from(values as Int32Array),
  };
}
