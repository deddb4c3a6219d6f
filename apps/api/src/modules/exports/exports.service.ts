import type { ExportKind, ExportLanguage } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findConflictedSubmissionIds } from '../conflicts/detect-conflict.ts';
import type { EventRow } from '../events/events.queries.ts';
import { currentReviewForm, reviewFormsAt } from '../review-forms/review-forms.queries.ts';
import type { Cell, ExportTable } from './export-formats.ts';
import {
  BID_COLUMNS,
  CONFLICT_COLUMNS,
  cellsOf,
  headerOf,
  REVIEWER_COLUMNS,
  reviewColumns,
  SUBMISSION_COLUMNS,
  sheetOf,
} from './exports.presenter.ts';
import { pageBids, pageConflicts, pageReviewers, pageReviews, pageSubmissions } from './exports.queries.ts';

/** Rows read per query: big enough that 6,000 reviews take 12 round trips, small enough to hold in memory. */
export const EXPORT_PAGE_SIZE = 500;

export type ExportRequest = { kind: ExportKind; anonymous: boolean; language: ExportLanguage; pageSize?: number };

/**
 * Reads pages by a keyset until a short page: `read(after)` gives a page after a key, `keyOf` the key of a row.
 * The next page is read only when the writer asks for it.
 */
async function* keyset<Row, Key>(
  first: Key,
  read: (after: Key) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
  cells: (row: Row) => Cell[],
): AsyncGenerator<Cell[][]> {
  let after = first;
  for (;;) {
    const rows = await read(after);
    yield rows.map(cells);
    const last = rows.at(-1);
    if (rows.length < size || last === undefined) return;
    after = keyOf(last);
  }
}

/**
 * The table of one export of an event, for a viewer the route authorized (`exports.policy.ts`): its header in the
 * reader's language and its rows, read lazily in pages of `EXPORT_PAGE_SIZE`. The submissions the viewer is
 * conflicted with (`findConflictedSubmissionIds`) keep their row in the submissions export without review figures,
 * and leave no row in the reviews, bids and conflicts exports, as a conflicted chair reads none of their reviews.
 * The reviews export reads the event's review form (every version, for the reviews written against older ones) once,
 * before its first page.
 */
export async function exportTable(db: Db, actor: Actor, event: EventRow, request: ExportRequest): Promise<ExportTable> {
  const { kind, language } = request;
  const size = request.pageSize ?? EXPORT_PAGE_SIZE;
  const hidden = await findConflictedSubmissionIds(db, event.id, actor);
  const sheet = sheetOf(kind, language);
  const byId = (row: { id: number }) => row.id;
  switch (kind) {
    case 'submissions': {
      const read = async (after: number) =>
        (await pageSubmissions(db, event.id, after, size)).map((row) => ({
          ...row,
          reviewsHidden: hidden.has(row.id),
        }));
      const pages = keyset(0, read, byId, size, (row) => cellsOf(SUBMISSION_COLUMNS, row));
      return { sheet, header: headerOf(SUBMISSION_COLUMNS, language), pages };
    }
    case 'reviews': {
      const current = await currentReviewForm(db, event.id);
      const everyVersion = Array.from({ length: current.version }, (_, index) => index + 1);
      const forms = { current, byVersion: await reviewFormsAt(db, event.id, everyVersion) };
      const columns = reviewColumns(request.anonymous, language, forms);
      const read = (after: { submissionId: number; ordinal: number }) => pageReviews(db, event.id, hidden, after, size);
      const keyOf = (row: { submissionId: number; ordinal: number }) => ({
        submissionId: row.submissionId,
        ordinal: row.ordinal,
      });
      const pages = keyset({ submissionId: 0, ordinal: 0 }, read, keyOf, size, (row) => cellsOf(columns, row));
      return { sheet, header: headerOf(columns, language), pages };
    }
    case 'reviewers': {
      const read = (after: number) => pageReviewers(db, event.id, after, size);
      const pages = keyset(0, read, byId, size, (row) => cellsOf(REVIEWER_COLUMNS, row));
      return { sheet, header: headerOf(REVIEWER_COLUMNS, language), pages };
    }
    case 'bids': {
      const read = (after: number) => pageBids(db, event.id, hidden, after, size);
      const pages = keyset(0, read, byId, size, (row) => cellsOf(BID_COLUMNS, row));
      return { sheet, header: headerOf(BID_COLUMNS, language), pages };
    }
    case 'conflicts': {
      const read = (after: number) => pageConflicts(db, event.id, hidden, after, size);
      const pages = keyset(0, read, byId, size, (row) => cellsOf(CONFLICT_COLUMNS, row));
      return { sheet, header: headerOf(CONFLICT_COLUMNS, language), pages };
    }
  }
}
