import type { FinalVersionFilter, SubmissionAuthorInput } from '@confero/contracts';
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { finalVersions, submissionFiles } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { AuthorValues } from '../submissions/submission-input.ts';

/*
 * Reads of the final versions (`docs/domain.md#final-version`). A paper's number is its place among its event's
 * submissions in the order they were created (the submission ids rise with creation): submissions carry no number of
 * their own, so the list, the proceedings and their file names all count with `numberedSubmissions`.
 */

export type FinalVersionRow = typeof finalVersions.$inferSelect;

/** An author (checked, or a submission's stored author) as a final version stores it (`SubmissionAuthorInput`). */
export const authorInputOf = (author: AuthorValues): SubmissionAuthorInput => ({
  first_name: author.firstName,
  last_name: author.lastName,
  email: author.email,
  affiliation: author.affiliation,
  country: author.country,
  webpage: author.webpage,
  is_corresponding: author.isCorresponding,
  order: author.position,
});
export type FinalVersionFileRow = Omit<typeof submissionFiles.$inferSelect, 'text'>;

const FINAL_KINDS = ['camera_ready', 'supplementary'] as const;

/** The final version row of a submission, if one was sent. */
export async function findFinalVersion(db: Db, submissionId: number): Promise<FinalVersionRow | undefined> {
  const [row] = await db.select().from(finalVersions).where(eq(finalVersions.submissionId, submissionId));
  return row;
}

/** Every file of a submission's final version (both kinds, every version), newest first. */
export async function findFinalVersionFiles(db: Db, submissionId: number): Promise<FinalVersionFileRow[]> {
  const { text: _text, ...columns } = getTableColumns(submissionFiles);
  return db
    .select(columns)
    .from(submissionFiles)
    .where(and(eq(submissionFiles.submissionId, submissionId), inArray(submissionFiles.kind, [...FINAL_KINDS])))
    .orderBy(desc(submissionFiles.createdAt), desc(submissionFiles.version));
}

/** The event's submissions with their numbers (1, 2, … in creation order), as a subquery named `n`. */
const numberedSubmissions = (eventId: number) => sql`(
  select s.id, s.public_id, s.title, s.abstract, s.keywords, s.decision,
         row_number() over (order by s.id)::int as number
  from submissions s where s.event_id = ${eventId}) n`;

const FILTERS: Record<FinalVersionFilter, SQL> = {
  sent: sql`fv.id is not null`,
  missing: sql`fv.id is null`,
};

export type FinalVersionListRow = {
  id: number;
  publicId: string;
  number: number;
  title: string;
  submittedAt: Date | string | null;
  versions: number;
  supplementary: boolean;
};

/**
 * One page of the event's accepted papers with their final version's state (sent or not, when, how many PDFs, any
 * supplementary material), in paper-number order, and the totals: two queries whatever the page's size.
 */
export async function pageFinalVersions(
  db: Db,
  eventId: number,
  options: { page: number; pageSize: number; status?: FinalVersionFilter | undefined },
) {
  const filter = options.status ? sql`and ${FILTERS[options.status]}` : sql``;
  const rows = await queryRows<FinalVersionListRow>(
    db,
    sql`select n.id, n.public_id as "publicId", n.number, coalesce(fv.title, n.title) as title,
          fv.submitted_at as "submittedAt",
          (select count(*)::int from submission_files f where f.submission_id = n.id and f.kind = 'camera_ready')
            as versions,
          exists (select 1 from submission_files f where f.submission_id = n.id and f.kind = 'supplementary')
            as supplementary
        from ${numberedSubmissions(eventId)}
        left join final_versions fv on fv.submission_id = n.id
        where n.decision = 'accept' ${filter}
        order by n.number
        limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`,
  );
  const [totals] = await queryRows<{ accepted: number; sent: number; filtered: number }>(
    db,
    sql`select count(*)::int as accepted, count(fv.id)::int as sent,
          (count(*) filter (where true ${filter}))::int as filtered
        from submissions n left join final_versions fv on fv.submission_id = n.id
        where n.event_id = ${eventId} and n.decision = 'accept'`,
  );
  const accepted = totals?.accepted ?? 0;
  const sent = totals?.sent ?? 0;
  return { rows, count: totals?.filtered ?? 0, totals: { accepted, sent, missing: accepted - sent } };
}

export type ProceedingsRow = {
  id: number;
  number: number;
  submissionTitle: string;
  keywords: string[];
  finalTitle: string | null;
  finalAbstract: string | null;
  authors: unknown;
  storageKey: string | null;
  sha256: string | null;
  pageCount: number | null;
};

/**
 * One batch of the event's accepted papers after paper number `after`, with their final version (title, abstract,
 * authors) and its latest PDF, in number order (keyset pages, so a large event is never read whole).
 */
export async function pageProceedings(db: Db, eventId: number, after: number, limit: number) {
  return queryRows<ProceedingsRow>(
    db,
    sql`select n.id, n.number, n.title as "submissionTitle", n.keywords, fv.title as "finalTitle",
          fv.abstract as "finalAbstract", fv.authors, f.storage_key as "storageKey", f.sha256,
          f.page_count as "pageCount"
        from ${numberedSubmissions(eventId)}
        left join final_versions fv on fv.submission_id = n.id
        left join lateral (select storage_key, sha256, page_count from submission_files
          where submission_id = n.id and kind = 'camera_ready' order by version desc limit 1) f on true
        where n.decision = 'accept' and n.number > ${after}
        order by n.number
        limit ${limit}`,
  );
}
