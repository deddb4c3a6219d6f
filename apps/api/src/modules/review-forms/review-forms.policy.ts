import { allowIf, policyTable } from '../../lib/authorize.ts';
import { type EventAccess, type EventSubject, eventDenied, eventPolicies, isStaff } from '../events/events.policy.ts';

/*
 * Who reads and edits an event's review form (`docs/domain.md#review-form`). Whoever may see the event reads the
 * form ('event.view', checked when the event is loaded) — its questions that authors read; the committee (chairs,
 * event admins, track chairs, the event's reviewers) and platform admins read every question; the organizers edit
 * it, by the same rule as the rest of the event's reviewing ('event.manageReviewing': outsiders 404, other members
 * 403).
 */
export const reviewFormPolicies = policyTable<EventAccess, EventSubject>()({
  /** Every question, chairs-only and committee ones included. */
  'reviewForm.readAll': (a) => allowIf(isStaff(a), eventDenied),
  'reviewForm.edit': (a, subject) => eventPolicies['event.manageReviewing'](a, subject),
});
export type ReviewFormAction = keyof typeof reviewFormPolicies;
