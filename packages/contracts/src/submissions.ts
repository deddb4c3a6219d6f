import { type ServerMessageKey, serverMessage } from '@confero/i18n';
import { z } from 'zod';
import { AI_PROVIDERS } from './events.ts';
import { OPTIONAL_PAGE_QUERY_FIELDS, PAGE_QUERY_FIELDS, paginated } from './system.ts';

/*
 * Submissions: creation (multipart with the PDF), edit, deletion, lists, status and decisions, file download, AI
 * metadata extraction and AI insights (`docs/domain.md#submission`, `docs/domain.md#submission-status`).
 *
 * Errors carry a stable message key next to the English text, as the events API does:
 *   { "detail": "Title is required", "code": "VALIDATION_ERROR",
 *     "fields": { "title": ["Title is required"] },
 *     "field_codes": { "title": ["submissions.validations.titleRequired"] } }
 * Errors without a field (403, 404, 409, 413, 415) carry `message_code` (and `params`) instead (`ApiError` in
 * errors.ts; the keys' texts are in `packages/i18n/locales/{en,ar}/server.json`). The duplicate-title answer is
 *   409 { "detail": "A submission with this title already exists for this event. Please choose a different title.",
 *         "code": "DUPLICATE_TITLE", "type": "DUPLICATE_TITLE", "fields": { "title": [same text] }, … }
 * File downloads answer their errors as JSON with an `error` field too.
 */

// ---------------------------------------------------------------------------------------------------------------
// Enumerations and constants
// ---------------------------------------------------------------------------------------------------------------

/** submitted → under_review → accepted | rejected | revision_requested (apps/api/src/modules/submissions/submission-state.ts). */
export const SUBMISSION_STATUSES = ['submitted', 'under_review', 'accepted', 'rejected', 'revision_requested'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** pending (initial) → accept | reject | revision; each decision goes with one status. */
export const SUBMISSION_DECISIONS = ['pending', 'accept', 'reject', 'revision'] as const;
export type SubmissionDecision = (typeof SUBMISSION_DECISIONS)[number];

/**
 * The decisions that close a submission to its authors: once accepted or rejected, they neither edit it nor declare
 * conflicts on it (409 SUBMISSION_LOCKED). A revision request asks them for changes, so it keeps both open.
 */
export const FINAL_DECISIONS = ['accept', 'reject'] as const satisfies readonly SubmissionDecision[];
export const isFinalDecision = (decision: string): boolean => (FINAL_DECISIONS as readonly string[]).includes(decision);

export const SUBMISSION_FILE_KINDS = ['paper', 'supplementary', 'camera_ready'] as const;
export type SubmissionFileKind = (typeof SUBMISSION_FILE_KINDS)[number];

/** Conflicts of interest (`docs/domain.md#conflict-of-interest`): authorship, and the types detected or declared. */
export const CONFLICT_TYPES = ['author', 'coauthor', 'institutional', 'domain', 'personal', 'other'] as const;
export type ConflictType = (typeof CONFLICT_TYPES)[number];
export const CONFLICT_SOURCES = ['declared', 'detected'] as const;
export type ConflictSource = (typeof CONFLICT_SOURCES)[number];

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, { en: string; ar: string }> = {
  submitted: { en: 'Submitted', ar: 'مُقدَّمة' },
  under_review: { en: 'Under review', ar: 'قيد التحكيم' },
  accepted: { en: 'Accepted', ar: 'مقبولة' },
  rejected: { en: 'Rejected', ar: 'مرفوضة' },
  revision_requested: { en: 'Revision requested', ar: 'مطلوب تعديلها' },
};

export const SUBMISSION_DECISION_LABELS: Record<SubmissionDecision, { en: string; ar: string }> = {
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  accept: { en: 'Accept', ar: 'قبول' },
  reject: { en: 'Reject', ar: 'رفض' },
  revision: { en: 'Revision', ar: 'تعديل' },
};

/** At least 3 keywords on create, 1 on edit. */
export const KEYWORDS_MIN_CREATE = 3;
export const KEYWORDS_MIN_EDIT = 1;
export const KEYWORDS_MAX = 30;
export const KEYWORD_MAX_LENGTH = 100;
export const SUBMISSION_TITLE_MAX_LENGTH = 500;
export const ABSTRACT_MAX_LENGTH = 10_000;
export const DECISION_DETAILS_MAX_LENGTH = 10_000;
export const AUTHORS_MAX = 50;
export const AUTHOR_NAME_MAX_LENGTH = 150;
export const AUTHOR_AFFILIATION_MAX_LENGTH = 255;
export const AUTHOR_WEBPAGE_MAX_LENGTH = 500;
/** The longest `metadata` JSON accepted, in characters. */
export const SUBMISSION_METADATA_MAX_LENGTH = 10_000;
/** The PDF size limit is MAX_UPLOAD_MB on the server (default 20); shown as help text in the form. */
export const DEFAULT_MAX_UPLOAD_MB = 20;
/** The file name of a download when the title gives none. */
export const DEFAULT_DOWNLOAD_FILE_NAME = 'submission.pdf';

/**
 * The file name of a paper's download: the title lower-cased, punctuation removed, runs of spaces turned
 * into underscores, with `.pdf`; 'submission.pdf' when nothing is left. Letters of every script are kept.
 */
export function downloadFileName(title: string | null | undefined): string {
  const base = (title ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_]/gu, '')
    .trim()
    .replace(/\s+/g, '_');
  return base ? `${base}.pdf` : DEFAULT_DOWNLOAD_FILE_NAME;
}

