import {
  CONFLICT_NOTE_MAX_LENGTH,
  type ConflictCheckBody,
  type DeclareConflictBody,
  type EventDto,
  type ReviewerDto,
} from '@confero/contracts';
import { DEFAULT_DECLARED_TYPE, type DeclarableConflictType } from './conflict-display.ts';

/*
 * The three conflict forms: a chair adding a conflict (submission + committee member), an author declaring one on
 * their own submission (a committee member's e-mail), and the candidate check (an e-mail and an optional
 * affiliation). Each validates what the server would refuse first, in the server's order, and builds the body
 * `POST events/{id}/conflicts/` or `…/check/` expects. Problems are translation keys of the "conflicts" section.
 */

/** The address rule of the server (conflicts.service EMAIL_PATTERN, at most 254 characters). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

export type ConflictFormProblem =
  | 'conflicts.form.submissionRequired'
  | 'conflicts.form.personRequired'
  | 'conflicts.form.emailRequired'
  | 'conflicts.form.emailInvalid'
  | 'conflicts.form.reasonTooLong';

export type ConflictFormProblems = Partial<Record<string, ConflictFormProblem>>;

function emailProblem(value: string): ConflictFormProblem | undefined {
  const email = value.trim();
  if (!email) return 'conflicts.form.emailRequired';
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) return 'conflicts.form.emailInvalid';
  return undefined;
}

function reasonProblem(value: string): ConflictFormProblem | undefined {
  return value.trim().length > CONFLICT_NOTE_MAX_LENGTH ? 'conflicts.form.reasonTooLong' : undefined;
}

function only(problems: Record<string, ConflictFormProblem | undefined>): ConflictFormProblems {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined));
}

/**
 * The server's problems (by its field names) moved onto the form's own fields, for the ones `fieldOf` knows; when
 * two server fields land on one form field the later wins. Empty when none belongs to a field: the form then shows
 * the error in one line above its buttons.
 */
export function formFieldErrors<F extends string>(
  serverErrors: Record<string, string>,
  fieldOf: (serverField: string) => F | undefined,
): Partial<Record<F, string>> {
  const placed: Partial<Record<F, string>> = {};
  for (const [serverField, text] of Object.entries(serverErrors)) {
    const field = fieldOf(serverField);
    if (field) placed[field] = text;
  }
  return placed;
}

// -- A member of the event's committee, for the person pickers -------------------------------------------------

export type CommitteePerson = { value: string; name: string; email: string; label: string };

type NamedPerson = { public_id: string | null; email: string; name: string };

/**
 * The people a conflict can be recorded for, as picker options: the event's chairs and event admins, then its
 * active reviewers (invitations without an account cannot have a conflict). Each person once, by public id,
 * labelled "Name (e-mail)", sorted by name.
 */
