import {
  countryName,
  EVENT_TYPE_LABELS,
  type EventAbilities,
  type EventDto,
  type EventListItemDto,
  MEMBERSHIP_ROLE_LABELS,
  type MembershipRole,
  presentFinalVersionPhase,
  presentResponsePhase,
  type ResponsePhaseSettings,
  type ReviewerDto,
  type TrackDto,
} from '@confero/contracts';
import { abilitiesFrom } from '../../lib/authorize.ts';
import { allowedStatusChanges, statusDisplay } from './event-state.ts';
import {
  type EventAccess,
  type EventAction,
  type EventConsoleAction,
  eventConsolePolicies,
  eventPolicies,
} from './events.policy.ts';
import type { EventDetail, EventListRow, EventRow, PersonRow, ReviewerRow, TrackRow } from './events.queries.ts';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

function location(event: EventRow) {
  return {
    venue: event.venue,
    city: event.city,
    country: countryName(event.country, 'en'),
    country_code: event.country,
    additional_details: event.locationDetails,
  };
}

function summary(event: EventRow, counts: { submissionCount: number; trackCount: number; reviewerCount: number }) {
  return {
    id: event.id,
    public_id: event.publicId,
    title: event.title,
    acronym: event.acronym,
    type: event.type,
    type_display: EVENT_TYPE_LABELS[event.type].en,
    status: event.status,
    status_display: statusDisplay(event.status),
    start_date: event.startDate,
    end_date: event.endDate,
    submission_deadline: event.submissionDeadline,
    review_deadline: event.reviewDeadline,
    notification_date: event.notificationDate,
    timezone: event.timezone,
    location: location(event),
    primary_research_area: event.primaryResearchArea,
    submission_count: counts.submissionCount,
    track_count: counts.trackCount,
    reviewer_count: counts.reviewerCount,
    created_at: event.createdAt.toISOString(),
  };
}

/** A row of an event list (EventListItem): no people, no abilities, so a page costs a constant number of queries. */
export function presentEventListItem(row: EventListRow): EventListItemDto {
  return summary(row, row);
}

const trackChair = (chair: PersonRow) => ({
  first_name: chair.firstName,
  last_name: chair.lastName,
  email: chair.email,
  public_id: chair.publicId,
});

export function presentTrack(track: TrackRow, chairs: (PersonRow & { trackId: number | null })[]): TrackDto {
  return {
    id: track.id,
    public_id: track.publicId,
    name: track.name,
    description: track.description,
    chairs: chairs.filter((chair) => chair.trackId === track.id).map(trackChair),
  };
}

/** Each ability of the event answer and the action of `eventPolicies` it reads. */
const EVENT_ABILITIES = {
  update: 'event.update',
  delete: 'event.delete',
  manage_members: 'event.manageMembers',
  manage_event_admins: 'event.manageEventAdmins',
  approve: 'event.approve',
  view_submissions: 'event.viewSubmissions',
  submit: 'event.submit',
  manage_reviewing: 'event.manageReviewing',
  bid: 'event.bid',
} as const satisfies Record<string, EventAction>;

/** The abilities of the organizers' console screens and the rule each reads (their modules' routes read it too). */
const CONSOLE_ABILITIES = {
  send_mail: 'event.sendMail',
  export: 'event.export',
  view_audit: 'event.viewAudit',
  view_progress: 'event.viewProgress',
} as const satisfies Record<string, EventConsoleAction>;

/** The viewer's abilities on the event: the policy's answers, with the state rules (approval, transitions). */
export function abilitiesFor(access: EventAccess, event: EventRow, now = new Date()): EventAbilities {
  const allowed = abilitiesFrom(eventPolicies, access, { event, now }, EVENT_ABILITIES);
  return {
    ...allowed,
    ...abilitiesFrom(eventConsolePolicies, access, undefined, CONSOLE_ABILITIES),
    approve: allowed.approve && event.status === 'pending',
    change_status: allowedStatusChanges(event.status, access).length > 0,
  };
}

/** An event's author response phase as stored. */
export const responsePhaseOf = (
  event: Pick<EventRow, 'responseEnabled' | 'responseOpensAt' | 'responseClosesAt' | 'responseWordLimit' | 'timezone'>,
): ResponsePhaseSettings => ({
  enabled: event.responseEnabled,
  opensAt: event.responseOpensAt,
  closesAt: event.responseClosesAt,
  wordLimit: event.responseWordLimit,
  timezone: event.timezone,
});

/**
 * The event detail for one viewer: the abilities are the viewer's, and the review settings reach only the event's staff
 * and platform admins (the response schema drops nothing else).
 */
export function presentEvent(detail: EventDetail, access: EventAccess, now = new Date()): EventDto {
  const { event, creator } = detail;
  const chairs = detail.staff.filter((member) => member.role === 'chair' && member.trackId === null);
  const admins = detail.staff.filter((member) => member.role === 'event_admin');
  const asChair = (member: PersonRow & { role: MembershipRole }) => ({
    first_name: member.firstName,
    last_name: member.lastName,
    email: member.email,
    role_display: MEMBERSHIP_ROLE_LABELS[member.role].en,
    public_id: member.publicId,
  });
  return {
    ...summary(event, { ...detail, trackCount: detail.tracks.length }),
    description: event.description,
    webpage: event.webpage,
    secondary_research_areas: event.secondaryResearchAreas,
    additional_information: event.additionalInformation,
    creator: creator ? { first_name: creator.firstName, last_name: creator.lastName, email: creator.email } : null,
    creator_name: creator ? fullName(creator) : '',
    creator_email: creator?.email ?? '',
    updated_at: event.updatedAt.toISOString(),
    chairs: chairs.map(asChair),
    chairs_details: chairs.map((chair) => ({ id: chair.id, name: fullName(chair), email: chair.email })),
    event_admins: admins.map(asChair),
    tracks: detail.tracks.map((track) =>
      presentTrack(
        track,
        detail.staff.filter((member) => member.role === 'chair'),
      ),
    ),
    ...(eventPolicies['event.viewReviewSettings'](access, { event, now }).allowed
      ? {
          review_settings: event.reviewSettings,
          reminder_days: event.reminderDays,
          discussion: { reviewers_see: event.discussionReviewersSee },
          assistant_enabled: event.assistantEnabled,
        }
      : {}),
    response_phase: presentResponsePhase(responsePhaseOf(event), now),
    final_version: presentFinalVersionPhase(
      {
        enabled: event.finalVersionEnabled,
        deadline: event.finalVersionDeadline,
        supplementaryMaxMb: event.supplementaryMaxMb,
        timezone: event.timezone,
      },
      now,
    ),
    abilities: abilitiesFor(access, event, now),
    allowed_status_changes: allowedStatusChanges(event.status, access),
  };
}

/** A reviewer of the event, registered or invited by e-mail. */
export function presentReviewer(row: ReviewerRow): ReviewerDto {
  const invitedName = `${row.inviteFirstName} ${row.inviteLastName}`.trim();
  const email = row.user?.email ?? row.email ?? '';
  return {
    public_id: row.user?.publicId ?? null,
    display_name: (row.user ? fullName(row.user) : invitedName) || email,
    email,
    status: row.status,
    awaiting_account: row.user === null && row.status === 'pending' && row.respondedAt !== null,
    expertise: row.expertise,
    max_papers: row.maxPapers,
    invited_at: row.invitedAt?.toISOString() ?? null,
    responded_at: row.respondedAt?.toISOString() ?? null,
  };
}
