import {
  CONFLICT_NOTE_MAX_LENGTH,
  CONFLICT_TYPES,
  type ConflictType,
  type DeclareConflictBody,
  isFinalDecision,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bids, conflictOverrides, conflicts, reviews, submissions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { authorize } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { EventAccess } from '../events/events.policy.ts';
import { reviewError, reviewFieldError } from '../reviews/review-errors.ts';
import { authoredBy } from '../submissions/authorship-sql.ts';
import {
  type ConflictEntryAccess,
  conflictEntryPolicies,
  declaringRole,
  isDeclarerOf,
  liftsAsCommittee,
} from './conflicts.policy.ts';
import {
  type ConflictRow,
  findEventConflict,
  findEventSubmission,
  findEventSubmissionsForDetection,
  findSubmissionsAuthoredBy,
  findUserRef,
  isEventPerson,
} from './conflicts.queries.ts';
import { buildCoauthorIndex, detectPair, type Person } from './detection.ts';

/** The types detection owns: it adds, updates and removes these rows (authorship rows belong to submissions). */
const DETECTED_TYPES: readonly ConflictType[] = ['coauthor', 'institutional', 'domain'];
/** The types a person may declare. */
export const DECLARABLE_TYPES: readonly ConflictType[] = CONFLICT_TYPES.filter((type) => type !== 'author');

/**
 * Whether a stored conflict is one detection wrote and no longer finds for its pair: the sync deletes it, and reads
 * that detect without storing leave it out.
 */
export function isStaleDetection(
  row: { source: string; type: ConflictType },
  pair: string,
  detected: ReadonlyMap<string, unknown>,
): boolean {
  return row.source === 'detected' && DETECTED_TYPES.includes(row.type) && !detected.has(pair);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export { syncConflicts, syncEventConflicts } from './sync-conflicts.ts';

/**
 * The pre-check before inviting someone (`POST events/{id}/conflicts/check/`): the submissions of the event the
 * person with this address would conflict with, and why. Nothing is stored. An account with the address lends its
 * id, names and affiliation; otherwise the affiliation given is used.
 */
export async function checkCandidate(
  db: Db,
  eventId: number,
  input: { email?: string | null; affiliation?: string | null },
) {
  const email = input.email?.trim() ?? '';
  if (!email) throw reviewFieldError('email', 'conflicts.emailRequired');
  if (!EMAIL_PATTERN.test(email) || email.length > 254) throw reviewFieldError('email', 'conflicts.emailInvalid');
  const account = await findUserRef(db, { email });
  const person: Person = {
    userId: account?.id ?? -1,
    email,
    affiliation: account?.affiliation || input.affiliation?.trim() || '',
    fullName: account ? `${account.firstName} ${account.lastName}`.trim() : email,
  };
  const [eventSubmissions, authored] = await Promise.all([
    findEventSubmissionsForDetection(db, eventId),
    findSubmissionsAuthoredBy(db, [{ userId: account?.id ?? null, email }]),
  ]);
  const coauthors = buildCoauthorIndex([person], authored).get(person.userId);
  const found = eventSubmissions.flatMap((submission) => {
    const conflict = detectPair(person, submission, coauthors);
    return conflict ? [conflict] : [];
  });
  return { email, registered: account !== undefined, found };
}

export type DeclareContext = {
  actor: Actor;
  eventId: number;
  /** The declarer's access to the event; without it (a 'conflict' bid) they declare as a reviewer for themself. */
  access?: EventAccess;
};

/**
 * Declares a conflict of interest (`POST events/{id}/conflicts/`), checked in this order: submission_id (required,
 * a submission of the event), who is declaring for whom (chairs for anyone; an author for their own submission,
 * until a final decision — 409 SUBMISSION_LOCKED after; a reviewer for themself), the person (a member of the
 * event), the type (not authorship), the reason's length.
 * An existing conflict of the pair is answered as is (`created` false). A new one is written with source
 * 'declared', who declared it is recorded, an untouched assignment of the pair is removed, and it is audited.
 */
export async function declareConflict(
  db: Db,
  context: DeclareContext,
  body: DeclareConflictBody,
  options: { viaBid?: boolean } = {},
): Promise<{ conflict: ConflictRow; created: boolean }> {
  const { actor, eventId } = context;
  if (body.submission_id === null || body.submission_id === undefined || String(body.submission_id).trim() === '') {
    throw reviewFieldError('submission_id', 'conflicts.submissionRequired');
  }
  const submission = await findEventSubmission(db, eventId, body.submission_id);
  if (!submission) throw reviewFieldError('submission_id', 'conflicts.submissionNotFound');

  const [actorConflict] = await db
    .select()
    .from(conflicts)
    .where(and(eq(conflicts.submissionId, submission.id), eq(conflicts.userId, actor.id)));
  const actorIsAuthor = actorConflict?.type === 'author' || (await isSubmissionAuthor(db, submission.id, actor.id));
  const forSelf =
    (body.user_id === null || body.user_id === undefined || String(body.user_id).trim() === '') && !body.email?.trim();
  const role = context.access
    ? declaringRole({ event: context.access, isConflicted: actorConflict !== undefined, isAuthor: actorIsAuthor })
    : 'reviewer';
  if (!role) throw reviewError(403, 'PERMISSION_DENIED', 'conflicts.declareDenied');
  if (role === 'author' && isFinalDecision(submission.decision)) {
    throw reviewError(409, 'SUBMISSION_LOCKED', 'conflicts.submissionDecided');
  }

  let targetId: number;
  if (role === 'reviewer') {
    const target = forSelf ? undefined : await findUserRef(db, { id: body.user_id, email: body.email });
    if (!forSelf && target?.id !== actor.id) throw reviewError(403, 'PERMISSION_DENIED', 'conflicts.declareDenied');
    targetId = actor.id;
  } else {
    if (forSelf) throw reviewFieldError('user_id', 'conflicts.userRequired');
    const target = await findUserRef(db, { id: body.user_id, email: body.email });
    if (!target || !(await isEventPerson(db, eventId, target.id))) {
      throw reviewFieldError(body.user_id ? 'user_id' : 'email', 'conflicts.userNotMember');
    }
    targetId = target.id;
  }
  const type = (body.type?.trim() || 'personal') as ConflictType;
  if (!DECLARABLE_TYPES.includes(type)) throw reviewFieldError('type', 'conflicts.typeInvalid');
  const note = body.reason?.trim() ?? '';
  if (note.length > CONFLICT_NOTE_MAX_LENGTH) {
    throw reviewFieldError('reason', 'reviews.validations.textTooLong', { max: CONFLICT_NOTE_MAX_LENGTH });
  }

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(conflicts)
      .where(and(eq(conflicts.submissionId, submission.id), eq(conflicts.userId, targetId)));
    if (existing) return { conflict: existing, created: false };
    const declarer = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
    const reason = options.viaBid
      ? 'Declared by the reviewer when bidding'
      : [`Declared by ${declarer}`, note].filter(Boolean).join(': ');
    const [row] = await tx
      .insert(conflicts)
      .values({ submissionId: submission.id, userId: targetId, type, source: 'declared', reason })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [raced] = await tx
        .select()
        .from(conflicts)
        .where(and(eq(conflicts.submissionId, submission.id), eq(conflicts.userId, targetId)));
      if (!raced) throw new Error('conflict insert returned no row');
      return { conflict: raced, created: false };
    }
    const now = new Date();
    await tx
      .insert(conflictOverrides)
      .values({
        submissionId: submission.id,
        userId: targetId,
        kind: 'declared',
        decidedBy: actor.id,
        viaBid: options.viaBid ?? false,
        note,
      })
      .onConflictDoUpdate({
        target: [conflictOverrides.submissionId, conflictOverrides.userId],
        set: { kind: 'declared', decidedBy: actor.id, viaBid: options.viaBid ?? false, note, updatedAt: now },
      });
    const removed = await tx
      .delete(reviews)
      .where(
        and(eq(reviews.submissionId, submission.id), eq(reviews.reviewerId, targetId), eq(reviews.status, 'assigned')),
      )
      .returning({ id: reviews.id });
    await recordAudit(tx, {
      actorId: actor.id,
      eventId,
      entity: 'conflict',
      entityId: row.id,
      action: 'conflict.declared',
      data: {
        submission_id: submission.id,
        user_id: targetId,
        type,
        as: role,
        via_bid: options.viaBid ?? false,
        note,
        removed_review_ids: removed.map((review) => review.id),
      },
    });
    return { conflict: row, created: true };
  });
}

