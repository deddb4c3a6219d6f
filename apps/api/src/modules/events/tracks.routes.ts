import {
  CreateTrackBody,
  EventIdParams,
  TrackChairsBody,
  TrackDto,
  TrackIdParams,
  TrackListDto,
  UpdateTrackBody,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { eventError } from './event-errors.ts';
import { loadEvent } from './event-loader.ts';
import { eventPolicies } from './events.policy.ts';
import { presentTrack } from './events.presenter.ts';
import { findTrack, listTracksWithChairs, type TrackRow } from './events.queries.ts';
import { createTrack, deleteTrack, setTrackChairs, updateTrack } from './tracks.service.ts';

const TAGS = ['events'];

async function presentOneTrack(db: Db, eventId: number, track: TrackRow) {
  const { chairs } = await listTracksWithChairs(db, eventId);
  return presentTrack(track, chairs);
}

/**
 * Tracks of an event: anyone who can see the event lists them; its event admins and chairs (and site admins)
 * create, change and delete them. Track chairs are chair memberships carrying the track's id.
 */
export const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/events/:id/tracks/',
    {
      schema: {
        tags: TAGS,
        summary: 'Tracks of the event with their chairs',
        params: EventIdParams,
        response: { 200: TrackListDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event } = await loadEvent(app.db, actor, request.params.id);
      const { tracks, chairs } = await listTracksWithChairs(app.db, event.id);
      return tracks.map((track) => presentTrack(track, chairs));
    },
  );

  app.post(
    '/api/events/:id/tracks/',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a track (name unique in the event)',
        params: EventIdParams,
        body: CreateTrackBody,
        response: { 201: TrackDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.manageTracks'](access, { event }));
      const track = await createTrack(app.db, actor, event, request.body);
      reply.status(201);
      return presentOneTrack(app.db, event.id, track);
    },
  );

  async function loadTrack(actorRequest: { id: string; track_id: string }, actor: ReturnType<typeof requireUser>) {
    const loaded = await loadEvent(app.db, actor, actorRequest.id);
    authorize(eventPolicies['event.manageTracks'](loaded.access, { event: loaded.event }));
    const track = await findTrack(app.db, loaded.event.id, actorRequest.track_id);
    if (!track) throw eventError(404, 'NOT_FOUND', 'events.trackNotFound');
    return { ...loaded, track };
  }

  app.patch(
    '/api/events/:id/tracks/:track_id/',
    {
      schema: {
        tags: TAGS,
        summary: "Change a track's name, description or chairs",
        params: TrackIdParams,
        body: UpdateTrackBody,
        response: { 200: TrackDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, track } = await loadTrack(request.params, actor);
      const updated = await updateTrack(app.db, actor, event, track, request.body);
      return presentOneTrack(app.db, event.id, updated);
    },
  );

  app.put(
    '/api/events/:id/tracks/:track_id/chairs/',
    {
      schema: {
        tags: TAGS,
        summary: "Set a track's chairs: exactly the users of user_ids (public ids) afterwards",
        params: TrackIdParams,
        body: TrackChairsBody,
        response: { 200: TrackDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, track } = await loadTrack(request.params, actor);
      await setTrackChairs(app.db, actor, event, track, request.body.user_ids);
      return presentOneTrack(app.db, event.id, track);
    },
  );

  app.delete(
    '/api/events/:id/tracks/:track_id/',
    { schema: { tags: TAGS, summary: 'Delete a track', params: TrackIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, track } = await loadTrack(request.params, actor);
      await deleteTrack(app.db, actor, event, track);
      return reply.status(204).send(null);
    },
  );
};
