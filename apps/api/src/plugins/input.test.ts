import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type BuiltEvent, buildEvent } from '../../test/factories/events.ts';
import { type BuiltUser, buildUser } from '../../test/factories/users.ts';
import { multipartBody } from '../../test/fixtures/multipart.ts';
import { buildPaperPdf } from '../../test/fixtures/submission-pdf.ts';
import { createClient, signedInClient, type TestClient } from '../../test/http.ts';
import { events, rateLimits, submissions, users } from '../db/schema/index.ts';
import { findForbiddenText, hasForbiddenCharacter } from './input.ts';

let app: TestApp;
let user: BuiltUser;
let client: TestClient;
let event: BuiltEvent;
beforeAll(async () => {
  app = await buildTestApp();
  user = await buildUser(app);
  client = await signedInClient(app, user);
  event = await buildEvent(app, { status: 'active' });
});
afterAll(async () => app.close());

const CONTROL_TEXT = 'Remove the invisible control characters from this field.';

/** The answer of the input boundary for `field`. */
function refusal(field: string) {
  return {
    detail: `${field}: ${CONTROL_TEXT}`,
    code: 'VALIDATION_ERROR',
    message_code: 'validation.controlCharacters',
    fields: { [field]: [CONTROL_TEXT] },
    field_codes: { [field]: ['validation.controlCharacters'] },
  };
}

describe('which characters are refused', () => {
  it('refuses C0 controls but tab, LF and CR; DEL; U+FFFE and U+FFFF; unpaired surrogates', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
      0x7f,
      0xfffe,
      0xffff,
    ];
    for (const code of refused) expect(hasForbiddenCharacter(`a${String.fromCharCode(code)}b`), `${code}`).toBe(true);
    expect(hasForbiddenCharacter('a\ud800b')).toBe(true);
    expect(hasForbiddenCharacter('a\udc00')).toBe(true);
    for (const text of ['line one\r\n\tline two', 'مرحبا بالعالم', 'emoji 😀 pair', 'é\u00a0\u200f\u0080', '']) {
      expect(hasForbiddenCharacter(text), text).toBe(false);
    }
  });

  it('names the path of a string or a key at any depth, and inside JSON held as text', () => {
    expect(findForbiddenText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findForbiddenText({ location: { 'ci\u0001ty': 'Cairo' } })).toBe('location.ci\u0001ty');
    expect(findForbiddenText({ authors: '[{"first_name":"A\\u0000"}]' })).toBe('authors.0.first_name');
    expect(findForbiddenText({ note: '[not json \\u0000' })).toBeUndefined();
    expect(findForbiddenText({ n: 1, b: true, z: null, list: ['fine'] })).toBeUndefined();
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0007';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findForbiddenText(deep)).toBe(Array.from({ length: 200_000 }, () => '0').join('.'));
  });
});