/** Keywords as the API sends and the web app shows them: joined with a comma and a space. */
export function joinKeywords(keywords: readonly string[]): string {
  return keywords.join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------------

/** A message key of the submissions and AI extraction APIs (`packages/i18n/locales/{en,ar}/server.json`). */
export type SubmissionMessageKey = ServerMessageKey;

/** The text of a message key in a language, with `{{name}}` placeholders filled in. */
export function submissionMessage(
  key: SubmissionMessageKey,
  params: Record<string, string | number> = {},
  language: 'en' | 'ar' = 'en',
): string {
  return serverMessage(key, params, language);
}

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

/*
 * `POST submissions/` is multipart/form-data (it carries the PDF), so its fields arrive as text:
 *   title, abstract,
 *   keywords   one comma-separated text, or the field repeated (each may itself hold commas or semicolons),
 *   event      the event's id or public id,
 *   track      a track's public id (or id), or empty,
 *   metadata   a JSON object as text (method, fileSize, fileFormat, extractedTitle, submissionTime…),
 *   authors    a JSON list as text of SubmissionAuthorInput,
 *   file       the PDF (checked by its first bytes, its size against MAX_UPLOAD_MB, and a parse).
 * The rules are checked on the server in the product's fixed order (`docs/domain.md#validation-order`), so the
 * first failing rule answers, with its field.
 */

/** One author as the form sends it; only types are checked here, the rules on the server. */
export const SubmissionAuthorInput = z.object({
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  affiliation: z.string().nullish(),
  /** An ISO alpha-2 code, or a country's English or Arabic name; stored as the code. */
  country: z.string().nullish(),
  webpage: z.string().nullish(),
  is_corresponding: z.union([z.boolean(), z.string(), z.number()]).nullish(),
  order: z.union([z.number(), z.string()]).nullish(),
});
export type SubmissionAuthorInput = z.infer<typeof SubmissionAuthorInput>;

/**
 * `PATCH submissions/{id}/` as JSON (no file, no authors change needs multipart): the fields sent are checked with the
 * edit rules (`docs/domain.md#validation-order`) against the stored values. Multipart PATCH carries the same fields as
 * text, plus an optional `file` that becomes the paper's new version.
 */
export const UpdateSubmissionBody = z
  .object({
    title: z.string({ error: 'validation.invalid' }).nullish(),
    abstract: z.string({ error: 'validation.invalid' }).nullish(),
    keywords: z.union([z.string(), z.array(z.string())], { error: 'validation.invalid' }).nullish(),
    track: z.union([z.string(), z.number()], { error: 'validation.invalid' }).nullish(),
    metadata: z.union([z.record(z.string(), z.unknown()), z.string()], { error: 'validation.invalid' }).nullish(),
    authors: z.union([z.array(SubmissionAuthorInput), z.string()], { error: 'validation.invalid' }).nullish(),
  })
  .nullish();
export type UpdateSubmissionBody = z.infer<typeof UpdateSubmissionBody>;

export const SubmissionIdParams = z.object({ id: z.string().max(60) });
export type SubmissionIdParams = z.infer<typeof SubmissionIdParams>;

export const ChangeSubmissionStatusBody = z.object({ status: z.string({ error: 'validation.required' }) });
export type ChangeSubmissionStatusBody = z.infer<typeof ChangeSubmissionStatusBody>;

export const MakeDecisionBody = z.object({
  decision: z.string({ error: 'validation.required' }),
  decision_details: z.string({ error: 'validation.invalid' }).nullish(),
});
export type MakeDecisionBody = z.infer<typeof MakeDecisionBody>;

/** `GET submissions/`: the submissions the caller may see (their own and those of the events they staff). */
export const SubmissionListQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  status: z.enum(SUBMISSION_STATUSES, { error: 'validation.invalidChoice' }).optional(),
  /** Only the submissions of this event (id or public id). */
  event: z.string().max(60).optional(),
  search: z.string().trim().max(200, 'validation.tooLong').optional(),
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;

export const EventSubmissionsQuery = z.object({
  event_id: z.string().max(60).optional(),
  ...OPTIONAL_PAGE_QUERY_FIELDS,
});
export type EventSubmissionsQuery = z.infer<typeof EventSubmissionsQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/** An author of a submission (`docs/domain.md#author`), in the submission's order. */
export const SubmissionAuthorDto = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  affiliation: z.string(),
  /** ISO alpha-2 code. */
  country: z.string(),
  country_name: z.string(),
  webpage: z.string().nullable(),
  is_corresponding: z.boolean(),
  /** 1-based position in the author list. */
  order: z.number().int(),
  /** Whether the author's e-mail belongs to a registered (verified) account, and that account's public id. */
  is_registered: z.boolean(),
  user_public_id: z.string().nullable(),
  /** The review page reads `author.first_name`/`author.last_name`: keep this nested copy of the names. */
  author: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
});
export type SubmissionAuthorDto = z.infer<typeof SubmissionAuthorDto>;

