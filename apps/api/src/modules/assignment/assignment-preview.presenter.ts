import { type AssignmentPreviewDto, type AssignmentResultDto, reviewMessage } from '@confero/contracts';
import type { PreviewRead } from './assignment.queries.ts';
import type { PreviewRow } from './commands/apply-assignment.ts';

type ShortRow = AssignmentResultDto['short'][number];
/** A result as stored: previews computed before `params` and `hidden_papers` existed lack them. */
type StoredResult = Omit<AssignmentResultDto, 'short' | 'hidden_papers'> & {
  short: (Omit<ShortRow, 'reason'> & {
    reason: Omit<ShortRow['reason'], 'params'> & { params?: ShortRow['reason']['params'] };
  })[];
  hidden_papers?: number;
};

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** A short row with its reason's parameters (filled from the row's own figures for older previews). */
function withParams(row: StoredResult['short'][number]): ShortRow {
  return {
    ...row,
    reason: {
      code: row.reason.code,
      params: row.reason.params ?? { eligible: row.eligible_reviewers, wanted: row.wanted },
      message: row.reason.message,
    },
  };
}

/**
 * SECURITY-CRITICAL: a preview's result as one viewer may see it. The papers the viewer has a conflict of interest
 * with (`conflicted`) are left out — their pairs, removals and short rows — and so are their scores: new_count,
 * total_score and the lowest paper are computed over the pairs that remain (the papers that remain each count with
 * the sum of their pairs, 0 when none), and `hidden_papers` says how many papers were left out. A viewer without
 * such papers gets the result as computed.
 */
export function resultForViewer(stored: AssignmentResultDto, conflicted: ReadonlySet<number>): AssignmentResultDto {
  const result = stored as StoredResult;
  const short = result.short.map(withParams);
  const referenced = [
    ...result.pairs.map((row) => row.submission),
    ...result.removed.map((row) => row.submission),
    ...short.map((row) => row.submission),
    ...(result.lowest_paper ? [result.lowest_paper] : []),
  ];
  const hidden = new Set(referenced.filter((paper) => conflicted.has(paper.id)).map((paper) => paper.id));
  if (hidden.size === 0) return { ...result, short, hidden_papers: 0 };

  const keep = (row: { submission: { id: number } }) => !hidden.has(row.submission.id);
  const pairs = result.pairs.filter(keep);
  const visibleShort = short.filter(keep);
  const removed = result.removed.filter(keep);
  const papers = new Map<number, { paper: AssignmentResultDto['pairs'][number]['submission']; score: number }>();
  for (const row of [...pairs, ...removed, ...visibleShort]) {
    if (!papers.has(row.submission.id)) papers.set(row.submission.id, { paper: row.submission, score: 0 });
  }
  let total = 0;
  for (const pair of pairs) {
    total += pair.score;
    const entry = papers.get(pair.submission.id);
    if (entry) entry.score += pair.score;
  }
  // As the computation picks it: the least sum, the lowest submission id among ties.
  let lowest: { paper: AssignmentResultDto['pairs'][number]['submission']; score: number } | null = null;
  for (const entry of [...papers.values()].sort((a, b) => a.paper.id - b.paper.id)) {
    if (lowest === null || entry.score < lowest.score) lowest = entry;
  }
  return {
    ...result,
    pairs,
    removed,
    short: visibleShort,
    new_count: pairs.filter((pair) => !pair.existing).length,
    total_score: round(total),
    lowest_paper: lowest ? lowest.paper : null,
    lowest_paper_score: lowest ? round(lowest.score) : null,
    hidden_papers: hidden.size,
  };
}

/** A preview for one viewer (see resultForViewer). */
export function presentPreview(preview: PreviewRow, conflicted: ReadonlySet<number>): AssignmentPreviewDto {
  return {
    preview_id: preview.publicId,
    status: preview.status,
    progress: Math.round(preview.progress * 100) / 100,
    mode: preview.mode,
    created_at: preview.createdAt.toISOString(),
    finished_at: preview.finishedAt?.toISOString() ?? null,
    error: preview.status === 'failed' ? reviewMessage('assignments.previewFailed') : null,
    error_code: preview.status === 'failed' ? 'assignments.previewFailed' : null,
    result: preview.result ? resultForViewer(preview.result, conflicted) : null,
  };
}

/**
 * A preview for one viewer as the JSON text of the answer: with the result the database gave as text when it could
 * (`PreviewReadOptions.textFor`: the viewer has no conflict with its papers), spliced in as it is, never parsed here;
 * undefined when the result must be read and filtered (`presentPreview`). The same JSON as `presentPreview` gives.
 */
export function presentPreviewText(preview: PreviewRead): string | undefined {
  if (preview.hasResult && !preview.resultText) return undefined;
  const head = JSON.stringify(presentPreview({ ...preview, result: null }, new Set()));
  if (!preview.resultText) return head;
  const tail = '"result":null}';
  if (!head.endsWith(tail)) throw new Error('a preview answer must end with its result');
  return `${head.slice(0, -'null}'.length)}${preview.resultText}}`;
}
