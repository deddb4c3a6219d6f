import { allowIf, denied, policyTable } from '../../lib/authorize.ts';
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
export const userPolicies = policyTable<Actor | null, UserTarget | undefined>()({
  'users.readOwn': (actor) => allowIf(isSignedIn(actor), denied()),
  'users.updateOwn': (actor) => allowIf(isSignedIn(actor), denied()),
  'users.checkEmail': (actor) => allowIf(isSignedIn(actor), denied()),
  'users.list': (actor) => allowIf(isPlatformAdmin(actor), denied()),
  'users.viewStatistics': (actor, target) => allowIf(isPlatformAdmin(actor) || isSelf(actor, target), denied()),
  'users.update': (actor) => allowIf(isPlatformAdmin(actor), denied()),
  'users.delete': (actor) => allowIf(isPlatformAdmin(actor), denied()),
});
export type UserAction = keyof typeof userPolicies;