export const PrimaryAuthorDto = z.object({ first_name: z.string(), last_name: z.string(), full_name: z.string() });
export type PrimaryAuthorDto = z.infer<typeof PrimaryAuthorDto>;

/** A topic of the research-area catalogue (packages/contracts/src/research-areas.ts): a subcategory of an area. */
export const InsightTopic = z.object({
  key: z.string(),
  label: z.string(),
  label_ar: z.string(),
  area_key: z.string(),
  area_label: z.string(),
  area_label_ar: z.string(),
  /** How strongly the paper's text points at the topic, 0–1 (relative to the main topic). */
  score: z.number(),
});
export type InsightTopic = z.infer<typeof InsightTopic>;

/**
 * AI insights on a submission (`docs/domain.md#insights`), computed in the background after each upload.
 * With the `local` provider the highlights are sentences taken from the paper (never written), empty when no
 * sentence fits. Shown to the event's staff only, never to authors.
 */
export const AiAnalysis = z.object({
  provider: z.enum(AI_PROVIDERS),
  generated_at: z.string(),
  submission_highlights: z.object({
    problem_statement: z.string(),
    gap_analysis: z.string(),
    contribution: z.string(),
    methodology: z.string(),
    main_finding: z.string(),
  }),
  relevance_to_event: z.object({
    /** 0 to 5 (one decimal). */
    score: z.number().min(0).max(5),
    justification: z.string(),
    /** The justification in Arabic, when the provider wrote one (the local provider does). */
    justification_ar: z.string().optional(),
    /** The event's research areas the paper matches (catalogue keys), and the shared terms. */
    matched_areas: z.array(z.string()),
    matched_terms: z.array(z.string()),
  }),
  topics: z.object({ main_topic: InsightTopic.nullable(), secondary_topics: z.array(InsightTopic) }),
  plagiarism: z.object({ available: z.literal(false), message: z.string(), message_code: z.string() }),
});
export type AiAnalysis = z.infer<typeof AiAnalysis>;

/** What the viewer may do with the submission: the web app reads these, never roles. */
export const SubmissionAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  change_status: z.boolean(),
  make_decision: z.boolean(),
  download: z.boolean(),
  view_insights: z.boolean(),
  review: z.boolean(),
  /** Bidding on it (`/submissions/{id}/bid`): the event's reviewers who are not its authors. */
  bid: z.boolean(),
  /** The assign screen: reviewer candidates, assigning and unassigning (the committee, without a conflict). */
  manage_reviewers: z.boolean(),
  /**
   * Declaring a conflict of interest with a committee member (its authors, until a final decision; `POST
   * events/{id}/conflicts/`).
   */
  declare_conflict: z.boolean(),
  /** Reading the conflicts of interest the viewer declared on it (its authors, also after the decision). */
  view_declared_conflicts: z.boolean(),
});
export type SubmissionAbilities = z.infer<typeof SubmissionAbilities>;

/**
 * A submission. `ai_analysis` is present only for the event's staff (event admins, chairs, reviewers, platform admins)
 * who are not authors of it. In double-blind events, reviewers who do not run the event get no author identities
 * (`authors_hidden` true, the author lists empty).
 */
