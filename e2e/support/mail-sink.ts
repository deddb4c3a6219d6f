import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { decodeMail } from '../../apps/api/test/mime.ts';

/**
 * The e2e mail sink: a real SMTP server on 127.0.0.1:2525 (no STARTTLS, no AUTH) that keeps every message it
 * receives, and a small HTTP API on 127.0.0.1:2526 to read them:
 *   GET /health            → 200 ok
 *   GET /messages?to=addr  → [{ to, subject, text, html, received_at }] (all messages without `to`), oldest first
 *   POST /rejections?to=addr   → from now on, RCPT TO for that address is answered 550 (a recipient refused for good)
 *   DELETE /rejections?to=addr → the address is accepted again
 * Playwright starts it before the app server (see playwright.config.ts); the app sends to it through
 * SMTP_URL=smtp://127.0.0.1:2525?ignoreTLS=true.
 */

const SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2525);
const HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2526);
const HOST = '127.0.0.1';

type StoredMail = { to: string[]; subject: string; text: string; html: string; received_at: string };
const messages: StoredMail[] = [];
const rejected = new Set<string>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onRcptTo(address, _session, callback) {
    if (!rejected.has(address.address.toLowerCase())) return callback();
    callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const mail = decodeMail(Buffer.concat(chunks).toString('latin1'));
      messages.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        received_at: new Date().toISOString(),
      });
      callback();
    });
  },
});

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${HOST}:${HTTP_PORT}`);
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && url.pathname === '/health') return send(200, { status: 'ok' });
  if (request.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.trim().toLowerCase();
    const found = to ? messages.filter((mail) => mail.to.includes(to)) : messages;
    return send(
      200,
      found.map((mail) => ({ ...mail, to: to ?? mail.to.join(', ') })),
    );
  }
  const address = url.searchParams.get('to')?.trim().toLowerCase();
  if (url.pathname === '/rejections' && address && (request.method === 'POST' || request.method === 'DELETE')) {
    if (request.method === 'POST') rejected.add(address);
    else rejected.delete(address);
    return send(200, { rejected: [...rejected] });
  }
  return send(404, { detail: 'Not found' });
});

smtp.on('error', (error) => console.error('mail sink (smtp):', error));
smtp.listen(SMTP_PORT, HOST, () => {
  api.listen(HTTP_PORT, HOST, () => {
    console.log(`mail sink: SMTP on ${HOST}:${SMTP_PORT}, messages on http://${HOST}:${HTTP_PORT}/messages`);
  });
});

const close = () => {
  api.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', close);
process.on('SIGINT', close);

/*
 * Playwright starts the sink through a shell; when the run is killed without its cleanup (a CI step cut short) the
 * sink would outlive it, keep its ports and stop the next run from starting. It closes once its parent is gone.
 */
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) close();
}, 1_000).unref();
