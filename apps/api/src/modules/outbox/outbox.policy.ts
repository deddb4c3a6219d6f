import { allowIf, denied, policyTable } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { isPlatformAdmin } from '../users/users.policy.ts';

/**
 * Who may read and retry the mail outbox: platform admins only. It holds every mail the platform sent, to anyone,
 * with links that act for the recipient (verification, password reset, invitations).
 */
export const outboxPolicies = policyTable<Actor | null>()({
  'outbox.list': (actor) => allowIf(isPlatformAdmin(actor), denied()),
  'outbox.read': (actor) => allowIf(isPlatformAdmin(actor), denied()),
  'outbox.retry': (actor) => allowIf(isPlatformAdmin(actor), denied()),
});
export type OutboxAction = keyof typeof outboxPolicies;
