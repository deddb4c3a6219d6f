import { type AppError, forbidden, notFound } from './errors.ts';

/** A rule's answer: the viewer may act. */
export type Allowed = { readonly allowed: true };

/**
 * A rule's refusal. `status` 404 when the viewer may not know the thing exists, 403 when they see it but may not
 * act. `reason` names why ('hidden', 'denied', or a rule's own reason such as 'conflicted') so a caller can word
 * the answer without deciding again; `answer` is the module's error for it (the generic 404 or 403 otherwise).
 */
export type Refused = {
  readonly allowed: false;
  readonly status: 403 | 404;
  readonly reason: string;
  readonly answer?: () => AppError;
};

export type Decision = Allowed | Refused;

/**
 * How every rule of every policy table reads: the viewer's access and what the action is about (which a table
 * whose actions are about nothing more, or not always, lets the caller leave out).
 */
export type Rule<Access, Subject = undefined> = (
  access: Access,
  ...subject: undefined extends Subject ? [subject?: Subject] : [subject: Subject]
) => Decision;

/**
 * A module's table of actions, each bound to one rule of the same signature:
 * `policyTable<EventAccess, EventSubject>()({ 'event.update': (a) => allowIf(isOrganizer(a), eventDenied) })`.
 */
export const policyTable =
  <Access, Subject = undefined>() =>
  <Action extends string>(rules: Readonly<Record<Action, Rule<Access, Subject>>>) =>
    rules;

/** Error builders by refusal reason, for a caller that words a refusal its own way. */
export type Answers = Readonly<Partial<Record<string, () => AppError>>>;

export const allowed: Allowed = Object.freeze({ allowed: true });

/** 404: the thing does not exist for this viewer. */
export const hidden = (answer?: () => AppError, reason = 'hidden'): Refused =>
  Object.freeze({ allowed: false, status: 404, reason, answer });

/** 403: the viewer sees the thing but may not act on it. */
export const denied = (answer?: () => AppError, reason = 'denied'): Refused =>
  Object.freeze({ allowed: false, status: 403, reason, answer });

/** Allowed when the condition holds, else the refusal. */
export const allowIf = (condition: boolean, refusal: Refused): Decision => (condition ? allowed : refusal);

/**
 * The one way a handler or service enforces a rule: returns when the decision allows, else throws the refusal's
 * error, chosen in this order: the caller's answer for the refusal's reason, the rule's own answer, the generic
 * `notFound()` (404) or `forbidden()` (403). The error always carries the refusal's status, so a caller's wording
 * never turns a 404 into a 403 or back.
 */
export function authorize(decision: Decision, answers: Answers = {}): void {
  if (decision.allowed) return;
  const build = answers[decision.reason] ?? decision.answer ?? (decision.status === 404 ? notFound : forbidden);
  const error = build();
  if (error.statusCode !== decision.status) {
    throw new Error(`refusal '${decision.reason}' is a ${decision.status}, its answer a ${error.statusCode}`);
  }
  throw error;
}

/**
 * The `abilities` of an answer, read from the same table the routes authorize with: each key is true when its
 * action is allowed. Presenters combine these with state rules (deadlines, statuses), never with roles.
 */
export function abilitiesFrom<Access, Subject, Action extends string, Key extends string>(
  table: Readonly<Record<Action, Rule<Access, Subject>>>,
  access: Access,
  subject: Subject,
  actions: Readonly<Record<Key, Action>>,
): Record<Key, boolean> {
  const entries = Object.entries(actions) as [Key, Action][];
  const decide = (action: Action) => (table[action] as (access: Access, subject: Subject) => Decision)(access, subject);
  return Object.fromEntries(entries.map(([key, action]) => [key, decide(action).allowed])) as Record<Key, boolean>;
}