export const SubmissionDto = z.object({
  id: z.number().int(),
  public_id: z.string(),
  title: z.string(),
  abstract: z.string(),
  /** Joined with ", ". */
  keywords: z.string(),
  keywords_list: z.array(z.string()),
  status: z.enum(SUBMISSION_STATUSES),
  status_display: z.string(),
  decision: z.enum(SUBMISSION_DECISIONS),
  decision_display: z.string(),
  decision_details: z.string(),
  /** The event's numeric id. */
  event: z.number().int(),
  event_public_id: z.string(),
  event_title: z.string(),
  /** The track's public id, or null. */
  track: z.string().nullable(),
  track_name: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** Download URL of the current paper file (null when the submission has none). */
  file: z.string().nullable(),
  /** The download's file name, derived from the title (`downloadFileName`). */
  file_name: z.string(),
  file_size: z.number().int().nullable(),
  page_count: z.number().int().nullable(),
  sha256: z.string().nullable(),
  file_version: z.number().int().nullable(),
  created: z.string(),
  updated: z.string(),
  /** Authors with a registered account. */
  submission_authors: z.array(SubmissionAuthorDto),
  /** Authors without an account (yet). */
  author_infos: z.array(SubmissionAuthorDto),
  /** Every author, in order. */
  authors: z.array(SubmissionAuthorDto),
  primary_author: PrimaryAuthorDto.nullable(),
  authors_hidden: z.boolean(),
  ai_analysis: AiAnalysis.nullable().optional(),
  abilities: SubmissionAbilities,
});
export type SubmissionDto = z.infer<typeof SubmissionDto>;

/** An author as a list row names them (none in double-blind lists of blinded reviewers). */
export const SubmissionListAuthorDto = SubmissionAuthorDto.pick({ first_name: true, last_name: true, full_name: true });
export type SubmissionListAuthorDto = z.infer<typeof SubmissionListAuthorDto>;

/** What a list row offers: its edit, delete and assign-reviewers actions. */
export const SubmissionListAbilities = SubmissionAbilities.pick({ update: true, delete: true, manage_reviewers: true });
export type SubmissionListAbilities = z.infer<typeof SubmissionListAbilities>;

/**
 * A submission as the lists send it (`GET submissions/`, `my_submissions/`, `event_submissions/`): what their tables
 * show, the row's actions and its authors' names. The abstract, the file, the metadata, the authors' addresses and
 * `ai_analysis` are only in the detail (`SubmissionDto`, `GET submissions/{id}/`).
 */
export const SubmissionListItemDto = SubmissionDto.pick({
  id: true,
  public_id: true,
  title: true,
  keywords_list: true,
  status: true,
  status_display: true,
  decision: true,
  decision_display: true,
  event: true,
  event_public_id: true,
  event_title: true,
  track: true,
  track_name: true,
  created: true,
  updated: true,
  primary_author: true,
  authors_hidden: true,
}).extend({ authors: z.array(SubmissionListAuthorDto), abilities: SubmissionListAbilities });
export type SubmissionListItemDto = z.infer<typeof SubmissionListItemDto>;

export const SubmissionListDto = z.array(SubmissionListItemDto);
export type SubmissionListDto = z.infer<typeof SubmissionListDto>;

export const SubmissionPageDto = paginated(SubmissionListItemDto);
export type SubmissionPageDto = z.infer<typeof SubmissionPageDto>;

/** `GET submissions/event_submissions/`: every row (an array), or one page of them when `page` is asked for. */
export const EventSubmissionsDto = z.union([SubmissionListDto, SubmissionPageDto]);
export type EventSubmissionsDto = z.infer<typeof EventSubmissionsDto>;

export const SubmissionMessageDto = z.object({ message: z.string(), message_code: z.string() });
export type SubmissionMessageDto = z.infer<typeof SubmissionMessageDto>;

/** An author found in a PDF by `ai/extract/`. */
export const ExtractedAuthorDto = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  affiliation: z.string(),
  /** ISO alpha-2 code ('' when none was printed) and its English name. */
  country: z.string(),
  country_name: z.string(),
  is_corresponding: z.boolean(),
  order: z.number().int(),
});
export type ExtractedAuthorDto = z.infer<typeof ExtractedAuthorDto>;

/** `POST ai/extract/`. Nothing is stored. */
export const ExtractionResponseDto = z.object({
  success: z.literal(true),
  data: z.object({
    title: z.string(),
    abstract: z.string(),
    keywords: z.array(z.string()),
    authors: z.array(ExtractedAuthorDto),
  }),
  message: z.string(),
  message_code: z.string(),
  /** Which provider produced the data; 'local' also when the openai provider failed. */
  provider: z.enum(AI_PROVIDERS),
  page_count: z.number().int(),
  /**
   * True when the PDF's text layer is not language (a font with a broken character map): every field is empty and
   * message_code is ai.extractUnreadable, so the author types the details.
   */
  unreadable: z.boolean(),
});
export type ExtractionResponseDto = z.infer<typeof ExtractionResponseDto>;
