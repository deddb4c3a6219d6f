import {
  OutboxListQuery,
  OutboxMailDetailDto,
  OutboxMailDto,
  OutboxMailParams,
  OutboxPageDto,
  OutboxRetryFailedBody,
  OutboxRetryFailedDto,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize, denied } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { pageLinks } from '../../lib/pages.ts';
import { requireUser } from '../../plugins/auth.ts';
import { type OutboxAction, outboxPolicies } from './outbox.policy.ts';
import { presentOutboxMail, presentOutboxMailDetail } from './outbox.presenter.ts';
import { findOutboxMail, listOutbox } from './outbox.queries.ts';
import { retryFailedMails, retryMail } from './outbox.service.ts';

const TAGS = ['outbox'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The outbox action a route performs, authorized before its input is validated (401, then 403, then 400). */
    outboxAction?: OutboxAction;
  }
}

/**
 * The mail outbox for site admins: every mail with its delivery state, filtered and paginated, one mail's rendered
 * text, and "retry now" for one mail or for every failed one. Anonymous callers get 401 and everyone but platform
 * admins 403, before the input is looked at.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    const actor = requireUser(request);
    const action = request.routeOptions.config.outboxAction;
    authorize(action ? outboxPolicies[action](actor) : denied());
  });

  async function loadMail(id: number) {
    const mail = await findOutboxMail(app.db, id);
    if (!mail) throw notFound('mails.notFound');
    return mail;
  }

  app.get(
    '/api/admin/outbox/',
    {
      schema: {
        tags: TAGS,
        summary: 'The mail outbox, newest first, paginated, filtered by status, event and template (site admins)',
        querystring: OutboxListQuery,
        response: { 200: OutboxPageDto },
      },
      config: { outboxAction: 'outbox.list' },
    },
    async (request) => {
      const { page, page_size: pageSize, status, event, template } = request.query;
      const { rows, count } = await listOutbox(app.db, { page, pageSize, filter: { status, event, template } });
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map(presentOutboxMail),
      };
    },
  );

  app.get(
    '/api/admin/outbox/:id/',
    {
      schema: {
        tags: TAGS,
        summary: 'One mail of the outbox with its rendered subject and text (site admins)',
        params: OutboxMailParams,
        response: { 200: OutboxMailDetailDto },
      },
      config: { outboxAction: 'outbox.read' },
    },
    async (request) => presentOutboxMailDetail(await loadMail(request.params.id)),
  );

  app.post(
    '/api/admin/outbox/:id/retry/',
    {
      schema: {
        tags: TAGS,
        summary: 'Retry a mail not sent yet now, with a fresh retry window (site admins)',
        params: OutboxMailParams,
        response: { 200: OutboxMailDto },
      },
      config: { outboxAction: 'outbox.retry' },
    },
    async (request) => {
      const actor = requireUser(request);
      const mail = await loadMail(request.params.id);
      await retryMail(app.db, actor, mail);
      app.jobs.nudge();
      return presentOutboxMail(await loadMail(mail.id));
    },
  );

  app.post(
    '/api/admin/outbox/retry-failed/',
    {
      schema: {
        tags: TAGS,
        summary: 'Retry every failed mail matching the filters (event, template) now (site admins)',
        body: OutboxRetryFailedBody,
        response: { 200: OutboxRetryFailedDto },
      },
      config: { outboxAction: 'outbox.retry' },
    },
    async (request) => {
      const actor = requireUser(request);
      const retried = await retryFailedMails(app.db, actor, {
        event: request.body?.event,
        template: request.body?.template,
      });
      if (retried > 0) app.jobs.nudge();
      return { retried };
    },
  );
};
