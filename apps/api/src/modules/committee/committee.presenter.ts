import type { BulkLineDto, CommitteeReviewerDto } from '@confero/contracts';
import { presentReviewer } from '../events/events.presenter.ts';
import type { ReviewerRow } from '../events/events.queries.ts';
import type { ClassifiedLine } from './bulk-invite.ts';
import type { ReviewCounts } from './committee.queries.ts';

/** A reviewer as the committee screen lists them: the spec's reviewer with their load and completed reviews. */
export function presentCommitteeReviewer(row: ReviewerRow, counts: ReviewCounts): CommitteeReviewerDto {
  return { ...presentReviewer(row), load: counts.load, completed: counts.completed };
}

/** A classified line of a bulk invitation, without the account id the apply uses. */
export function presentLine({ userId: _userId, ...line }: ClassifiedLine): BulkLineDto {
  return line;
}
