import {
  countryName,
  downloadFileName,
  isFinalDecision,
  joinKeywords,
  SUBMISSION_DECISION_LABELS,
  SUBMISSION_STATUS_LABELS,
  type SubmissionAbilities,
  type SubmissionAuthorDto,
  type SubmissionDto,
  type SubmissionListAbilities,
  type SubmissionListItemDto,
} from '@confero/contracts';
import { abilitiesFrom } from '../../lib/authorize.ts';
import { assignmentPolicies } from '../assignment/assignment.policy.ts';
import { bidPolicies } from '../bidding/bidding.policy.ts';
import { submissionConflictPolicies } from '../conflicts/conflicts.policy.ts';
import { type EventAccess, isBlindedEventReviewer, isOrganizer } from '../events/events.policy.ts';
import { isOpenForReview } from '../reviews/reviews.queries.ts';
import { type DeadlineEvent, isDeadlinePassed } from './deadlines.ts';
import { isDeletable } from './submission-state.ts';
import { isBlindedReviewer, type SubmissionAccess, submissionPolicies } from './submissions.policy.ts';
import type { ListViewer, SubmissionAuthorRow, SubmissionBundle, SubmissionListRow } from './submissions.queries.ts';

const fullName = (author: { firstName: string; lastName: string }) => `${author.firstName} ${author.lastName}`.trim();

/** The URL the web app downloads the current paper from (same origin as the API). */
export function downloadUrl(publicId: string): string {
  return `/api/submissions/${publicId}/download_file/`;
}

function presentAuthor(author: SubmissionAuthorRow): SubmissionAuthorDto {
  return {
    id: author.id,
    first_name: author.firstName,
    last_name: author.lastName,
    full_name: fullName(author),
    email: author.email,
    affiliation: author.affiliation,
    country: author.country,
    country_name: countryName(author.country, 'en'),
    webpage: author.webpage,
    is_corresponding: author.isCorresponding,
    order: author.position,
    is_registered: author.userId !== null,
    user_public_id: author.userPublicId,
    author: { first_name: author.firstName, last_name: author.lastName, email: author.email },
  };
}

/** What the viewer may do now: the policy (who) combined with the state rules (deadline, status). */
export function abilitiesFor(
  bundle: SubmissionBundle,
  access: SubmissionAccess,
  now = new Date(),
): SubmissionAbilities {
  const allowed = {
    ...abilitiesFrom(submissionPolicies, access, undefined, {
      update: 'submission.update',
      delete: 'submission.delete',
      change_status: 'submission.changeStatus',
      make_decision: 'submission.makeDecision',
      download: 'submission.download',
      view_insights: 'submission.viewInsights',
      review: 'submission.review',
    }),
    ...abilitiesFrom(bidPolicies, access, undefined, { bid: 'submission.bid' }),
    ...abilitiesFrom(assignmentPolicies, access, undefined, { manage_reviewers: 'submission.manageReviewers' }),
    ...abilitiesFrom(submissionConflictPolicies, access, undefined, {
      declare_conflict: 'submission.declareConflict',
      view_declared_conflicts: 'submission.viewDeclaredConflicts',
    }),
  };
  const decided = isFinalDecision(bundle.decision);
  return {
    ...allowed,
    update: allowed.update && !decided && !isDeadlinePassed(bundle.event, now),
    delete: allowed.delete && isDeletable(bundle),
    download: allowed.download && bundle.file !== null,
    bid: allowed.bid && isOpenForReview(bundle),
    declare_conflict: allowed.declare_conflict && !decided,
  };
}

/**
 * A submission as the viewer may see it. Field visibility: `ai_analysis` only for those who may view insights (the key
 * is absent otherwise); author identities not for blinded reviewers (double-blind events).
 */
