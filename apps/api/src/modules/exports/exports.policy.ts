import { policyTable } from '../../lib/authorize.ts';
import { type EventAccess, eventConsolePolicies } from '../events/events.policy.ts';

/**
 * Who may export an event's data (`docs/domain.md#exports`): its chairs and event admins, and platform admins, who may
 * always step in. Other members (reviewers, track chairs) see the event and are refused (403); anyone else is told
 * it does not exist (404), whatever the event's status. The rule is the events module's, which the event's `export`
 * ability reads too.
 */
export const exportPolicies = policyTable<EventAccess>()({
  'event.export': eventConsolePolicies['event.export'],
});
export type ExportAction = keyof typeof exportPolicies;
