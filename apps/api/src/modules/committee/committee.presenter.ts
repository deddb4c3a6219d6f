import type { BulkLineDto, CommitteeReviewerDto, OrganizerInvitationDto, OrganizerRole } from '@confero/contracts';
import { presentReviewer } from '../events/events.presenter.ts';
import type { ReviewerRow } from '../events/events.queries.ts';
import type { ClassifiedLine } from './bulk-invite.ts';
import type { OrganizerInvitationRow, ReviewCounts } from './committee.queries.ts';

/** A reviewer as the committee screen lists them: the spec's reviewer with their load and completed reviews. */
export function presentCommitteeReviewer(row: ReviewerRow, counts: ReviewCounts): CommitteeReviewerDto {
  return { ...presentReviewer(row), load: counts.load, completed: counts.completed };
}

/** A classified line of a bulk invitation, without the account id the apply uses. */
export function presentLine({ userId: _userId, ...line }: ClassifiedLine): BulkLineDto {
  return line;
}

/** A chair or event-admin invitation: the invitee named by their account once linked, else as the inviter wrote. */
export function presentOrganizerInvitation(row: OrganizerInvitationRow): OrganizerInvitationDto {
  const { expertise: _expertise, max_papers: _maxPapers, ...person } = presentReviewer(row);
  return {
    ...person,
    role: row.role as OrganizerRole,
    expires_at: row.invitationExpiresAt?.toISOString() ?? null,
  };
}
