import {
  EventIdParams,
  EventMailTemplateDto,
  EventMailTemplateListDto,
  EventOutboxMailDto,
  EventOutboxMailParams,
  EventOutboxPageDto,
  EventOutboxQuery,
  MailComposeBody,
  MailPreviewDto,
  MailSendCreatedDto,
  MailSendListQuery,
  MailSendPageDto,
  MailTemplateParams,
  ReviewerRemindBody,
  ReviewerRemindDto,
  UpdateEventMailTemplateBody,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { messageError } from '../../lib/errors.ts';
import { pageLinks } from '../../lib/pages.ts';
import { type Actor, requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadEvent } from '../events/event-loader.ts';
import { type CommunicationsAction, communicationsPolicies } from './communications.policy.ts';
import { presentEventMail, presentMailSend, presentTemplate } from './communications.presenter.ts';
import { findEventMail, listEventOutbox, listMailSends } from './communications.queries.ts';
import {
  checkComposition,
  createSend,
  previewMail,
  remindFromRequest,
  resendMail,
  saveTemplate,
} from './communications.service.ts';
import { customizedTemplates, loadWordings } from './event-mail.ts';

const TAGS = ['communications'];

/**
 * An event's mail, for its organizers: the templates they word, group mails (preview, send, the sends so far),
 * reminders to reviewers, and the event's outbox with "resend".
 */
export const communicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  /** The event as the caller may see it (else 404), and the action allowed to them (else 403). */
  async function loadFor(actor: Actor, id: string, action: CommunicationsAction) {
    const loaded = await loadEvent(app.db, actor, id);
    authorize(communicationsPolicies[action](loaded.access));
    return loaded;
  }

  app.get(
    '/api/events/:id/mail-templates/',
    {
      schema: {
        tags: TAGS,
        summary: "The event's mail templates and which languages its chairs worded",
        params: EventIdParams,
        response: { 200: EventMailTemplateListDto },
      },
    },
    async (request) => {
      const { event } = await loadFor(requireUser(request), request.params.id, 'mail.manageTemplates');
      return customizedTemplates(app.db, event.id);
    },
  );

  app.get(
    '/api/events/:id/mail-templates/:key/',
    {
      schema: {
        tags: TAGS,
        summary: 'One mail template of the event in English and Arabic, with its placeholders',
        params: MailTemplateParams,
        response: { 200: EventMailTemplateDto },
      },
    },
    async (request) => {
      const { event } = await loadFor(requireUser(request), request.params.id, 'mail.manageTemplates');
      return presentTemplate(request.params.key, await loadWordings(app.db, event.id, request.params.key));
    },
  );

  app.put(
    '/api/events/:id/mail-templates/:key/',
    {
      schema: {
        tags: TAGS,
        summary: 'Word a mail template (a language set to null goes back to the default)',
        params: MailTemplateParams,
        body: UpdateEventMailTemplateBody,
        response: { 200: EventMailTemplateDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event } = await loadFor(actor, request.params.id, 'mail.manageTemplates');
      await saveTemplate(app.db, actor, event, request.params.key, request.body);
      return presentTemplate(request.params.key, await loadWordings(app.db, event.id, request.params.key));
    },
  );

  app.post(
    '/api/events/:id/mail/preview/',
    {
      schema: {
        tags: TAGS,
        summary: 'A group mail as one of its recipients would get it, in their language',
        params: EventIdParams,
        body: MailComposeBody,
        response: { 200: MailPreviewDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event } = await loadFor(actor, request.params.id, 'mail.send');
      const composition = await checkComposition(app.db, event, request.body);
      return previewMail(app.db, app.config.publicUrl, actor, event, composition, request.body.recipient);
    },
  );

  app.post(
    '/api/events/:id/mail/send/',
    {
      schema: {
        tags: TAGS,
        summary: 'Send a mail to a group: accepted now, its recipients written to the outbox in the background',
        params: EventIdParams,
        body: MailComposeBody,
        response: { 202: MailSendCreatedDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event } = await loadFor(actor, request.params.id, 'mail.send');
      const composition = await checkComposition(app.db, event, request.body);
      const send = await createSend(app.db, actor, event, composition);
      app.jobs.nudge();
      reply.status(202);
      return { id: send.publicId, status: send.status, recipients: send.recipients };
    },
  );

  app.get(
    '/api/events/:id/mail/sends/',
    {
      schema: {
        tags: TAGS,
        summary: "The event's group mails, newest first",
        params: EventIdParams,
        querystring: MailSendListQuery,
        response: { 200: MailSendPageDto },
      },
    },
    async (request) => {
      const { event } = await loadFor(requireUser(request), request.params.id, 'mail.send');
      const { page, page_size: pageSize } = request.query;
      const { rows, count } = await listMailSends(app.db, event.id, { page, pageSize });
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map((row) => presentMailSend(row.send, row.createdBy)),
      };
    },
  );

  app.post(
    '/api/events/:id/reviewers/remind/',
    {
      schema: {
        tags: TAGS,
        summary: 'Remind reviewers with reviews not completed (never twice the same day)',
        params: EventIdParams,
        body: ReviewerRemindBody,
        response: { 200: ReviewerRemindDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event } = await loadFor(actor, request.params.id, 'mail.remindReviewers');
      const answer = await remindFromRequest(app.db, app.config.publicUrl, actor, event, request.body);
      if (answer.sent > 0) app.jobs.nudge();
      return answer;
    },
  );

  app.get(
    '/api/events/:id/outbox/',
    {
      schema: {
        tags: TAGS,
        summary: 'Every mail of the event, newest first, filtered by status, template and recipient',
        params: EventIdParams,
        querystring: EventOutboxQuery,
        response: { 200: EventOutboxPageDto },
      },
    },
    async (request) => {
      const { event } = await loadFor(requireUser(request), request.params.id, 'mail.viewOutbox');
      const { page, page_size: pageSize, status, template, search } = request.query;
      const { rows, count } = await listEventOutbox(app.db, event.id, { page, pageSize }, { status, template, search });
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map(presentEventMail),
      };
    },
  );

  app.post(
    '/api/events/:id/outbox/:mail_id/resend/',
    {
      schema: {
        tags: TAGS,
        summary: 'Send a mail of the event again: retried now when not sent yet, a new copy when it was sent',
        params: EventOutboxMailParams,
        response: { 200: EventOutboxMailDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event } = await loadFor(actor, request.params.id, 'mail.resend');
      const mail = await findEventMail(app.db, event.id, request.params.mail_id);
      if (!mail) throw messageError(404, 'NOT_FOUND', 'communications.mailNotFound');
      const id = await resendMail(app.db, actor, event, mail);
      app.jobs.nudge();
      const sent = await findEventMail(app.db, event.id, id);
      if (!sent) throw messageError(404, 'NOT_FOUND', 'communications.mailNotFound');
      return presentEventMail(sent);
    },
  );
};
