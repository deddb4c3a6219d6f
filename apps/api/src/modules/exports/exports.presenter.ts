import {
  type ExportKind,
  type ExportLanguage,
  questionLabel,
  type ReviewAnswer,
  type ReviewQuestionDto,
} from '@confero/contracts';
import { messageText } from '@confero/i18n/catalogue';
import { storedAnswer } from '../review-forms/review-answers.ts';
import { formOfReviewIn, type ReviewForm, type ReviewFormSet } from '../review-forms/review-forms.queries.ts';
import { committeeReadsText } from '../reviews/reviews.policy.ts';
import type { Cell } from './export-formats.ts';
import type {
  BidExportRow,
  ConflictExportRow,
  ReviewExportRow,
  ReviewerExportRow,
  SubmissionExportRow,
} from './exports.queries.ts';

/*
 * The columns of each export: a header key (`exports.columns.*` in server.json, written in the reader's language)
 * and how a row fills it. Enumerated values (statuses, decisions, bid values) travel raw, as in the API. The reviews
 * export's answers are the event's review form: one column per question, headed by the question itself.
 */

/** One column: its header key (or, for a question of the review form, its header text) and its cell. */
type Column<Row> = { key: string; header?: string; cell: (row: Row) => Cell };

const name = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();
const list = (values: readonly string[]) => values.join('; ');

export const SUBMISSION_COLUMNS: Column<SubmissionExportRow & { reviewsHidden: boolean }>[] = [
  { key: 'submission', cell: (row) => row.publicId },
  { key: 'title', cell: (row) => row.title },
  { key: 'track', cell: (row) => row.track },
  { key: 'status', cell: (row) => row.status },
  { key: 'decision', cell: (row) => row.decision },
  {
    key: 'authors',
    cell: (row) => list(row.authors.map((author) => `${author.name} (${author.affiliation}, ${author.country})`)),
  },
  { key: 'authorEmails', cell: (row) => list(row.authors.map((author) => author.email)) },
  { key: 'correspondingAuthor', cell: (row) => row.authors.find((author) => author.isCorresponding)?.email },
  { key: 'keywords', cell: (row) => list(row.keywords) },
  { key: 'reviewsAssigned', cell: (row) => (row.reviewsHidden ? null : row.reviews.assigned) },
  { key: 'reviewsCompleted', cell: (row) => (row.reviewsHidden ? null : row.reviews.completed) },
  {
    key: 'averageScore',
    cell: (row) => (row.reviewsHidden || row.reviews.average === null ? null : Number(row.reviews.average)),
  },
  { key: 'submittedAt', cell: (row) => row.createdAt },
  { key: 'decidedAt', cell: (row) => row.decidedAt },
];

/** A completed review's value, or nothing for a draft (the committee reads a review's text once submitted). */
const written =
  <T>(read: (row: ReviewExportRow) => T) =>
  (row: ReviewExportRow) =>
    committeeReadsText(row.status) ? read(row) : null;

/**
 * An answer as a cell, read against the question the review answered: a score as its number, a list one entry per
 * line, a choice as its option's English label (the file reads the same whatever language asked for it).
 */
function answerCell(question: ReviewQuestionDto, value: ReviewAnswer | undefined): Cell {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join('\n');
  if (question.kind === 'choice') return question.options?.find((option) => option.value === value)?.label.en ?? value;
  return value;
}

/**
 * One column per question of the event's current form, in its order, headed "Label (key)" in the reader's language.
 * A review written against an older version is matched by key, read against the question of its own version, and
 * leaves the cell empty when its version lacks the question.
 */
function questionColumns(forms: ReviewFormSet, language: ExportLanguage): Column<ReviewExportRow>[] {
  const questionsOf = new Map<ReviewForm, Map<string, ReviewQuestionDto>>();
  const questionOf = (row: ReviewExportRow, key: string) => {
    const form = formOfReviewIn(forms, row);
    let questions = questionsOf.get(form);
    if (!questions) {
      questions = new Map(form.questions.map((question) => [question.key, question]));
      questionsOf.set(form, questions);
    }
    return questions.get(key);
  };
  return forms.current.questions.map((question) => ({
    key: `question.${question.key}`,
    header: `${questionLabel(question, language)} (${question.key})`,
    cell: written((row) => {
      const answered = questionOf(row, question.key);
      return answered ? answerCell(answered, storedAnswer(row, question.key)) : null;
    }),
  }));
}

/**
 * The reviews export: the paper, the reviewer (named, or "Reviewer n" by the review's ordinal when anonymous, the
 * e-mail column then left out), the status, one column per question of the event's review form (the chairs-only ones
 * included: exports are for the event's chairs and event admins only), the recommendation, the comments, and the
 * dates.
 */
