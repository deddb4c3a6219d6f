import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { enqueueJob, type JobHandler, PermanentJobError } from '../../jobs/queue.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { EventRow } from '../events/events.queries.ts';
import { findEventById } from '../events/events.queries.ts';
import { applyBulkLines, type BulkJobLine, type ClassifiedLine } from './bulk-invite.ts';

/** Invites and adds the lines of a bulk invitation: {eventId, actorId, lines}. */
export const BULK_INVITE_JOB = 'committee.bulk_invite';

/** Queues the apply of the lines that join (invite, add); the others are left out. Returns the job's id. */
export async function queueBulkInvitation(
  app: FastifyInstance,
  input: { actor: Actor; event: EventRow; lines: ClassifiedLine[] },
): Promise<number> {
  const lines: BulkJobLine[] = input.lines
    .filter((line) => line.status === 'invite' || line.status === 'add')
    .map((line) => ({
      line: line.line,
      email: line.email,
      first_name: line.first_name,
      last_name: line.last_name,
      expertise: line.expertise,
      max_papers: line.max_papers ?? 5,
    }));
  const jobId = await enqueueJob(app.db, BULK_INVITE_JOB, { eventId: input.event.id, actorId: input.actor.id, lines });
  app.jobs.nudge();
  return jobId;
}

/** 'committee.bulk_invite': thin — loads the event and the inviter, then applies the lines in batches. */
export function bulkInviteJob(deps: { publicUrl: string }): JobHandler {
  return async (payload, ctx) => {
    const event = await findEventById(ctx.db, Number(payload.eventId));
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, Number(payload.actorId)));
    if (!event || !user) throw new PermanentJobError(`${BULK_INVITE_JOB}: the event or the inviter is gone`);
    const actor: Actor = {
      id: user.id,
      publicId: user.publicId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: user.isAdmin,
      emailVerified: user.emailVerified,
      accountStatus: user.accountStatus,
      sessionsValidFrom: 0,
    };
    const lines = (payload.lines ?? []) as BulkJobLine[];
    const outcome = await applyBulkLines(ctx.db, { actor, event, lines, publicUrl: deps.publicUrl }, (done) =>
      ctx.reportProgress({ done, total: lines.length }),
    );
    ctx.log.info({ eventId: event.id, ...outcome }, 'bulk invitation applied');
    return outcome;
  };
}
