import { AdminAuditQuery, AuditPageDto, EventAuditQuery, EventIdParams } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { pageLinks } from '../../lib/pages.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadEvent } from '../events/event-loader.ts';
import { eventAuditPolicies, platformAuditPolicies } from './audit.policy.ts';
import { readAuditPage } from './audit.service.ts';

const TAGS = ['audit'];

/**
 * The audit log made readable: an event's entries for its chairs and event admins, every entry for site admins.
 * Newest first, paginated, filtered by action, entity, actor and time (and event, for site admins).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/events/:id/audit/',
    {
      schema: {
        tags: TAGS,
        summary: "The event's audit log, newest first, paginated and filtered (its chairs and event admins)",
        params: EventIdParams,
        querystring: EventAuditQuery,
        response: { 200: AuditPageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventAuditPolicies['event.viewAudit'](access));
      const { page, page_size: pageSize, ...filter } = request.query;
      const { entries, count } = await readAuditPage(app.db, actor, {
        scope: { eventId: event.id },
        page,
        pageSize,
        filter,
      });
      return { count, ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }), results: entries };
    },
  );

  app.get(
    '/api/admin/audit/',
    {
      schema: {
        tags: TAGS,
        summary: "The platform's audit log, newest first, paginated and filtered (site admins)",
        querystring: AdminAuditQuery,
        response: { 200: AuditPageDto },
      },
      // Site admins only, decided before the filters are read (401, then 403, then 400), as the outbox does.
      preValidation: async (request) => {
        authorize(platformAuditPolicies['audit.listAll'](requireUser(request)));
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { page, page_size: pageSize, ...filter } = request.query;
      const { entries, count } = await readAuditPage(app.db, actor, { scope: 'platform', page, pageSize, filter });
      return { count, ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }), results: entries };
    },
  );
};