export function reviewColumns(
  anonymous: boolean,
  language: ExportLanguage,
  forms: ReviewFormSet,
): Column<ReviewExportRow>[] {
  const reviewer: Column<ReviewExportRow>[] = anonymous
    ? [{ key: 'reviewer', cell: (row) => messageText('exports.anonymousReviewer', { n: row.ordinal }, language) }]
    : [
        { key: 'reviewer', cell: name },
        { key: 'reviewerEmail', cell: (row) => row.email },
      ];
  return [
    { key: 'submission', cell: (row) => row.submissionPublicId },
    { key: 'title', cell: (row) => row.title },
    { key: 'review', cell: (row) => row.publicId },
    ...reviewer,
    { key: 'status', cell: (row) => row.status },
    ...questionColumns(forms, language),
    { key: 'recommendation', cell: written((row) => row.recommendation) },
    { key: 'commentsToAuthor', cell: written((row) => row.commentsToAuthor) },
    { key: 'commentsToChair', cell: written((row) => row.commentsToChair) },
    { key: 'assignedAt', cell: (row) => row.assignedAt },
    { key: 'completedAt', cell: (row) => row.completedAt },
  ];
}

/** Completed reviews over assigned ones, in percent (empty without assignments). */
const completion = (load: ReviewerExportRow['load']) =>
  load && load.assigned > 0 ? Math.round((100 * load.completed) / load.assigned) : null;

export const REVIEWER_COLUMNS: Column<ReviewerExportRow>[] = [
  { key: 'user', cell: (row) => row.publicId },
  { key: 'reviewer', cell: name },
  { key: 'reviewerEmail', cell: (row) => row.email },
  { key: 'affiliation', cell: (row) => row.affiliation },
  { key: 'track', cell: (row) => row.track },
  { key: 'membershipStatus', cell: (row) => row.status },
  { key: 'maxPapers', cell: (row) => row.maxPapers },
  { key: 'reviewsAssigned', cell: (row) => row.load?.assigned ?? 0 },
  { key: 'reviewsInProgress', cell: (row) => row.load?.inProgress ?? 0 },
  { key: 'reviewsCompleted', cell: (row) => row.load?.completed ?? 0 },
  { key: 'completion', cell: (row) => completion(row.load) },
  { key: 'bids', cell: (row) => row.bids },
  { key: 'expertise', cell: (row) => row.expertise },
];

export const BID_COLUMNS: Column<BidExportRow>[] = [
  { key: 'submission', cell: (row) => row.submissionPublicId },
  { key: 'title', cell: (row) => row.title },
  { key: 'reviewer', cell: name },
  { key: 'reviewerEmail', cell: (row) => row.email },
  { key: 'bid', cell: (row) => row.value },
  { key: 'updatedAt', cell: (row) => row.updatedAt },
];

export const CONFLICT_COLUMNS: Column<ConflictExportRow>[] = [
  { key: 'submission', cell: (row) => row.submissionPublicId },
  { key: 'title', cell: (row) => row.title },
  { key: 'person', cell: name },
  { key: 'personEmail', cell: (row) => row.email },
  { key: 'conflictType', cell: (row) => row.type },
  { key: 'conflictSource', cell: (row) => row.source },
  { key: 'reason', cell: (row) => row.reason },
  { key: 'createdAt', cell: (row) => row.createdAt },
];

/** The header texts of some columns in a language. */
export function headerOf(columns: readonly Column<never>[], language: ExportLanguage): string[] {
  return columns.map((column) => column.header ?? messageText(`exports.columns.${column.key}`, {}, language));
}

/** The cells of one row. */
export function cellsOf<Row>(columns: readonly Column<Row>[], row: Row): Cell[] {
  return columns.map((column) => column.cell(row));
}

/** The sheet name of a kind in a language. */
export const sheetOf = (kind: ExportKind, language: ExportLanguage) =>
  messageText(`exports.sheets.${kind}`, {}, language);

/**
 * The file name of an export: the event's acronym (letters, digits, `-` and `_` only; `event-<id>` when nothing is
 * left), the kind and the day, e.g. `ICAI26-reviews-2026-11-26.csv`.
 */
export function exportFileName(event: { id: number; acronym: string }, kind: ExportKind, ext: string, now: Date) {
  const acronym = event.acronym.replace(/[^A-Za-z0-9_-]+/g, '').slice(0, 40) || `event-${event.id}`;
  return `${acronym}-${kind}-${now.toISOString().slice(0, 10)}.${ext}`;
}
