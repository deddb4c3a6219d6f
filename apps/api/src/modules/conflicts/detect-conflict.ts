import type { Db } from '../../db/client.ts';
import { findEventPersons, findOverrides, findSubmissionsAuthoredBy } from './conflicts.queries.ts';
import { buildCoauthorIndex, type DetectionSubmission, detectPair } from './detection.ts';

/**
 * Whether detection finds a conflict of interest between one person and one submission in the data as it is now,
 * writing nothing. Reads that must honour a conflict before `syncConflicts` stores it (a chair or reviewer who became
 * conflicted reads no reviews and writes none) ask this, instead of syncing on the way in. The same rules as the
 * sync: only active members of the event are persons, and a pair a chair lifted is no conflict. The caller passes
 * the submission with its authors as it already loaded them; four queries, run together.
 */
export async function detectsConflict(
  db: Db,
  eventId: number,
  submission: DetectionSubmission,
  user: { id: number; email: string },
): Promise<boolean> {
  const [persons, overrides, authored] = await Promise.all([
    findEventPersons(db, eventId, [user.id]),
    findOverrides(db, [submission.id]),
    findSubmissionsAuthoredBy(db, [{ userId: user.id, email: user.email }]),
  ]);
  const person = persons[0];
  if (!person) return false;
  if (overrides.some((override) => override.kind === 'lifted' && override.userId === user.id)) return false;
  const coauthors = buildCoauthorIndex([person], authored).get(person.userId);
  return detectPair(person, submission, coauthors) !== undefined;
}
