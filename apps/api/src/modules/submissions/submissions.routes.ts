import {
  ChangeSubmissionStatusBody,
  downloadFileName,
  EventSubmissionsDto,
  EventSubmissionsQuery,
  MakeDecisionBody,
  PAGE_SIZE_DEFAULT,
  SubmissionDto,
  SubmissionIdParams,
  SubmissionListDto,
  SubmissionListQuery,
  SubmissionPageDto,
  UpdateSubmissionBody,
} from '@confero/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { attachmentDisposition } from '../../lib/downloads.ts';
import { pageLinks } from '../../lib/pages.ts';
import { type Actor, requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { syncConflicts } from '../conflicts/conflicts.service.ts';
import { withDetectedConflict } from '../conflicts/detect-conflict.ts';
import { loadEvent } from '../events/event-loader.ts';
import { eventPolicies } from '../events/events.policy.ts';
import { readMultipartForm, type StoredUpload, storageSink } from './files.ts';
import { eventListAnswer, ListCache, sendEventList } from './list-cache.ts';
import { claimStoredObject } from './stored-objects.ts';
import { submissionError, submissionFieldError, withErrorField } from './submission-errors.ts';
import { formInputFromBody, formInputFromFields } from './submission-input.ts';
import { loadSubmission, loadSubmissionForChange, presentSubmissionNow } from './submission-loader.ts';
import { submissionPolicies } from './submissions.policy.ts';
import { listViewerFor, presentSubmission, presentSubmissionList } from './submissions.presenter.ts';
import {
  accessToBundles,
  listAuthoredSubmissions,
  pageEventSubmissions,
  pageSubmissions,
  type SubmissionListRow,
} from './submissions.queries.ts';
import {
  createSubmission,
  deleteSubmission,
  type SubmissionDeps,
  transitionSubmission,
  updateSubmission,
} from './submissions.service.ts';

const TAGS = ['submissions'];

/** The multipart fields of `POST submissions/`, for the API document; the handler reads the parts itself. */
const SubmissionForm = z.object({
  title: z.string(),
  abstract: z.string(),
  keywords: z.array(z.string()).describe('The field repeated, or one text; commas and semicolons separate keywords'),
  event: z.string().describe("The event's id or public id (also read as `event_id`)"),
  track: z.string().optional().describe("A track's public id or id; empty for none"),
  metadata: z.string().optional().describe('A JSON object as text'),
  authors: z.string().describe('A JSON list of authors as text (the fields of SubmissionAuthorInput)'),
  file: z.file().mime('application/pdf').describe('The paper: a PDF of at most MAX_UPLOAD_MB'),
});

/**
 * Submissions. Each handler reads parse → load (404 when invisible) → authorize (403) → service → present. Signed-in
 * callers only. The multipart parser is registered by the module plugin.
 */
export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The whole lists built for their viewers, kept per version of each event's list (list-cache.ts). */
  const listCache = new ListCache(app.config.listCacheBytes);
  requireSignedIn(app);

  const deps = (): SubmissionDeps => ({ db: app.db, storage: app.storage, publicUrl: app.config.publicUrl });
  const maxBytes = app.config.maxUploadBytes;
  const readForm = (request: FastifyRequest) =>
    readMultipartForm<StoredUpload>(request, {
      maxBytes,
      sink: storageSink(app.storage, maxBytes, claimStoredObject(app.db)),
    });

  /** A list for one viewer: the rows with their authors, then the viewer's memberships and conflicts (two queries). */
  async function presentList(request: FastifyRequest, rows: SubmissionListRow[]) {
    if (rows.length === 0) return [];
    return presentSubmissionList(rows, await accessToBundles(app.db, requireUser(request), rows));
  }

  app.post(
    '/api/submissions/',
    {
      schema: {
        tags: TAGS,
        summary: 'Submit a paper (multipart: title, abstract, keywords, event, track, metadata, authors as JSON, file)',
        multipartBody: SubmissionForm,
        response: { 201: SubmissionDto },
      },
      config: {
        rateLimit: {
          max: 120,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `submissions:create:${request.actor?.id}`,
          allowList: (request: FastifyRequest) => request.actor === null,
        },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const form = await readForm(request);
      const id = await createSubmission(deps(), actor, formInputFromFields(form.fields), form.file);
      reply.status(201);
      return presentSubmissionNow(app.db, actor, id);
    },
  );

  app.get(
    '/api/submissions/',
    {
      schema: {
        tags: TAGS,
        summary: 'The submissions the caller may see (their own, and those of the events they staff), paginated',
        querystring: SubmissionListQuery,
        response: { 200: SubmissionPageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { page, page_size: pageSize, status, event, search } = request.query;
      let eventId: number | undefined;
      if (event) eventId = (await loadEvent(app.db, actor, event)).event.id;
      const { rows, count } = await pageSubmissions(app.db, actor, { page, pageSize, status, eventId, search });
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: await presentList(request, rows),
      };
    },
  );

  app.get(
    '/api/submissions/my_submissions/',
    {
      schema: {
        tags: TAGS,
        summary: 'The submissions the caller is an author of',
        response: { 200: SubmissionListDto },
      },
    },
    async (request) => {
      const { rows, access } = await listAuthoredSubmissions(app.db, requireUser(request));
      return presentSubmissionList(rows, access);
    },
  );

  app.get(
    '/api/submissions/event_submissions/',
    {
      schema: {
        tags: TAGS,
        summary:
          "An event's submissions (its event admins, chairs and reviewers, and site admins): every row, or a page of " +
          'them with `page` or `page_size`',
        querystring: EventSubmissionsQuery,
        response: { 200: EventSubmissionsDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const eventRef = request.query.event_id?.trim();
      if (!eventRef) throw submissionFieldError('event_id', 'submissions.validations.eventIdRequired');
      const { event, access } = await loadEvent(app.db, actor, eventRef);
      authorize(eventPolicies['event.viewSubmissions'](access, { event }), {
        denied: () => submissionError(403, 'PERMISSION_DENIED', 'submissions.staffOnly'),
      });
      const { page, page_size: pageSize } = request.query;
      if (page === undefined && pageSize === undefined) {
        // Every row: the JSON built by the database in one statement, sent as it is (no serializer), kept per viewer
        // and version of the event's list; a validator still current answers 304.
        const viewer = listViewerFor(access, event);
        const answer = await eventListAnswer(app.db, listCache, event.id, viewer, request.headers['if-none-match']);
        return sendEventList(request, reply, listCache, answer);
      }
      const asked = { page: page ?? 1, pageSize: pageSize ?? PAGE_SIZE_DEFAULT };
      const { rows, count } = await pageEventSubmissions(app.db, event.id, asked);
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { ...asked, count }),
        results: await presentList(request, rows),
      };
    },
  );

  app.get(
    '/api/submissions/:id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Submission detail (id = public id or numeric id); ai_analysis for the event staff only',
        params: SubmissionIdParams,
        response: { 200: SubmissionDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission, access } = await loadSubmission(app.db, actor, request.params.id);
      // The abilities honour a conflict the data shows now, as the routes they open do (detected, not stored).
      return presentSubmission(submission, await withDetectedConflict(app.db, actor, submission, access));
    },
  );

  app.patch(
    '/api/submissions/:id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a submission (its authors, before the deadline): JSON, or multipart with authors or a new file',
        params: SubmissionIdParams,
        body: UpdateSubmissionBody,
        multipartBody: SubmissionForm.partial(),
        response: { 200: SubmissionDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const multipart = request.isMultipart();
      const loaded = await loadSubmissionForChange(app.db, actor, request.params.id, 'submission.update');
      const form = multipart ? await readForm(request) : undefined;
      const input = form ? formInputFromFields(form.fields) : formInputFromBody(request.body);
      await updateSubmission(deps(), actor, loaded.submission, input, form?.file);
      return presentSubmissionNow(app.db, actor, loaded.submission.id);
    },
  );

  app.delete(
    '/api/submissions/:id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a submission (its authors, while submitted with the decision pending)',
        params: SubmissionIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { submission } = await loadSubmissionForChange(app.db, actor, request.params.id, 'submission.delete');
      await deleteSubmission(deps(), actor, submission);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/submissions/:id/change_status/',
    {
      schema: {
        tags: TAGS,
        summary: 'Move a submission along its state machine (event admins and chairs without a conflict)',
        params: SubmissionIdParams,
        body: ChangeSubmissionStatusBody,
        response: { 200: SubmissionDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission } = await loadForDecision(actor, request.params.id, 'submission.changeStatus');
      const updated = await transitionSubmission(app.db, {
        actor,
        submission,
        via: 'change_status',
        status: request.body.status,
        publicUrl: app.config.publicUrl,
      });
      return presentSubmissionNow(app.db, actor, updated.id);
    },
  );

  app.post(
    '/api/submissions/:id/make_decision/',
    {
      schema: {
        tags: TAGS,
        summary: 'Decide on a submission and mail its authors (event admins and chairs without a conflict)',
        params: SubmissionIdParams,
        body: MakeDecisionBody,
        response: { 200: SubmissionDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission } = await loadForDecision(actor, request.params.id, 'submission.makeDecision');
      const updated = await transitionSubmission(app.db, {
        actor,
        submission,
        via: 'make_decision',
        decision: request.body.decision,
        details: request.body.decision_details,
        publicUrl: app.config.publicUrl,
      });
      return presentSubmissionNow(app.db, actor, updated.id);
    },
  );

  /**
   * Loads a submission for a status change or a decision. Conflicts between this person and this paper are detected
   * from the data first, so a conflict found there blocks the decision at once, not after the next periodic sync.
   */
  async function loadForDecision(
    actor: Actor,
    id: string,
    action: 'submission.changeStatus' | 'submission.makeDecision',
  ) {
    const loaded = await loadSubmission(app.db, actor, id);
    const detected = await syncConflicts(app.db, loaded.submission.eventId, {
      submissionIds: [loaded.submission.id],
      userIds: [actor.id],
    });
    const access = { ...loaded.access, isConflicted: loaded.access.isConflicted || detected.size > 0 };
    authorize(submissionPolicies[action](access));
    return loaded;
  }

  async function sendPaper(request: FastifyRequest<{ Params: SubmissionIdParams }>, reply: FastifyReply) {
    try {
      const actor = requireUser(request);
      const { submission, access } = await loadSubmission(app.db, actor, request.params.id);
      authorize(submissionPolicies['submission.download'](access));
      const file = submission.file;
      const stat = file ? await app.storage.stat(file.storageKey) : undefined;
      if (!file || !stat) throw submissionError(404, 'NOT_FOUND', 'submissions.fileMissing');
      reply
        .type('application/pdf')
        .header('content-length', String(stat.size))
        .header('content-disposition', attachmentDisposition(downloadFileName(submission.title), 'submission.pdf'))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      return reply.send(app.storage.get(file.storageKey));
    } catch (error) {
      throw withErrorField(error);
    }
  }

  for (const path of ['download_file', 'direct_download'] as const) {
    app.get(
      `/api/submissions/:id/${path}/`,
      {
        schema: {
          tags: TAGS,
          summary: 'Download the current paper (its authors and the event staff); errors are JSON with `error`',
          params: SubmissionIdParams,
          produces: ['application/pdf'],
        },
      },
      sendPaper,
    );
  }
};
