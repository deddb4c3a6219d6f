import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { isMember } from '../events/events.policy.ts';
import type { SubmissionAccess } from '../submissions/submissions.policy.ts';
import type { SubmissionBundle } from '../submissions/submissions.queries.ts';
import {
  findEventPersons,
  findEventSubmissionsForDetection,
  findOverrides,
  findRecordedConflictIds,
  findSubmissionsAuthoredBy,
} from './conflicts.queries.ts';
import {
  buildCoauthorIndex,
  type DetectedConflict,
  type DetectionSubmission,
  detectConflicts,
  type Person,
  pairKey,
} from './detection.ts';

/*
 * Detection for reads: reads that must honour a conflict of interest before `syncConflicts` stores it (a chair or
 * reviewer who became conflicted reads no reviews and writes none; a reviewer's bids show the conflict) ask these
 * instead of syncing on the way in, so a read writes nothing. The same rules as the sync: only active members of the
 * event are persons, and a pair a chair lifted is no conflict.
 */

/** What detection finds in an event's data now, with the persons and submissions it looked at. */
export type EventDetection = {
  /** Found conflicts by `pairKey(submission, user)`, the pairs a chair lifted left out. */
  detected: Map<string, DetectedConflict>;
  persons: Person[];
  submissionIds: number[];
};

/**
 * The conflicts detection finds in an event now (or among some of its submissions, or some persons), writing
 * nothing: the sync stores this (`syncConflicts`), and reads that need every person's conflicts with a paper (the
 * reviewer candidates) use it as is. Five queries whatever the numbers.
 */
export async function detectEventConflicts(
  db: Db,
  eventId: number,
  options: { submissionIds?: number[]; userIds?: number[] } = {},
): Promise<EventDetection> {
  const [persons, eventSubmissions] = await Promise.all([
    findEventPersons(db, eventId, options.userIds),
    findEventSubmissionsForDetection(db, eventId, options.submissionIds),
  ]);
  const submissionIds = eventSubmissions.map((submission) => submission.id);
  if (persons.length === 0 || eventSubmissions.length === 0) return { detected: new Map(), persons, submissionIds };
  const [authored, overrides] = await Promise.all([
    findSubmissionsAuthoredBy(db, persons),
    findOverrides(db, submissionIds),
  ]);
  const detected = detectConflicts(persons, eventSubmissions, buildCoauthorIndex(persons, authored));
  for (const override of overrides) {
    if (override.kind === 'lifted') detected.delete(pairKey(override.submissionId, override.userId));
  }
  return { detected, persons, submissionIds };
}

/**
 * What detection finds now among some pairs of an event (the detected rows of a page of the registry, whose reasons
 * it shows): one detection over their submissions and persons, writing nothing.
 */
export async function detectPairs(
  db: Db,
  eventId: number,
  pairs: readonly { submissionId: number; userId: number }[],
): Promise<Map<string, DetectedConflict>> {
  if (pairs.length === 0) return new Map();
  const { detected } = await detectEventConflicts(db, eventId, {
    submissionIds: [...new Set(pairs.map((pair) => pair.submissionId))],
    userIds: [...new Set(pairs.map((pair) => pair.userId))],
  });
  return detected;
}

/**
 * The submissions of an event (the ones given, with their authors as the caller loaded them, or all of them) that
 * detection finds one person conflicted with in the data as it is now, writing nothing. Four queries whatever the
 * number of submissions.
 */
export async function detectedConflictIds(
  db: Db,
  eventId: number,
  user: { id: number; email: string },
  submissions?: DetectionSubmission[],
): Promise<Set<number>> {
  const candidates = submissions ? Promise.resolve(submissions) : findEventSubmissionsForDetection(db, eventId);
  const [persons, checked, overrides, authored] = await Promise.all([
    findEventPersons(db, eventId, [user.id]),
    candidates,
    candidates.then((list) =>
      findOverrides(
        db,
        list.map((submission) => submission.id),
      ),
    ),
    findSubmissionsAuthoredBy(db, [{ userId: user.id, email: user.email }]),
  ]);
  const person = persons[0];
  if (!person) return new Set();
  const lifted = new Set(
    overrides
      .filter((override) => override.kind === 'lifted' && override.userId === user.id)
      .map((override) => override.submissionId),
  );
  const found = detectConflicts([person], checked, buildCoauthorIndex([person], authored));
  return new Set([...found.values()].map((conflict) => conflict.submissionId).filter((id) => !lifted.has(id)));
}

