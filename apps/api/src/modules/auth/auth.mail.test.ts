import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createClient } from '../../../test/http.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';

/** The accounts mails travel through a real (in-process) SMTP server, and their links work. */
let smtp: TestSmtpServer;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

function linkFrom(text: string, pathPrefix: string): URL {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`no ${pathPrefix} link in: ${text}`);
}

describe('accounts mail over SMTP', () => {
  it('delivers the verification mail in the browser language, and its link verifies the account', async () => {
    const email = `smtp.${Date.now()}@example.org`;
    const client = createClient(app);
    const registered = await client.post(
      '/api/auth/register/',
      {
        email,
        password: 'Cedar-Lighthouse-62',
        password2: 'Cedar-Lighthouse-62',
        first_name: 'Yusuf',
        last_name: 'Amin',
        country: 'SA',
        affiliation: 'KAUST',
      },
      { headers: { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5' } },
    );
    expect(registered.statusCode).toBe(201);
    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    expect(user?.locale).toBe('ar');

    expect(await app.jobs.runPending()).toBeGreaterThanOrEqual(1);
    const [message] = await smtp.waitForMessages(1);
    expect(message?.envelope.to).toEqual([email]);
    expect(message?.text).toContain('Yusuf');
    expect(message?.subject).toMatch(/[\u0600-\u06FF]/);
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(row).toMatchObject({ status: 'sent', template: 'auth.verify_email', locale: 'ar' });

    const link = linkFrom(message?.text ?? '', '/verify-email');
    const verified = await client.post('/api/auth/verify-email/', { token: link.searchParams.get('token') });
    expect(verified.statusCode).toBe(200);
    expect((await client.login(email, 'Cedar-Lighthouse-62')).json().email).toBe(email);
  });
});
