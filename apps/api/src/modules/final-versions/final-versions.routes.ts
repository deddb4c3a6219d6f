import {
  EventIdParams,
  FinalVersionDto,
  FinalVersionListQuery,
  FinalVersionPageDto,
  SubmissionIdParams,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { attachmentDisposition } from '../../lib/downloads.ts';
import { pageLinks } from '../../lib/pages.ts';
import { type Actor, requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { withDetectedConflict } from '../conflicts/detect-conflict.ts';
import { loadEvent } from '../events/event-loader.ts';
import { loadSubmission } from '../submissions/submission-loader.ts';
import { fileMissing } from './final-version-errors.ts';
import { readFinalVersionForm } from './final-version-uploads.ts';
import { finalVersionPolicies, finalVersionSubjectOf, proceedingsPolicies } from './final-versions.policy.ts';
import { finalVersionPhaseOf, presentFinalVersion, presentFinalVersionListItem } from './final-versions.presenter.ts';
import { findFinalVersion, findFinalVersionFiles, pageFinalVersions } from './final-versions.queries.ts';
import { checkFinalVersionOpen, submitFinalVersion } from './final-versions.service.ts';
import { proceedingsZip } from './proceedings.ts';

const TAGS = ['final-versions'];

/** The multipart fields of `POST submissions/{id}/final-version/`, for the API document. */
const FinalVersionForm = z.object({
  file: z.file().mime('application/pdf').optional().describe('The final PDF (required on the first send)'),
  title: z.string().optional(),
  abstract: z.string().optional(),
  authors: z.string().optional().describe('A JSON list of authors as text (the fields of SubmissionAuthorInput)'),
  supplementary: z.file().optional().describe("A PDF or a ZIP of at most the event's supplementary_max_mb"),
  version: z.string().optional().describe('The version read; 409 STALE_FINAL_VERSION when it is no longer current'),
});

const FILE_KINDS = { file: 'camera_ready', supplementary: 'supplementary' } as const;

/**
 * The final version of accepted papers (`docs/domain.md#final-version`): each handler reads parse → load (404 when
 * the paper or event is invisible) → authorize (403) → service → present. The module's plugin registers the
 * multipart parser with two files.
 */
export const finalVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  /** The paper with the viewer's access, a conflict the data shows now counted (detected, not stored). */
  async function loadPaper(actor: Actor, id: string) {
    const { submission, access } = await loadSubmission(app.db, actor, id);
    return { submission, access: await withDetectedConflict(app.db, actor, submission, access) };
  }

  app.get(
    '/api/submissions/:id/final-version/',
    {
      schema: {
        tags: TAGS,
        summary: "A paper's final version: the phase, the confirmed metadata, the files' history (authors, committee)",
        params: SubmissionIdParams,
        response: { 200: FinalVersionDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission, access } = await loadPaper(actor, request.params.id);
      authorize(finalVersionPolicies['finalVersion.read'](access, finalVersionSubjectOf(submission.event)));
      const [row, files] = await Promise.all([
        findFinalVersion(app.db, submission.id),
        findFinalVersionFiles(app.db, submission.id),
      ]);
      return presentFinalVersion(submission, access, row, files);
    },
  );

  app.post(
    '/api/submissions/:id/final-version/',
    {
      schema: {
        tags: TAGS,
        summary: 'Send the final version of an accepted paper (its authors, before the deadline; multipart)',
        params: SubmissionIdParams,
        multipartBody: FinalVersionForm,
        response: { 200: FinalVersionDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission, access } = await loadPaper(actor, request.params.id);
      authorize(finalVersionPolicies['finalVersion.submit'](access, finalVersionSubjectOf(submission.event)));
      // The state rules once before the body is read (nothing stored for a closed phase), again under the locks.
      checkFinalVersionOpen({ ...submission.event, decision: submission.decision }, new Date());
      const form = await readFinalVersionForm(request, app.storage, {
        maxPdfBytes: app.config.maxUploadBytes,
        supplementaryMaxMb: finalVersionPhaseOf(submission.event).supplementary_max_mb,
        claimDb: app.db,
      });
      const deps = { db: app.db, storage: app.storage, publicUrl: app.config.publicUrl };
      await submitFinalVersion(deps, actor, submission, form);
      const [row, files] = await Promise.all([
        findFinalVersion(app.db, submission.id),
        findFinalVersionFiles(app.db, submission.id),
      ]);
      return presentFinalVersion(submission, access, row, files);
    },
  );

  for (const [path, kind] of Object.entries(FILE_KINDS)) {
    app.get(
      `/api/submissions/:id/final-version/${path}/`,
      {
        schema: {
          tags: TAGS,
          summary: `Download the latest ${kind === 'camera_ready' ? 'final PDF' : 'supplementary material'} of a final version (authors, committee)`,
          params: SubmissionIdParams,
          produces: kind === 'camera_ready' ? ['application/pdf'] : ['application/pdf', 'application/zip'],
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        const { submission, access } = await loadPaper(actor, request.params.id);
        authorize(finalVersionPolicies['finalVersion.download'](access, finalVersionSubjectOf(submission.event)));
        const file = (await findFinalVersionFiles(app.db, submission.id)).find((row) => row.kind === kind);
        const stat = file ? await app.storage.stat(file.storageKey) : undefined;
        if (!file || !stat) throw fileMissing();
        reply
          .type(file.contentType)
          .header('content-length', String(stat.size))
          .header(
            'content-disposition',
            attachmentDisposition(
              file.originalName || `${path}.pdf`,
              kind === 'camera_ready' ? 'final.pdf' : 'supplementary',
            ),
          )
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        return reply.send(app.storage.get(file.storageKey));
      },
    );
  }

  app.get(
    '/api/events/:id/final-versions/',
    {
      schema: {
        tags: TAGS,
        summary: "The event's accepted papers and their final versions: sent or missing, with counts (organizers)",
        params: EventIdParams,
        querystring: FinalVersionListQuery,
        response: { 200: FinalVersionPageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(proceedingsPolicies['finalVersion.list'](access));
      const { page, page_size: pageSize, status } = request.query;
      const { rows, count, totals } = await pageFinalVersions(app.db, event.id, { page, pageSize, status });
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map(presentFinalVersionListItem),
        totals,
      };
    },
  );

  app.get(
    '/api/events/:id/proceedings.zip',
    {
      schema: {
        operationId: 'getEventsByIdProceedingsZip',
        tags: TAGS,
        summary: 'The proceedings: every final PDF by paper number, proceedings.csv, proceedings.bib (organizers)',
        params: EventIdParams,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(proceedingsPolicies['finalVersion.list'](access));
      const name = `${(event.acronym || 'proceedings').replace(/[^A-Za-z0-9_-]/g, '') || 'proceedings'}-proceedings.zip`;
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      return reply.send(proceedingsZip(app.db, app.storage, event));
    },
  );
};