export function committeePeople(
  event: Pick<EventDto, 'chairs' | 'event_admins'>,
  reviewers: readonly ReviewerDto[] | undefined,
): CommitteePerson[] {
  const named: NamedPerson[] = [
    ...[...event.chairs, ...event.event_admins].map((person) => ({
      public_id: person.public_id,
      email: person.email,
      name: `${person.first_name} ${person.last_name}`.trim(),
    })),
    ...(reviewers ?? [])
      .filter((reviewer) => reviewer.status === 'active' && !reviewer.awaiting_account)
      .map((reviewer) => ({
        public_id: reviewer.public_id,
        email: reviewer.email,
        name: reviewer.display_name.trim(),
      })),
  ];
  const byId = new Map<string, CommitteePerson>();
  for (const person of named) {
    if (!person.public_id || byId.has(person.public_id)) continue;
    const name = person.name || person.email;
    const label = name === person.email ? person.email : `${name} (${person.email})`;
    byId.set(person.public_id, { value: person.public_id, name, email: person.email, label });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

/** The event's submissions as picker options: the public id, labelled by title. */
export function submissionOptions(submissions: readonly { public_id: string; title: string }[]) {
  return submissions.map((submission) => ({ value: submission.public_id, label: submission.title }));
}

// -- A chair adds a conflict ----------------------------------------------------------------------------------

export type PersonMode = 'member' | 'email';

export type AddConflictValues = {
  submission: string | null;
  personMode: PersonMode;
  /** The committee member's public id (personMode 'member'). */
  user: string | null;
  /** The person's e-mail address (personMode 'email'). */
  email: string;
  type: DeclarableConflictType;
  reason: string;
};

export const EMPTY_ADD_CONFLICT: AddConflictValues = {
  submission: null,
  personMode: 'member',
  user: null,
  email: '',
  type: DEFAULT_DECLARED_TYPE,
  reason: '',
};

/** The add form's problems by form field, in the server's order: submission, person, reason. */
export function validateAddConflict(values: AddConflictValues): ConflictFormProblems {
  return only({
    submission: values.submission ? undefined : 'conflicts.form.submissionRequired',
    user: values.personMode === 'member' && !values.user ? 'conflicts.form.personRequired' : undefined,
    email: values.personMode === 'email' ? emailProblem(values.email) : undefined,
    reason: reasonProblem(values.reason),
  });
}

/** The body of `POST events/{id}/conflicts/` for the add form: the person by public id or by address. */
export function toAddConflictBody(values: AddConflictValues): DeclareConflictBody {
  const person = values.personMode === 'member' ? { user_id: values.user ?? '' } : { email: values.email.trim() };
  return { submission_id: values.submission ?? '', ...person, type: values.type, reason: values.reason.trim() };
}

/** The add form's field for a field the server named (`user_id` is the picker, `email` the address). */
export function addConflictFieldOf(serverField: string, personMode: PersonMode): keyof AddConflictValues | undefined {
  switch (serverField) {
    case 'submission_id':
      return 'submission';
    case 'user_id':
    case 'email':
      return personMode === 'member' ? 'user' : 'email';
    case 'type':
      return 'type';
    case 'reason':
      return 'reason';
    default:
      return undefined;
  }
}

// -- An author declares a conflict on their submission --------------------------------------------------------

export type DeclareConflictValues = { email: string; type: DeclarableConflictType; reason: string };

export const EMPTY_DECLARE_CONFLICT: DeclareConflictValues = { email: '', type: DEFAULT_DECLARED_TYPE, reason: '' };

export function validateDeclareConflict(values: DeclareConflictValues): ConflictFormProblems {
  return only({ email: emailProblem(values.email), reason: reasonProblem(values.reason) });
}

/** The body of an author's declaration: their submission and the committee member's address. */
export function toDeclareConflictBody(submissionId: string, values: DeclareConflictValues): DeclareConflictBody {
  return { submission_id: submissionId, email: values.email.trim(), type: values.type, reason: values.reason.trim() };
}

/** The declaration form's field for a field the server named; the others are shown above the form. */
export function declareFieldOf(serverField: string): keyof DeclareConflictValues | undefined {
  if (serverField === 'email' || serverField === 'user_id') return 'email';
  if (serverField === 'type' || serverField === 'reason') return serverField;
  return undefined;
}

// -- The candidate check --------------------------------------------------------------------------------------

export type CheckCandidateValues = { email: string; affiliation: string };

export const EMPTY_CHECK_CANDIDATE: CheckCandidateValues = { email: '', affiliation: '' };

export function validateCheckCandidate(values: CheckCandidateValues): ConflictFormProblems {
  return only({ email: emailProblem(values.email) });
}

/** The body of `POST events/{id}/conflicts/check/`; the affiliation only when given. */
export function toCheckCandidateBody(values: CheckCandidateValues): ConflictCheckBody {
  const affiliation = values.affiliation.trim();
  return affiliation ? { email: values.email.trim(), affiliation } : { email: values.email.trim() };
}
