import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { pickMailboxLanguage } from './dev-mailbox.i18n.ts';
import { renderMailboxList, renderMailboxMessage } from './dev-mailbox.pages.ts';
import { findMailboxMessage, listMailboxMessages } from './dev-mailbox.queries.ts';

const ListQuery = z.object({
  to: z.string().max(254).optional(),
  lang: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const PageParams = z.object({ id: z.string() });

const MailboxMessageDto = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.string(),
  created_at: z.string(),
  template: z.string(),
  locale: z.string(),
  status: z.string(),
  transport: z.string().nullable(),
  sent_at: z.string().nullable(),
});

const NO_STORE = 'no-store';

/**
 * The dev mailbox: every outbox row, readable in the browser at /dev/mailbox and as JSON for the end-to-end tests.
 * Registered only outside production (see `devRoutesDisabled`).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/mailbox', { schema: { hide: true, querystring: ListQuery } }, async (request, reply) => {
    const { to, lang, limit } = request.query;
    const language = pickMailboxLanguage(lang, request.headers['accept-language']);
    const messages = await listMailboxMessages(request.db, { to, limit });
    reply.header('cache-control', NO_STORE).type('text/html; charset=utf-8');
    return renderMailboxList(language, messages, { to });
  });

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: PageParams, querystring: z.object({ lang: z.string().optional() }) } },
    async (request, reply) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : undefined;
      const message = id ? await findMailboxMessage(request.db, id) : undefined;
      if (!message) throw notFound('mails.devMailboxMessageNotFound');
      const language = pickMailboxLanguage(request.query.lang, request.headers['accept-language']);
      reply.header('cache-control', NO_STORE).type('text/html; charset=utf-8');
      return renderMailboxMessage(language, message);
    },
  );

  const listJson = {
    schema: { hide: true, querystring: ListQuery, response: { 200: z.array(MailboxMessageDto) } },
  } as const;
  const handleListJson = async (request: { db: typeof app.db; query: z.infer<typeof ListQuery> }) => {
    const rows = await listMailboxMessages(request.db, { to: request.query.to, limit: request.query.limit });
    return rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      text_body: row.textBody,
      html_body: row.htmlBody,
      created_at: row.createdAt.toISOString(),
      template: row.template,
      locale: row.locale,
      status: row.status,
      transport: row.transport,
      sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    }));
  };
  app.get('/dev/mailbox/api/messages/', listJson, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    return handleListJson(request);
  });
  app.get('/dev/mailbox/api/messages', listJson, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    return handleListJson(request);
  });
};

/**
 * In production the dev paths answer 404 explicitly, so the web app's
 * index.html fallback cannot answer them with a page.
 */
export const devRoutesDisabled: FastifyPluginAsyncZod = async (app) => {
  const gone = async () => {
    throw notFound();
  };
  app.get('/dev/mailbox', { schema: { hide: true } }, gone);
  app.get('/dev/*', { schema: { hide: true } }, gone);
};
