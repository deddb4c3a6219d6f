import { allowIf, policyTable } from '../../lib/authorize.ts';
import { type EventAccess, eventDenied, eventHidden, isInsider, isOrganizer } from '../events/events.policy.ts';

/**
 * Who may export an event's data (`docs/domain.md#exports`): its chairs and event admins, and platform admins, who may
 * always step in. Other members (reviewers, track chairs) see the event and are refused (403); anyone else is told
 * it does not exist (404), whatever the event's status.
 */
export const exportPolicies = policyTable<EventAccess>()({
  'event.export': (a) => (isInsider(a) ? allowIf(isOrganizer(a), eventDenied) : eventHidden),
});
export type ExportAction = keyof typeof exportPolicies;
