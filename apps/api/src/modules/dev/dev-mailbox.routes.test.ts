import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { queueMail } from '../../mail/outbox.ts';

describe('the dev mailbox (no SMTP_URL, not production)', () => {
  let app: TestApp;
  let first: number;
  let second: number;
  let third: number;
  beforeAll(async () => {
    app = await buildTestApp();
    first = await queueMail(app.db, {
      to: 'Ada@Example.org',
      template: 'auth.verify_email',
      data: { first_name: 'Ada', link: 'http://localhost:8000/verify-email?token=first' },
    });
    second = await queueMail(app.db, {
      to: 'grace@example.org',
      template: 'events.approved',
      locale: 'ar',
      data: { first_name: '<b>Grace</b>', event_title: 'مؤتمر <i>الحوسبة</i>' },
    });
    await app.jobs.runPending();
    third = await queueMail(app.db, {
      to: 'ada@example.org',
      template: 'auth.password_reset',
      data: { first_name: 'Ada', link: 'http://localhost:8000/reset-password/x/y' },
    });
  });
  afterAll(async () => app.close());

  it('lists every mail newest first at /dev/mailbox, each linking to its page', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<h1>Dev mailbox</h1>');
    expect(html).toContain('3 messages');
    const links = [...html.matchAll(/<a href="\/dev\/mailbox\/(\d+)\?lang=en">([^<]*)<\/a>/g)];
    expect(links.map((m) => Number(m[1]))).toEqual([third, second, first]);
    expect(links.map((m) => m[2])).toEqual([
      'Reset your Confero password',
      'تمت الموافقة على فعاليتك «مؤتمر &lt;i&gt;الحوسبة&lt;/i&gt;»',
      'Confirm your e-mail address for Confero',
    ]);
    expect(html).toContain('<span class="badge sent">sent</span>');
    expect(html).toContain('<span class="badge queued">queued</span>');
  });

  it('filters the page by recipient and speaks Arabic when asked', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox?to=ADA@example.org&lang=ar' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="ar" dir="rtl">');
    expect(response.body).toContain('<h1>صندوق بريد التطوير</h1>');
    expect(response.body).toContain('value="ADA@example.org"');
    expect(response.body).toContain(`/dev/mailbox/${first}?lang=ar`);
    expect(response.body).toContain(`/dev/mailbox/${third}?lang=ar`);
    expect(response.body).not.toContain(`/dev/mailbox/${second}?lang=ar`);

    const byHeader = await app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      headers: { 'accept-language': 'ar-EG,ar;q=0.9' },
    });
    expect(byHeader.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('shows one mail with its HTML body and clickable links', async () => {
    const response = await app.inject({ method: 'GET', url: `/dev/mailbox/${first}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('<a href="http://localhost:8000/verify-email?token=first"');
    expect(response.body).toContain('<a href="/dev/mailbox?lang=en"');
    expect(response.body).toContain('Ada@Example.org');
    expect(response.body).toContain('Plain-text version');

    const arabic = await app.inject({ method: 'GET', url: `/dev/mailbox/${second}` });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('مرحبًا &lt;b&gt;Grace&lt;/b&gt;،');
    expect(arabic.body).not.toContain('<b>Grace</b>');
  });

  it('answers 404 for a mail that does not exist', async () => {
    for (const url of ['/dev/mailbox/999999', '/dev/mailbox/abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('lists mails as JSON for the end-to-end tests, filtered by recipient', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox/api/messages/?to=ada@example.org' });
    expect(response.statusCode).toBe(200);
    const messages = response.json() as Record<string, unknown>[];
    expect(messages.map((m) => m.id)).toEqual([third, first]);
    expect(messages[1]).toMatchObject({
      id: first,
      recipient: 'Ada@Example.org',
      subject: 'Confirm your e-mail address for Confero',
      template: 'auth.verify_email',
      locale: 'en',
      status: 'sent',
      transport: 'devmailbox',
    });
    expect(messages[1]?.text_body).toContain('http://localhost:8000/verify-email?token=first');
    expect(messages[1]?.html_body).toContain('href="http://localhost:8000/verify-email?token=first"');
    expect(new Date(String(messages[1]?.created_at)).toISOString()).toBe(messages[1]?.created_at);
    expect(messages[0]).toMatchObject({ status: 'queued', sent_at: null });

    const all = await app.inject({ method: 'GET', url: '/dev/mailbox/api/messages/' });
    expect((all.json() as unknown[]).length).toBe(3);
    const none = await app.inject({ method: 'GET', url: '/dev/mailbox/api/messages/?to=nobody@example.org' });
    expect(none.json()).toEqual([]);
  });
});

describe('the dev mailbox in production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ isProduction: true, env: 'production' });
    await queueMail(app.db, { to: 'prod@example.org', template: 'auth.password_changed', data: {} });
  });
  afterAll(async () => app.close());

  it.each([
    '/dev/mailbox',
    '/dev/mailbox/1',
    '/dev/mailbox/api/messages/',
    '/dev/mailbox/api/messages/?to=prod@example.org',
  ])('answers 404 at %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'NOT_FOUND', message_code: 'http.notFound' });
    expect(response.body).not.toContain('prod@example.org');
  });
});
