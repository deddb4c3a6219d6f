import {
  CONFLICT_TYPE_LABELS,
  type ConflictDto,
  type ConflictReasonDto,
  type DeclaredConflictDto,
  type ReviewMessageKey,
  reviewMessage,
} from '@confero/contracts';
import type { EventAccess } from '../events/events.policy.ts';
import { conflictEntryPolicies, isDeclarerOf } from './conflicts.policy.ts';
import type { ConflictListRow, DeclaredConflictRow } from './conflicts.queries.ts';
import type { ConflictReason, DetectedConflict } from './detection.ts';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A reason with its key, parameters and English text (the client translates the key). */
export function presentReason(reason: ConflictReason): ConflictReasonDto {
  return { code: reason.code, params: reason.params, message: reviewMessage(reason.code, reason.params) };
}

/** What the reasons of a conflict are told from: its type and source, the override (a bid) and who declared it. */
export type ConflictReasonSource = {
  conflict: Pick<ConflictListRow['conflict'], 'type' | 'source' | 'reason'>;
  override: ConflictListRow['override'];
  decider: ConflictListRow['decider'];
};

/**
 * The reasons of a conflict, the same wherever a conflict is shown (the committee's list, the reviewer candidates):
 * a declared one says who declared it (or that the reviewer did when bidding); a detected one gives what detection
 * found now (authorship, e-mail domain, affiliation, co-authorship), else authorship when that is its type.
 */
export function conflictReasons(
  row: ConflictReasonSource,
  detected: DetectedConflict | undefined,
): ConflictReasonDto[] {
  return reasonsOf(row, detected).map(presentReason);
}

function reasonsOf(row: ConflictReasonSource, detected: DetectedConflict | undefined): ConflictReason[] {
  const { conflict, override, decider } = row;
  if (conflict.source === 'declared') {
    if (override?.viaBid) return [{ code: 'conflicts.reason.bid', params: {} }];
    const name = decider ? fullName(decider) : '';
    return name ? [{ code: 'conflicts.reason.declared', params: { name } }] : [];
  }
  if (detected) return detected.reasons;
  if (conflict.type === 'author') return [{ code: 'conflicts.reason.author' satisfies ReviewMessageKey, params: {} }];
  return [];
}

/** A conflict as the committee (or its declarer) sees it; `lift` is the rule of conflicts.policy ('conflict.lift'). */
export function presentConflict(
  row: ConflictListRow,
  options: { detected?: DetectedConflict; viewer: EventAccess; viewerConflicted: boolean },
): ConflictDto {
  const { conflict, submission, user, decider } = row;
  const entry = {
    event: options.viewer,
    isConflicted: options.viewerConflicted,
    isDeclarer: isDeclarerOf(row, options.viewer.actor.id),
  };
  return {
    id: conflict.id,
    submission: { id: submission.id, public_id: submission.publicId, title: submission.title },
    user: {
      public_id: user.publicId,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: fullName(user),
      email: user.email,
      affiliation: user.affiliation,
    },
    type: conflict.type,
    type_display: CONFLICT_TYPE_LABELS[conflict.type].en,
    source: conflict.source,
    reason: conflict.reason,
    reasons: conflictReasons(row, options.detected),
    declared_by:
      conflict.source === 'declared' && decider ? { public_id: decider.publicId, full_name: fullName(decider) } : null,
    created_at: conflict.createdAt.toISOString(),
    abilities: { lift: conflict.type !== 'author' && conflictEntryPolicies['conflict.lift'](entry).allowed },
  };
}

/**
 * A conflict as the author who declared it sees it (`GET submissions/{id}/declared-conflicts/`): the person they
 * named, by name and address, the type, their note and when. Withdrawing is the declarer's right (conflicts.service
 * `liftConflict`), for every type but authorship, which is never declared.
 */
export function presentDeclaredConflict(row: DeclaredConflictRow): DeclaredConflictDto {
  return {
    id: row.id,
    person: { full_name: fullName(row.person), email: row.person.email },
    type: row.type,
    type_display: CONFLICT_TYPE_LABELS[row.type].en,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    abilities: { withdraw: row.type !== 'author' },
  };
}
