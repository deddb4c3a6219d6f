import { allowIf, policyTable } from '../../lib/authorize.ts';
import {
  type EventAccess,
  eventConsolePolicies,
  eventDenied,
  eventHidden,
  isInsider,
  isOrganizer,
} from '../events/events.policy.ts';

/**
 * Who may watch an event's progress (the dashboard, the reviewers' progress, the chair's submissions table) and decide
 * on its papers in bulk: its organizers (event admins, chairs of the whole event, platform admins). People with no
 * part in the event get 404 (they may not learn it has a dashboard), members without the right 403. A bulk decision
 * then asks each paper's own rule ('submission.makeDecision': no conflict, no authorship).
 */
export const progressPolicies = policyTable<EventAccess>()({
  /** The events module's rule, which the event's `view_progress` ability reads too. */
  'progress.view': eventConsolePolicies['event.viewProgress'],
  'progress.decide': (a) => (isInsider(a) ? allowIf(isOrganizer(a), eventDenied) : eventHidden),
});
export type ProgressAction = keyof typeof progressPolicies;
