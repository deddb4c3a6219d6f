import type { Db } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { eventNotFound } from './event-errors.ts';
import { accessFor, type EventAccess, eventPolicies } from './events.policy.ts';
import { presentEvent } from './events.presenter.ts';
import { type EventRow, findEventByIdParam, findViewerMemberships, loadEventDetail } from './events.queries.ts';
import type { SubmissionCountSources } from './extensions.ts';

export type LoadedEvent = { event: EventRow; access: EventAccess };

/**
 * The event of a route (`{id}` = public id or numeric id) as the viewer may see it, with the viewer's access: 404 when
 * it does not exist AND when the viewer may not see it (`docs/domain.md#404-or-403`), so outsiders learn nothing.
 */
export async function loadEvent(db: Db, actor: Actor, idParam: string): Promise<LoadedEvent> {
  const event = await findEventByIdParam(db, idParam);
  if (!event) throw eventNotFound();
  const access = accessFor(actor, event, await findViewerMemberships(db, event.id, actor.id));
  authorize(eventPolicies['event.view'](access, { event }));
  return { event, access };
}

/** The event detail DTO of a (possibly just changed) event for a viewer, with fresh access. */
export async function presentEventFor(db: Db, sources: SubmissionCountSources, actor: Actor, event: EventRow) {
  const access = accessFor(actor, event, await findViewerMemberships(db, event.id, actor.id));
  return presentEvent(await loadEventDetail(db, sources, event), access);
}
