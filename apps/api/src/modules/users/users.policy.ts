import { forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';

/** The user an action is about (only what the predicates read). */
export type UserTarget = { id: number };

/** Named predicates: what the rules below are built from, never role names. */
export const isSignedIn = (actor: Actor | null): actor is Actor => actor !== null;
export const isPlatformAdmin = (actor: Actor | null): boolean => actor?.isAdmin === true;
export const isSelf = (actor: Actor | null, target: UserTarget | undefined): boolean =>
  actor !== null && target !== undefined && actor.id === target.id;

/**
 * Who may do what with user accounts. The profile, password and statistics routes act on the caller's own
 * account (`users.*Own`); every other account is platform admins' business. An admin's own statistics are
 * readable through the per-user route too.
 */
export const userPolicies = {
  'users.readOwn': (actor: Actor | null) => isSignedIn(actor),
  'users.updateOwn': (actor: Actor | null) => isSignedIn(actor),
  'users.checkEmail': (actor: Actor | null) => isSignedIn(actor),
  'users.list': (actor: Actor | null) => isPlatformAdmin(actor),
  'users.viewStatistics': (actor: Actor | null, target?: UserTarget) => isPlatformAdmin(actor) || isSelf(actor, target),
  'users.update': (actor: Actor | null) => isPlatformAdmin(actor),
  'users.delete': (actor: Actor | null) => isPlatformAdmin(actor),
} as const;
export type UserAction = keyof typeof userPolicies;

export function can(actor: Actor | null, action: UserAction, target?: UserTarget): boolean {
  return userPolicies[action](actor, target);
}

/** Throws 403 when a signed-in caller may not perform the action (call requireUser first for the 401). */
export function authorizeUser(actor: Actor, action: UserAction, target?: UserTarget): void {
  if (!can(actor, action, target)) throw forbidden();
}
