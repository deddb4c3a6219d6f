import { ExportParams, ExportQuery, parseExportFile } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { localeFromHeader } from '../auth/auth.service.ts';
import { loadEvent } from '../events/event-loader.ts';
import { csvStream, xlsxStream } from './export-formats.ts';
import { exportPolicies } from './exports.policy.ts';
import { exportFileName } from './exports.presenter.ts';
import { exportTable } from './exports.service.ts';

const TAGS = ['exports'];

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The chairs' exports: `GET events/{id}/export/{kind}.{format}` streams one kind of the event's data as CSV or XLSX
 * while it is read from the database (`docs/domain.md#exports`). Parse (an unknown kind or format is 400 on `file`)
 * → load the event (404 when invisible) → authorize 'event.export' (404 outsiders, 403 other members) → stream.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/events/:id/export/:file',
    {
      schema: {
        tags: TAGS,
        summary: "Export the event's submissions, reviews, reviewers, bids or conflicts as CSV or XLSX (its chairs)",
        params: ExportParams,
        querystring: ExportQuery,
        produces: [CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const file = parseExportFile(request.params.file);
      if (!file) throw notFound();
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(exportPolicies['event.export'](access));
      const language = request.query.lang ?? localeFromHeader(request.headers['accept-language']);
      const table = await exportTable(app.db, actor, event, {
        kind: file.kind,
        anonymous: file.kind === 'reviews' && request.query.anonymous,
        language,
      });
      const name = exportFileName(event, file.kind, file.format, new Date());
      reply
        .type(CONTENT_TYPES[file.format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      return reply.send(file.format === 'csv' ? csvStream(table) : xlsxStream(table));
    },
  );
};
