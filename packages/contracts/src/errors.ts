import { z } from 'zod';

/** Stable error codes: clients switch on these, never on the human message. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'NOT_AUTHENTICATED',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVER_BUSY',
  'CSRF_FAILED',
  'INTERNAL_ERROR',
  'EMAIL_EXISTS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_INACTIVE',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  'TOKEN_BLACKLISTED',
  'DUPLICATE_TITLE',
  'INVALID_PDF',
  'CANNOT_DELETE_SELF',
  'CANNOT_CHANGE_OWN_STATUS',
  'LAST_ADMIN',
  'AI_UNAVAILABLE',
  'LAST_EVENT_ADMIN',
  'LAST_CHAIR',
  'REVIEWER_HAS_REVIEWS',
  'ALREADY_MEMBER',
  'DUPLICATE_TRACK',
  'EVENT_HAS_SUBMISSIONS',
  'DEADLINE_PASSED',
  'EVENT_NOT_OPEN',
  'EMPTY_FILE',
  'UPLOAD_INCOMPLETE',
  'SUBMISSION_LOCKED',
  'TRANSITION_NOT_ALLOWED',
  'CONFLICT_OF_INTEREST',
  'STALE_REVIEW',
  'STALE_REVIEW_FORM',
  'STALE_META_REVIEW',
  'META_REVIEW_DECIDED',
  'STALE_PREVIEW',
  'ALREADY_ASSIGNED',
  'REVIEWER_AT_CAPACITY',
  'AREA_CHAIR_OVERLOADED',
  'MAX_PAPERS_BELOW_LOAD',
  'DISCUSSION_AFTER_OWN_REVIEW',
  'EDIT_WINDOW_CLOSED',
  'STALE_RESPONSE',
  'FINAL_VERSION_DISABLED',
  'FINAL_VERSION_CLOSED',
  'NOT_ACCEPTED',
  'STALE_FINAL_VERSION',
  'ASSISTANT_DISABLED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The values of a message's `{{placeholders}}`, e.g. `{max: 50}`. */
const MessageParams = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The one error shape of the API (`docs/conventions.md#errors`). `detail` and `fields` are English, for people;
 * clients translate from the keys beside them: `message_code` (on every error; a validation error's is its first
 * field problem's) with `params` for the error as a whole, and per field
 * `field_codes[f][i]` with `field_params[f][i]`, parallel to `fields[f][i]`. `params` and `field_params` are left out
 * when the texts have no placeholders; `field_params` lists only the fields that have some.
 */
export const ApiError = z.object({
  detail: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  message_code: z.string(),
  params: MessageParams.optional(),
  field_codes: z.record(z.string(), z.array(z.string())).optional(),
  field_params: z.record(z.string(), z.array(MessageParams)).optional(),
  request_id: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;