describe('the input boundary', () => {
  it('answers a NUL in the sign-in e-mail with 400 naming the field, before anything is counted or read', async () => {
    const stranger = await buildUser(app);
    const anonymous = createClient(app);
    const response = await anonymous.post('/api/auth/login/', {
      email: `${stranger.email}\u0000`,
      password: stranger.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('email'));
    const counters = await app.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:address:${anonymous.ip}`));
    expect(counters).toEqual([]);
    const [row] = await app.db.select().from(users).where(eq(users.id, stranger.id));
    expect(row?.lastLoginAt).toBeNull();
  });

  it('refuses a control character in a query parameter', async () => {
    const response = await client.get('/api/events/?search=peer%01review');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('search'));
    expect((await client.get('/api/events/?search=peer%20review')).statusCode).toBe(200);
  });

  it('refuses a control character in a route parameter', async () => {
    const response = await client.get(`/api/events/${event.publicId}%07/`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('id'));
    expect((await client.get(`/api/events/${event.publicId}/`)).statusCode).toBe(200);
  });

  it('refuses a control character in a nested JSON field, and creates nothing', async () => {
    const body = (title: string, city: string) => ({
      title,
      description: 'Two days on the boundaries of input.',
      type: 'conference',
      start_date: '2030-06-10',
      end_date: '2030-06-12',
      submission_deadline: '2030-03-01',
      review_deadline: '2030-04-01',
      notification_date: '2030-05-01',
      primary_research_area: 'computer_science',
      location: { venue: 'Cairo ICC', city, country: 'Egypt' },
    });
    const refused = await client.post('/api/events/create/', body('Boundary Conference', 'Cai\u001bro'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal('location.city'));
    expect(await app.db.select().from(events).where(eq(events.title, 'Boundary Conference'))).toEqual([]);

    const created = await client.post('/api/events/create/', body('Clean Conference', 'Cairo'));
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses a lone surrogate and DEL, and keeps tab and line breaks of multi-line text', async () => {
    for (const [field, value] of [
      ['bio', 'half of a pair \ud83d'],
      ['last_name', 'Haddad\u007f'],
    ] as const) {
      const response = await client.put('/api/users/profile/', { [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal(field));
    }
    const bio = 'First line.\r\nSecond line,\tindented.\nThird.';
    const kept = await client.put('/api/users/profile/', { bio });
    expect(kept.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.bio).toBe(bio);
    expect(row?.lastName).toBe(user.lastName);
  });

  it('refuses a control character in a multipart text field and in JSON a field holds, and stores no submission', async () => {
    const paper = await buildPaperPdf({ title: 'Boundary paper' });
    const authors = (firstName: string) =>
      JSON.stringify([
        { first_name: firstName, last_name: 'Author', email: user.email, affiliation: 'U', country: 'EG' },
      ]);
    for (const [field, parts] of [
      ['abstract', { abstract: 'An abstract\u0000 with a NUL.', authors: authors('Alice') }],
      ['authors.0.first_name', { abstract: 'A clean abstract.', authors: authors('Ali\u0008ce') }],
    ] as const) {
      const body = multipartBody([
        { name: 'title', value: 'Boundary paper' },
        { name: 'abstract', value: parts.abstract },
        { name: 'keywords', value: 'boundary, input, control characters' },
        { name: 'event', value: event.publicId },
        { name: 'authors', value: parts.authors },
        { name: 'file', filename: 'paper.pdf', content: paper },
      ]);
      const response = await client.post('/api/submissions/', body.payload, { headers: body.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject(refusal(field));
    }
    expect(await app.db.select().from(submissions).where(eq(submissions.title, 'Boundary paper'))).toEqual([]);
  });

  it('answers a deeply nested JSON body without a 500', async () => {
    const depth = 100_000;
    const response = await client.post('/api/events/create/', `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});

describe("the router's and parser's refusals", () => {
  const requestId = 'boundary-1';

  it.each([
    ['a lone %', '/api/events/%/'],
    ['a broken escape', '/api/events/%E0%A4%A/'],
  ])('answers a malformed URL (%s) with 400 in the API shape', async (_name, url) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'x-request-id': requestId } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The URL is malformed.',
      code: 'BAD_REQUEST',
      message_code: 'http.urlMalformed',
    });
    expect(response.headers['x-request-id']).toBe(requestId);
  });

  it('answers an over-long route parameter with 414 in the API shape', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/events/${'a'.repeat(101)}/` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      detail: 'A part of the URL is too long.',
      code: 'BAD_REQUEST',
      message_code: 'http.urlPartTooLong',
    });
  });

  it('answers a malformed escape in the query string without a 500', async () => {
    const response = await client.get('/api/events/?search=%E0%A4%A');
    expect(response.statusCode).toBe(200);
  });

  it('answers bad JSON, an unsupported content type and a body too large in the API shape', async () => {
    const anonymous = createClient(app);
    const post = (payload: string | Buffer, contentType: string) =>
      anonymous.post('/api/auth/login/', payload, { headers: { 'content-type': contentType } });
    const badJson = await post('{"email":', 'application/json');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({
      detail: 'The JSON body is not valid JSON.',
      code: 'BAD_REQUEST',
      message_code: 'http.jsonInvalid',
    });
    const xml = await post('<email>a</email>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({
      detail: 'Unsupported media type.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message_code: 'http.unsupportedMediaType',
    });
    const large = await post(
      JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(2 * 1024 * 1024) }),
      'application/json',
    );
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({
      detail: 'The request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
      message_code: 'http.bodyTooLarge',
    });
  });
});
