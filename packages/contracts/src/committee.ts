import { z } from 'zod';
import { MEMBERSHIP_STATUSES, ReviewerDto } from './events.ts';

/*
 * The programme committee of an event: its chairs, the chairs of its tracks and its reviewers, managed by the
 * event's organizers (`docs/domain.md#programme-committee`). The add/remove calls of the spec (`add_chair/`,
 * `add_reviewer/`, `remove_reviewer/` …) are in events.ts; these are the committee screen's own calls.
 */

/** `PATCH events/{id}/reviewers/{user_id}/`: the route's event and the reviewer's user public id (or numeric id). */
export const ReviewerParams = z.object({ id: z.string().max(60), user_id: z.string().max(60) });
export type ReviewerParams = z.infer<typeof ReviewerParams>;

/**
 * A reviewer on the committee screen (`GET events/{id}/reviewers/`): the spec's reviewer with their load, the
 * assignments they hold in the event (reviews of every status), and how many of those are completed.
 */
export const CommitteeReviewerDto = ReviewerDto.extend({ load: z.number().int(), completed: z.number().int() });
export type CommitteeReviewerDto = z.infer<typeof CommitteeReviewerDto>;

export const CommitteeReviewerListDto = z.array(CommitteeReviewerDto);
export type CommitteeReviewerListDto = z.infer<typeof CommitteeReviewerListDto>;

/** A reviewer's grant, changed later: either field may be left out; at least one must be sent. */
export const UpdateReviewerBody = z.object({
  expertise: z.string({ error: 'validation.invalid' }).nullish(),
  max_papers: z.union([z.number(), z.string()], { error: 'validation.invalid' }).nullish(),
});
export type UpdateReviewerBody = z.infer<typeof UpdateReviewerBody>;

/** The answer of the PATCH: the reviewer's assignments beyond the new maximum are kept, and counted here. */
export const UpdateReviewerAnswerDto = z.object({
  message: z.string(),
  /** How many assignments the reviewer holds beyond `max_papers` (0 when within). */
  over_limit: z.number().int(),
});
export type UpdateReviewerAnswerDto = z.infer<typeof UpdateReviewerAnswerDto>;

/** The most chairs one track may have. */
export const TRACK_CHAIRS_MAX = 20;

/** `PUT events/{id}/tracks/{track_id}/chairs/`: exactly these users chair the track afterwards. */
export const TrackChairsBody = z.object({
  user_ids: z.array(z.union([z.string(), z.number().int()]), { error: 'validation.invalid' }),
});
export type TrackChairsBody = z.infer<typeof TrackChairsBody>;

// ---------------------------------------------------------------------------------------------------------------
// Bulk invitation of reviewers
// ---------------------------------------------------------------------------------------------------------------

/** The most lines one bulk invitation may hold, and the longest CSV text it accepts. */
export const BULK_INVITE_MAX_LINES = 1_000;
export const BULK_INVITE_MAX_CSV_LENGTH = 200_000;
/** The columns of a line, in the order a CSV without a header gives them. */
export const BULK_INVITE_COLUMNS = ['email', 'first_name', 'last_name', 'expertise', 'max_papers'] as const;

const BulkCell = z.union([z.string(), z.number()], { error: 'validation.invalid' }).nullish();

/** One line given as fields rather than CSV text. */
export const BulkInviteRow = z.object({
  email: BulkCell,
  first_name: BulkCell,
  last_name: BulkCell,
  expertise: BulkCell,
  max_papers: BulkCell,
});
export type BulkInviteRow = z.infer<typeof BulkInviteRow>;

/** `POST events/{id}/reviewers/bulk/preview/` and `…/bulk/`: CSV text (header optional) or rows, not both. */
export const BulkInviteBody = z.object({
  csv: z.string({ error: 'validation.invalid' }).max(BULK_INVITE_MAX_CSV_LENGTH, 'validation.tooLong').nullish(),
  rows: z.array(BulkInviteRow, { error: 'validation.invalid' }).nullish(),
});
export type BulkInviteBody = z.infer<typeof BulkInviteBody>;

/**
 * What a line becomes:
 * - `invite`: no verified account uses the address: an e-mail invitation is sent;
 * - `add`: a registered user who is not yet a reviewer: made an active reviewer at once;
 * - `member`: already an active reviewer, or invited and waiting: skipped;
 * - `invalid`: refused, with `reason` (a message key);
 * - `duplicate`: the same address on an earlier line: skipped.
 */
export const BULK_LINE_STATUSES = ['invite', 'add', 'member', 'invalid', 'duplicate'] as const;
export type BulkLineStatus = (typeof BULK_LINE_STATUSES)[number];

export const BulkLineDto = z.object({
  /** The line's number in the text (or the row's, from 1), header not counted as a line of people. */
  line: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  expertise: z.string(),
  max_papers: z.number().int().nullable(),
  status: z.enum(BULK_LINE_STATUSES),
  /** The message key of an invalid line's first problem, with its field. */
  reason: z.string().nullable(),
  /** The values of the reason's placeholders (`{min: 2}`), for the client's own language. */
  reason_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  field: z.string().nullable(),
  /** Submissions of the event that conflict detection finds this person conflicted with (they will not review them). */
  conflicts: z.number().int(),
});
export type BulkLineDto = z.infer<typeof BulkLineDto>;

export const BulkCountsDto = z.object({
  invite: z.number().int(),
  add: z.number().int(),
  member: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
});
export type BulkCountsDto = z.infer<typeof BulkCountsDto>;

export const BulkPreviewDto = z.object({ lines: z.array(BulkLineDto), counts: BulkCountsDto });
export type BulkPreviewDto = z.infer<typeof BulkPreviewDto>;

/** What the apply did: people invited, people added, lines skipped (members, duplicates) and lines refused. */
export const BulkApplyDto = z.object({
  message: z.string(),
  /** The background job doing the work (the counts are what it is asked to do; members who joined meanwhile are skipped). */
  job_id: z.number().int(),
  invited: z.number().int(),
  added: z.number().int(),
  skipped: z.number().int(),
  invalid: z.number().int(),
});
export type BulkApplyDto = z.infer<typeof BulkApplyDto>;

/** The roles that run an event (its organizers), each added, invited and removed on the committee screen. */
export const ORGANIZER_ROLES = ['chair', 'event_admin'] as const;
export type OrganizerRole = (typeof ORGANIZER_ROLES)[number];

/**
 * An invitation to be a chair of the whole event or an event admin, not (yet) an active membership
 * (`GET events/{id}/organizer_invitations/`): pending, accepted while waiting for the invitee's account
 * (`awaiting_account`), or declined. Cancelled with `remove_chair/` or `remove_event_admin/` by `email`.
 */
export const OrganizerInvitationDto = z.object({
  role: z.enum(ORGANIZER_ROLES),
  /** The invitee's user public id once an account holds the address; null otherwise. */
  public_id: z.string().nullable(),
  display_name: z.string(),
  email: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  awaiting_account: z.boolean(),
  invited_at: z.string().nullable(),
  responded_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type OrganizerInvitationDto = z.infer<typeof OrganizerInvitationDto>;

export const OrganizerInvitationListDto = z.array(OrganizerInvitationDto);
export type OrganizerInvitationListDto = z.infer<typeof OrganizerInvitationListDto>;

/** The answer of `invite_chair/` and `invite_event_admin/`. */
export const OrganizerInvitationAnswerDto = z.object({ message: z.string(), invitation: OrganizerInvitationDto });
export type OrganizerInvitationAnswerDto = z.infer<typeof OrganizerInvitationAnswerDto>;
