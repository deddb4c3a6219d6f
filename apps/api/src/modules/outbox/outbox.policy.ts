import type { Actor } from '../../plugins/auth.ts';
import { isPlatformAdmin } from '../users/users.policy.ts';

/**
 * Who may read and retry the mail outbox: platform admins only. It holds every mail the platform sent, to anyone,
 * with links that act for the recipient (verification, password reset, invitations).
 */
export const outboxPolicies = {
  'outbox.list': (actor: Actor | null) => isPlatformAdmin(actor),
  'outbox.read': (actor: Actor | null) => isPlatformAdmin(actor),
  'outbox.retry': (actor: Actor | null) => isPlatformAdmin(actor),
} as const;
export type OutboxAction = keyof typeof outboxPolicies;

export function canOnOutbox(actor: Actor | null, action: OutboxAction): boolean {
  return outboxPolicies[action](actor);
}
