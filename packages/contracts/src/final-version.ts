import { z } from 'zod';
import { zonedInstant } from './deadlines.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/**
 * The final version (camera-ready) of an accepted paper (`docs/domain.md#final-version`): its settings' bounds. The
 * DTOs and inputs of the phase live here too.
 */

/** Supplementary material's size limit, in megabytes, when the event sets none; and the bounds a chair may set. */
export const SUPPLEMENTARY_MAX_MB_DEFAULT = 50;
export const SUPPLEMENTARY_MAX_MB_MIN = 1;
export const SUPPLEMENTARY_MAX_MB_MAX = 500;

/** A calendar date `YYYY-MM-DD` (the deadline; its day ends at 23:59:59 in the event's zone). */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The final version phase as the API answers it. `deadline` is a calendar date; `deadline_utc` the instant it is over
 * (the start of the next day in the event's zone), so a screen shows it in the viewer's zone too. `open`: turned on,
 * with a deadline not yet over.
 */
export const FinalVersionPhaseDto = z.object({
  enabled: z.boolean(),
  deadline: z.string().nullable(),
  deadline_utc: z.string().nullable(),
  /** The event's time zone, the deadline's. */
  timezone: z.string(),
  supplementary_max_mb: z.number().int(),
  open: z.boolean(),
});
export type FinalVersionPhaseDto = z.infer<typeof FinalVersionPhaseDto>;

/** `PATCH events/{id}/` `final_version`: the fields sent change, the others keep their value. */
export const FinalVersionPatch = z
  .object({
    enabled: z.boolean({ error: 'validation.invalid' }),
    deadline: z
      .string({ error: 'validation.invalid' })
      .regex(CALENDAR_DATE, { error: 'finalVersions.deadlineInvalid' })
      .nullable(),
    supplementary_max_mb: z
      .number({ error: 'validation.invalid' })
      .int({ error: 'validation.invalid' })
      .min(SUPPLEMENTARY_MAX_MB_MIN, { error: 'finalVersions.supplementaryMaxInvalid' })
      .max(SUPPLEMENTARY_MAX_MB_MAX, { error: 'finalVersions.supplementaryMaxInvalid' }),
  })
  .partial();
export type FinalVersionPatch = z.infer<typeof FinalVersionPatch>;

/** The final version phase as stored on an event. */
export type FinalVersionSettings = {
  enabled: boolean;
  deadline: string | null;
  supplementaryMaxMb: number;
  timezone: string;
};

/** The instant a final version deadline (a calendar date) is over in the event's zone: the next day's start. */
export function finalVersionDeadlineEnd(deadline: string, timezone: string): Date {
  return zonedInstant(deadline, timezone, [24, 0, 0]);
}

/** The phase as the API answers it; open when turned on, with a deadline, and now before the deadline's end. */
export function presentFinalVersionPhase(phase: FinalVersionSettings, now = new Date()): FinalVersionPhaseDto {
  const end = phase.deadline ? finalVersionDeadlineEnd(phase.deadline, phase.timezone) : null;
  return {
    enabled: phase.enabled,
    deadline: phase.deadline,
    deadline_utc: end?.toISOString() ?? null,
    timezone: phase.timezone,
    supplementary_max_mb: phase.supplementaryMaxMb,
    open: phase.enabled && end !== null && now < end,
  };
}

/** The kinds of a final version's files. */
export const FINAL_VERSION_FILE_KINDS = ['camera_ready', 'supplementary'] as const;
export type FinalVersionFileKind = (typeof FINAL_VERSION_FILE_KINDS)[number];

/** One uploaded file of a final version (each upload is a version; the history is kept). */
export const FinalVersionFileDto = z.object({
  kind: z.enum(FINAL_VERSION_FILE_KINDS),
  version: z.number().int(),
  original_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  page_count: z.number().int().nullable(),
  sha256: z.string(),
  uploaded_at: z.string(),
});
export type FinalVersionFileDto = z.infer<typeof FinalVersionFileDto>;

/** An author as the final version confirms it (stored as sent, after the submission's rules). */
export const FinalVersionAuthorDto = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  affiliation: z.string(),
  country: z.string(),
  webpage: z.string().nullable(),
  is_corresponding: z.boolean(),
  order: z.number().int(),
});
export type FinalVersionAuthorDto = z.infer<typeof FinalVersionAuthorDto>;

/**
 * `GET`/`POST submissions/{id}/final-version/`: the phase, what the form starts from (`title`, `abstract`,
 * `authors`: the last final version's, else the submission's), whether one was sent (`sent`, `version`,
 * `submitted_at`), the files' history, newest first, and whether the viewer may send it now (`abilities.submit`).
 */
export const FinalVersionDto = z.object({
  submission_id: z.string(),
  submission_title: z.string(),
  decision: z.string(),
  phase: FinalVersionPhaseDto,
  sent: z.boolean(),
  version: z.number().int().nullable(),
  submitted_at: z.string().nullable(),
  title: z.string(),
  abstract: z.string(),
  authors: z.array(FinalVersionAuthorDto),
  files: z.array(FinalVersionFileDto),
  abilities: z.object({ submit: z.boolean(), download: z.boolean() }),
});
export type FinalVersionDto = z.infer<typeof FinalVersionDto>;

/**
 * The multipart fields of `POST submissions/{id}/final-version/`: `file` (the final PDF; required on the first send),
 * `title`, `abstract`, `authors` (a JSON list of SubmissionAuthorInput, as a submission carries them), the optional
 * `supplementary` (PDF or ZIP) and `version` (the version read; a mismatch answers 409 STALE_FINAL_VERSION).
 */
export const FINAL_VERSION_FORM_FIELDS = ['title', 'abstract', 'authors', 'version'] as const;

export const FINAL_VERSION_FILTERS = ['sent', 'missing'] as const;
export type FinalVersionFilter = (typeof FINAL_VERSION_FILTERS)[number];

/** `GET events/{id}/final-versions/?status=sent|missing&page=&page_size=`. */
export const FinalVersionListQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  status: z.enum(FINAL_VERSION_FILTERS, { error: 'validation.invalidChoice' }).optional(),
});
export type FinalVersionListQuery = z.infer<typeof FinalVersionListQuery>;

/** One accepted paper in the chairs' list of final versions. `number` is its paper number in the event. */
export const FinalVersionListItemDto = z.object({
  submission_id: z.string(),
  number: z.number().int(),
  title: z.string(),
  sent: z.boolean(),
  submitted_at: z.string().nullable(),
  versions: z.number().int(),
  supplementary: z.boolean(),
});
export type FinalVersionListItemDto = z.infer<typeof FinalVersionListItemDto>;

/** The list with the counts of the accepted papers that sent and have not sent their final version. */
export const FinalVersionPageDto = paginated(FinalVersionListItemDto).extend({
  totals: z.object({ accepted: z.number().int(), sent: z.number().int(), missing: z.number().int() }),
});
export type FinalVersionPageDto = z.infer<typeof FinalVersionPageDto>;