export function presentSubmission(bundle: SubmissionBundle, access: SubmissionAccess, now = new Date()): SubmissionDto {
  const hidden = isBlindedReviewer(access, bundle.event.reviewSettings?.blind_mode ?? 'double');
  const authors = hidden ? [] : bundle.authors.map(presentAuthor);
  const first = hidden ? undefined : bundle.authors[0];
  const abilities = abilitiesFor(bundle, access, now);
  const dto: SubmissionDto = {
    id: bundle.id,
    public_id: bundle.publicId,
    title: bundle.title,
    abstract: bundle.abstract,
    keywords: joinKeywords(bundle.keywords),
    keywords_list: [...bundle.keywords],
    status: bundle.status,
    status_display: SUBMISSION_STATUS_LABELS[bundle.status].en,
    decision: bundle.decision,
    decision_display: SUBMISSION_DECISION_LABELS[bundle.decision].en,
    decision_details: bundle.decisionDetails,
    event: bundle.eventId,
    event_public_id: bundle.event.publicId,
    event_title: bundle.event.title,
    track: bundle.track?.publicId ?? null,
    track_name: bundle.track?.name ?? null,
    metadata: bundle.metadata ?? {},
    file: bundle.file ? downloadUrl(bundle.publicId) : null,
    file_name: downloadFileName(bundle.title),
    file_size: bundle.file?.size ?? null,
    page_count: bundle.file?.pageCount ?? null,
    sha256: bundle.file?.sha256 ?? null,
    file_version: bundle.file?.version ?? null,
    created: bundle.createdAt.toISOString(),
    updated: bundle.updatedAt.toISOString(),
    submission_authors: authors.filter((author) => author.is_registered),
    author_infos: authors.filter((author) => !author.is_registered),
    authors,
    primary_author: first
      ? { first_name: first.firstName, last_name: first.lastName, full_name: fullName(first) }
      : null,
    authors_hidden: hidden,
    abilities,
  };
  if (abilities.view_insights) dto.ai_analysis = bundle.aiAnalysis ?? null;
  return dto;
}

/** A list row's actions, by the same rules as `abilitiesFor`: edit before the deadline and the decision, delete. */
function listAbilitiesFor(row: SubmissionListRow, access: SubmissionAccess, deadlinePassed: boolean) {
  const allowed: SubmissionListAbilities = {
    ...abilitiesFrom(submissionPolicies, access, undefined, {
      update: 'submission.update',
      delete: 'submission.delete',
    }),
    ...abilitiesFrom(assignmentPolicies, access, undefined, { manage_reviewers: 'submission.manageReviewers' }),
  };
  return {
    ...allowed,
    update: allowed.update && !isFinalDecision(row.decision) && !deadlinePassed,
    delete: allowed.delete && isDeletable(row),
  };
}

/**
 * The rows of a list for one viewer (`SubmissionListItemDto`): the authors' names unless the viewer is a blinded
 * reviewer, the row's actions. Rows the viewer has no access to are left out. Each event's deadline is reckoned once.
 */
export function presentSubmissionList(
  rows: SubmissionListRow[],
  accesses: Map<number, SubmissionAccess>,
  now = new Date(),
): SubmissionListItemDto[] {
  const deadlines = new Map<number, boolean>();
  const deadlinePassed = (event: SubmissionListRow['event']) => {
    let passed = deadlines.get(event.id);
    if (passed === undefined) {
      passed = isDeadlinePassed(event, now);
      deadlines.set(event.id, passed);
    }
    return passed;
  };
  return rows.flatMap((row) => {
    const access = accesses.get(row.id);
    if (!access) return [];
    const hidden = isBlindedReviewer(access, row.event.blindMode);
    const authors = hidden
      ? []
      : row.authors.map((author) => ({
          first_name: author.firstName,
          last_name: author.lastName,
          full_name: fullName(author),
        }));
    return [
      {
        id: row.id,
        public_id: row.publicId,
        title: row.title,
        keywords_list: row.keywords,
        status: row.status,
        status_display: SUBMISSION_STATUS_LABELS[row.status].en,
        decision: row.decision,
        decision_display: SUBMISSION_DECISION_LABELS[row.decision].en,
        event: row.eventId,
        event_public_id: row.event.publicId,
        event_title: row.event.title,
        track: row.track?.publicId ?? null,
        track_name: row.track?.name ?? null,
        created: row.createdAt.toISOString(),
        updated: row.updatedAt.toISOString(),
        authors,
        primary_author: authors[0] ?? null,
        authors_hidden: hidden,
        abilities: listAbilitiesFor(row, access, deadlinePassed(row.event)),
      },
    ];
  });
}

/**
 * What the database needs to build an event's list rows for one viewer (`eventSubmissionsJson`): the facts about the
 * viewer and the event, by the predicates `presentSubmissionList` applies through the policies; the rules per row
 * (authorship, conflicts, the row's state) are applied in SQL.
 */
export function listViewerFor(
  access: EventAccess,
  event: DeadlineEvent & { reviewSettings: { blind_mode?: string } | null },
  now = new Date(),
): ListViewer {
  return {
    userId: access.actor.id,
    blinded: isBlindedEventReviewer(access, event.reviewSettings?.blind_mode ?? 'double'),
    organizer: isOrganizer(access),
    chairedTrackIds: access.chairedTrackIds,
    deadlinePassed: isDeadlinePassed(event, now),
  };
}
