import { allowIf, denied, policyTable } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { type EventAccess, eventConsolePolicies } from '../events/events.policy.ts';
import { isPlatformAdmin } from '../users/users.policy.ts';

/**
 * Who reads an event's audit log (`docs/security.md#audit-log`): its chairs and event admins, and platform admins.
 * Other members see the event and are refused (403); anyone else is told it does not exist (404). The rule is the
 * events module's, which the event's `view_audit` ability reads too.
 */
export const eventAuditPolicies = policyTable<EventAccess>()({
  'event.viewAudit': eventConsolePolicies['event.viewAudit'],
});

/** The whole platform's audit log, every event and every account: platform admins only (403 otherwise). */
export const platformAuditPolicies = policyTable<Actor | null>()({
  'audit.listAll': (actor) => allowIf(isPlatformAdmin(actor), denied()),
});
