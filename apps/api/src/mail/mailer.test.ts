import { describe, expect, it } from 'vitest';
import { createMailer, isPermanentDeliveryError, smtpOptionsFromUrl } from './mailer.ts';

describe('smtpOptionsFromUrl', () => {
  it('reads host, port, credentials and STARTTLS behaviour from smtp://', () => {
    const options = smtpOptionsFromUrl('smtp://mailer%40example.org:p%40ss%2Fword@mail.example.org:2525');
    expect(options).toMatchObject({
      host: 'mail.example.org',
      port: 2525,
      secure: false,
      auth: { user: 'mailer@example.org', pass: 'p@ss/word' },
    });
    // TLS is only skipped when the URL asks for it.
    expect(options.ignoreTLS).toBeUndefined();
    expect(options.requireTLS).toBeUndefined();
  });

  it('uses implicit TLS on 465 for smtps://', () => {
    expect(smtpOptionsFromUrl('smtps://mail.example.org')).toMatchObject({ secure: true, port: 465 });
    expect(smtpOptionsFromUrl('smtp://mail.example.org')).toMatchObject({ secure: false, port: 587 });
    expect(smtpOptionsFromUrl('smtp://mail.example.org').auth).toBeUndefined();
  });

  it('accepts ignoreTLS, requireTLS and rejectUnauthorized as query options', () => {
    expect(smtpOptionsFromUrl('smtp://127.0.0.1:1025?ignoreTLS=true')).toMatchObject({ ignoreTLS: true });
    expect(smtpOptionsFromUrl('smtp://h?requireTLS=true')).toMatchObject({ requireTLS: true });
    expect(smtpOptionsFromUrl('smtps://h?rejectUnauthorized=false').tls).toEqual({ rejectUnauthorized: false });
  });

  it('refuses unknown options and non-boolean values with a message naming them', () => {
    expect(() => smtpOptionsFromUrl('smtp://h?pool=true')).toThrow(
      'SMTP_URL: unknown option "pool" (supported: ignoreTLS, requireTLS, rejectUnauthorized)',
    );
    expect(() => smtpOptionsFromUrl('smtp://h?ignoreTLS=yes')).toThrow('option ignoreTLS must be true or false');
    expect(() => smtpOptionsFromUrl('http://h')).toThrow('must start with smtp:// or smtps://');
  });
});

describe('createMailer', () => {
  it('uses the dev mailbox without SMTP_URL and SMTP with it', () => {
    expect(createMailer({ smtpUrl: undefined, mailFrom: 'x@y' }).transport).toBe('devmailbox');
    const smtp = createMailer({ smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true', mailFrom: 'x@y' });
    expect(smtp.transport).toBe('smtp');
    smtp.close();
  });
});

describe('isPermanentDeliveryError', () => {
  const smtpError = (fields: { code?: string; responseCode?: number; command?: string }) =>
    Object.assign(new Error('smtp'), fields);

  it.each([
    ['550 to RCPT TO (no such recipient)', { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }, true],
    ['554 after DATA (content refused)', { code: 'EMESSAGE', responseCode: 554, command: 'DATA' }, true],
    ['450 to RCPT TO (mailbox busy)', { code: 'EENVELOPE', responseCode: 450, command: 'RCPT TO' }, false],
    ['451 after DATA', { code: 'EMESSAGE', responseCode: 451, command: 'DATA' }, false],
    ['421 greeting', { code: 'EPROTOCOL', responseCode: 421, command: 'CONN' }, false],
    ['554 greeting', { code: 'EPROTOCOL', responseCode: 554, command: 'CONN' }, false],
    ['535 AUTH (wrong password)', { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }, false],
    ['553 to MAIL FROM (sender refused)', { code: 'EENVELOPE', responseCode: 553, command: 'MAIL FROM' }, false],
    ['connection refused', { code: 'ESOCKET', command: 'CONN' }, false],
    ['DNS failure', { code: 'EDNS', command: 'CONN' }, false],
    ['time-out', { code: 'ETIMEDOUT', command: 'CONN' }, false],
  ])('%s → permanent: %s', (_name, fields, permanent) => {
    expect(isPermanentDeliveryError(smtpError(fields))).toBe(permanent);
  });

  it('treats anything that is not an SMTP error as temporary', () => {
    expect(isPermanentDeliveryError('550')).toBe(false);
    expect(isPermanentDeliveryError(new Error('550 No such user'))).toBe(false);
  });
});
