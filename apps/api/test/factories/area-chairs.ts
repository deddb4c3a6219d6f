import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { submissions } from '../../src/db/schema/index.ts';
import { addMembership } from './events.ts';

type Target = Db | { db: Db };
const dbOf = (target: Target): Db => ('db' in target ? target.db : target);

/** Makes a user an active area chair of the event (load limit `maxPapers`, 5 unless told) and returns the membership. */
export function buildAreaChair(
  target: Target,
  options: { event: { id: number }; user: { id: number }; maxPapers?: number; expertise?: string },
) {
  return addMembership(target, { ...options, role: 'area_chair' });
}

/** Sets (or, with null, clears) a submission's area chair, as an assignment by hand would. */
export async function setAreaChair(
  target: Target,
  submission: { id: number },
  user: { id: number } | null,
): Promise<void> {
  await dbOf(target)
    .update(submissions)
    .set({
      areaChairId: user?.id ?? null,
      areaChairSource: user ? 'manual' : null,
      areaChairAssignedAt: user ? new Date() : null,
    })
    .where(eq(submissions.id, submission.id));
}
