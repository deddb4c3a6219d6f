import { z } from 'zod';
import { zonedInstant } from './deadlines.ts';

/*
 * The event's settings of the review cycle after the reviews (`docs/domain.md#discussion`,
 * `docs/domain.md#author-response`), set through `PATCH events/{id}/` and returned by `GET events/{id}/`. Kept apart
 * from review-cycle.ts so the events contracts read them without the reviewing ones.
 */

/** When an assigned reviewer may read and write a paper's discussion: once their own review is submitted, or always. */
export const DISCUSSION_VISIBILITY = ['after_own_review', 'always'] as const;
export type DiscussionVisibility = (typeof DISCUSSION_VISIBILITY)[number];

export const RESPONSE_WORD_LIMIT_DEFAULT = 500;
export const RESPONSE_WORD_LIMIT_MAX = 5_000;
export const RESPONSE_BODY_MAX_LENGTH = 60_000;
export const DISCUSSION_BODY_MAX_LENGTH = 10_000;
/** How long the writer of a comment may edit it. */
export const DISCUSSION_EDIT_WINDOW_MS = 15 * 60 * 1000;
export const DISCUSSION_MAX_MENTIONS = 20;

/**
 * The author response phase. `opens_at` / `closes_at` are wall-clock times in the event's time zone,
 * `YYYY-MM-DDTHH:mm` (what a datetime-local input gives); `opens_at_utc` / `closes_at_utc` the instants they name.
 * `open` says whether the window is open now.
 */
export const ResponsePhaseDto = z.object({
  enabled: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  opens_at_utc: z.string().nullable(),
  closes_at_utc: z.string().nullable(),
  word_limit: z.number().int(),
  open: z.boolean(),
});
export type ResponsePhaseDto = z.infer<typeof ResponsePhaseDto>;

export const DiscussionSettingsDto = z.object({ reviewers_see: z.enum(DISCUSSION_VISIBILITY) });
export type DiscussionSettingsDto = z.infer<typeof DiscussionSettingsDto>;

export const WALL_CLOCK_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** `PATCH events/{id}/` `response_phase`: the fields sent change, the others keep their value. */
export const ResponsePhasePatch = z
  .object({
    enabled: z.boolean({ error: 'validation.invalid' }),
    opens_at: z
      .string({ error: 'validation.invalid' })
      .regex(WALL_CLOCK_PATTERN, { error: 'responses.dateTimeInvalid' })
      .nullable(),
    closes_at: z
      .string({ error: 'validation.invalid' })
      .regex(WALL_CLOCK_PATTERN, { error: 'responses.dateTimeInvalid' })
      .nullable(),
    word_limit: z
      .number({ error: 'validation.invalid' })
      .int({ error: 'validation.invalid' })
      .min(1, { error: 'responses.wordLimitInvalid' })
      .max(RESPONSE_WORD_LIMIT_MAX, { error: 'responses.wordLimitInvalid' }),
  })
  .partial();
export type ResponsePhasePatch = z.infer<typeof ResponsePhasePatch>;

export const DiscussionSettingsPatch = z
  .object({ reviewers_see: z.enum(DISCUSSION_VISIBILITY, { error: 'validation.invalidChoice' }) })
  .partial();
export type DiscussionSettingsPatch = z.infer<typeof DiscussionSettingsPatch>;

/**
 * The words of a text, counted the same way on the server and in the browser (both languages): runs of letters,
 * digits and marks (Arabic's diacritics and joiners included) separated by anything else.
 */
export function countWords(text: string): number {
  return (
    text.match(/(?:[\p{L}\p{N}\p{M}'’-]|\u200c|\u200d)+/gu)?.filter((word) => /[\p{L}\p{N}]/u.test(word)).length ?? 0
  );
}

/** The instant a wall-clock time `YYYY-MM-DDTHH:mm` names in a zone. */
export function wallClockInstant(wallClock: string, zone: string): Date {
  const [date = '', time = '00:00'] = wallClock.split('T');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return zonedInstant(date, zone, [hours, minutes, 0]);
}

/** The response phase as stored on an event. */
export type ResponsePhaseSettings = {
  enabled: boolean;
  opensAt: string | null;
  closesAt: string | null;
  wordLimit: number;
  timezone: string;
};

/** The response phase as the API answers it; open when turned on and now is in [opens_at, closes_at). */
export function presentResponsePhase(phase: ResponsePhaseSettings, now = new Date()): ResponsePhaseDto {
  const opens = phase.opensAt ? wallClockInstant(phase.opensAt, phase.timezone) : null;
  const closes = phase.closesAt ? wallClockInstant(phase.closesAt, phase.timezone) : null;
  return {
    enabled: phase.enabled,
    opens_at: phase.opensAt,
    closes_at: phase.closesAt,
    opens_at_utc: opens?.toISOString() ?? null,
    closes_at_utc: closes?.toISOString() ?? null,
    word_limit: phase.wordLimit,
    open: phase.enabled && opens !== null && closes !== null && opens <= now && now < closes,
  };
}