/** Whether a user is an author of a submission: a linked author row, or they submitted it. */
async function isSubmissionAuthor(db: Db, submissionId: number, userId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), authoredBy(userId)))
    .limit(1);
  return found !== undefined;
}

/**
 * Lifts a conflict (`DELETE events/{id}/conflicts/{conflict_id}/`): the committee (without a conflict with the
 * submission) lifts any conflict but authorship, and detection will not add it back; the person who declared a
 * conflict may withdraw it. Audited either way.
 */
export async function liftConflict(
  db: Db,
  context: { actor: Actor; eventId: number; access: EventAccess },
  conflictIdParam: string,
): Promise<void> {
  const { actor, eventId } = context;
  const conflictId = /^\d{1,12}$/.test(conflictIdParam) ? Number(conflictIdParam) : Number.NaN;
  const found = Number.isSafeInteger(conflictId) ? await findEventConflict(db, eventId, conflictId) : undefined;
  if (!found) throw reviewError(404, 'NOT_FOUND', 'conflicts.notFound');
  const { conflict, override } = found;
  const [actorConflict] = await db
    .select({ id: conflicts.id })
    .from(conflicts)
    .where(and(eq(conflicts.submissionId, conflict.submissionId), eq(conflicts.userId, actor.id)));
  const entry: ConflictEntryAccess = {
    event: context.access,
    isConflicted: actorConflict !== undefined,
    isDeclarer: isDeclarerOf({ conflict, override }, actor.id),
  };
  authorize(conflictEntryPolicies['conflict.lift'](entry));
  const asCommittee = liftsAsCommittee(entry);
  if (conflict.type === 'author') throw reviewError(409, 'CONFLICT', 'conflicts.authorshipPermanent');

  await db.transaction(async (tx) => {
    await tx.delete(conflicts).where(eq(conflicts.id, conflict.id));
    // A 'conflict' bid declared the conflict: once lifted it would keep the pair apart in the automatic assignment.
    await tx
      .delete(bids)
      .where(
        and(eq(bids.submissionId, conflict.submissionId), eq(bids.userId, conflict.userId), eq(bids.value, 'conflict')),
      );
    if (asCommittee) {
      const now = new Date();
      await tx
        .insert(conflictOverrides)
        .values({ submissionId: conflict.submissionId, userId: conflict.userId, kind: 'lifted', decidedBy: actor.id })
        .onConflictDoUpdate({
          target: [conflictOverrides.submissionId, conflictOverrides.userId],
          set: { kind: 'lifted', decidedBy: actor.id, viaBid: false, note: '', updatedAt: now },
        });
    } else {
      await tx
        .delete(conflictOverrides)
        .where(
          and(eq(conflictOverrides.submissionId, conflict.submissionId), eq(conflictOverrides.userId, conflict.userId)),
        );
    }
    await recordAudit(tx, {
      actorId: actor.id,
      eventId,
      entity: 'conflict',
      entityId: conflict.id,
      action: asCommittee ? 'conflict.lifted' : 'conflict.withdrawn',
      data: {
        submission_id: conflict.submissionId,
        user_id: conflict.userId,
        type: conflict.type,
        source: conflict.source,
        reason: conflict.reason,
      },
    });
  });
}