/** Whether detection finds a conflict of interest between one person and one submission now, writing nothing. */
export async function detectsConflict(
  db: Db,
  eventId: number,
  submission: DetectionSubmission,
  user: { id: number; email: string },
): Promise<boolean> {
  return (await detectedConflictIds(db, eventId, user, [submission])).has(submission.id);
}

/**
 * The viewer's access to a loaded submission with the conflicts of interest the data shows now: a member of the
 * event who is not yet recorded as conflicted is checked by detection (`detectsConflict`), so one who became
 * conflicted since the last sync is treated as conflicted. Authors are conflicted already, and people with no
 * membership are no persons of detection: neither costs a query.
 */
export async function withDetectedConflict(
  db: Db,
  actor: Actor,
  submission: SubmissionBundle,
  access: SubmissionAccess,
): Promise<SubmissionAccess> {
  if (access.isConflicted || !isMember(access.event)) return access;
  const detection = {
    id: submission.id,
    submittedBy: submission.submittedBy,
    authors: submission.authors.map((author) => ({
      userId: author.userId,
      email: author.email,
      affiliation: author.affiliation,
      fullName: `${author.firstName} ${author.lastName}`.trim(),
    })),
  };
  return (await detectsConflict(db, submission.eventId, detection, actor)) ? { ...access, isConflicted: true } : access;
}

/**
 * SECURITY-CRITICAL: the submissions of an event a person may not read the reviews of, bids on or conflicts about:
 * those they are conflicted with (a stored conflict, authorship, or one detection finds in the data now, as the
 * review loader does; `docs/domain.md#conflicted-people`). Five to seven queries, whatever the size of the event.
 */
export async function findConflictedSubmissionIds(
  db: Db,
  eventId: number,
  person: { id: number; email: string },
): Promise<Set<number>> {
  const [recorded, detected] = await Promise.all([
    findRecordedConflictIds(db, eventId, person.id),
    detectedConflictIds(db, eventId, person),
  ]);
  return new Set([...recorded, ...detected]);
}

/**
 * Among some papers of one person's list (their events' papers, in any number of events), those detection finds the
 * person conflicted with now, not stored yet: detection runs once per event over that event's papers. The lists that
 * leave such papers out (the caller's discussions, an area chair's papers) give these ids to their page query.
 */
export async function detectedConflictsAmong(
  db: Db,
  userId: number,
  papers: readonly { id: number; eventId: number }[],
): Promise<number[]> {
  const byEvent = new Map<number, number[]>();
  for (const paper of papers) byEvent.set(paper.eventId, [...(byEvent.get(paper.eventId) ?? []), paper.id]);
  const detections = await Promise.all(
    [...byEvent].map(([eventId, submissionIds]) =>
      detectEventConflicts(db, eventId, { submissionIds, userIds: [userId] }),
    ),
  );
  return detections.flatMap((detection) => [...detection.detected.values()].map((found) => found.submissionId));
}

/**
 * The people of a paper's mail (the committee members a query found, stored conflicts and authorship already left out)
 * without those detection finds conflicted with the paper now: one detection over that paper and those people.
 */
export async function withoutDetectedConflicts<T extends { userId: number }>(
  db: Db,
  submission: { id: number; eventId: number },
  people: T[],
): Promise<T[]> {
  const { detected } = await detectEventConflicts(db, submission.eventId, {
    submissionIds: [submission.id],
    userIds: people.map((person) => person.userId),
  });
  return people.filter((person) => !detected.has(pairKey(submission.id, person.userId)));
}
