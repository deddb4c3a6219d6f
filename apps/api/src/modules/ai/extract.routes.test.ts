import fs from 'node:fs';
import path from 'node:path';
import type { ExtractionResponseDto } from '@confero/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildEvent } from '../../../test/factories/events.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { multipartBody } from '../../../test/fixtures/multipart.ts';
import { completion, type FakeOpenAiServer } from '../../../test/fixtures/openai-server.ts';
import { paperFixture } from '../../../test/fixtures/pdf/papers.ts';
import { createClient, signedInClient, type TestClient } from '../../../test/http.ts';
import { type ProviderApps, startProviderApps } from '../../../test/provider-apps.ts';
import { buildMappedPaper } from './extraction/test-papers.ts';

let localApp: TestApp;
let openaiApp: TestApp;
let fake: FakeOpenAiServer;
let apps: ProviderApps | undefined;
let localClient: TestClient;
let openaiClient: TestClient;
let eventId: string;

beforeAll(async () => {
  apps = await startProviderApps();
  ({ fake, local: localApp, openai: openaiApp } = apps);
  const user = await buildUser(localApp);
  localClient = await signedInClient(localApp, user);
  openaiClient = await signedInClient(openaiApp, user);
  eventId = (await buildEvent(localApp, { status: 'active' })).publicId;
});
afterAll(async () => {
  await apps?.close();
});

function extract(
  client: TestClient,
  file: Uint8Array | null,
  options: { filename?: string; contentType?: string } = {},
) {
  const body = multipartBody([
    { name: 'event_id', value: eventId },
    ...(file
      ? [{ name: 'file', filename: options.filename ?? 'paper.pdf', content: file, contentType: options.contentType }]
      : []),
  ]);
  return client.post('/api/ai/extract/', body.payload, { headers: body.headers });
}

function storeIsEmpty(app: TestApp): boolean {
  const files = path.join(app.config.storageDir, 'files');
  return !fs.existsSync(files) || fs.readdirSync(files).length === 0;
}

describe('POST /api/ai/extract/ (local provider)', () => {
  it('extracts title, authors, abstract and keywords from a generated paper of two pages, storing nothing', async () => {
    const fixture = paperFixture('lncs-abstract-over-pages');
    const response = await extract(localClient, await fixture.build());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ExtractionResponseDto;
    expect(body).toMatchObject({
      success: true,
      provider: 'local',
      message: 'The details were extracted from the PDF. Please check them before submitting.',
      message_code: 'ai.extractSuccess',
      page_count: fixture.pageCount,
      unreadable: false,
      data: { title: fixture.truth.title, abstract: fixture.truth.abstract, keywords: fixture.truth.keywords },
    });
    expect(body.data.authors).toMatchObject(
      fixture.truth.authors.map((author, index) => ({ ...author, is_corresponding: index === 0, order: index + 1 })),
    );
    expect(storeIsEmpty(localApp)).toBe(true);
  });

  it('fills no field from a text layer that is not language, and says so', async () => {
    const response = await extract(localClient, await buildMappedPaper('latin', 3));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      provider: 'local',
      message: 'We could not read the text of this PDF; please type the details.',
      message_code: 'ai.extractUnreadable',
      page_count: 1,
      unreadable: true,
      data: { title: '', abstract: '', keywords: [], authors: [] },
    });
    const readable = (await extract(localClient, await buildMappedPaper('latin', 0))).json() as ExtractionResponseDto;
    expect(readable).toMatchObject({ unreadable: false, message_code: 'ai.extractSuccess' });
    expect(readable.data.title).toBe('Seasonal Drift of Phytoplankton Communities in Shallow Lakes');
    expect(storeIsEmpty(localApp)).toBe(true);
  });

  it('gives countries as codes with their names', async () => {
    const fixture = paperFixture('preprint-single-column');
    const response = await extract(localClient, await fixture.build());
    const body = response.json() as ExtractionResponseDto;
    expect(body.data.title).toBe(fixture.truth.title);
    expect(body.data.keywords).toEqual(fixture.truth.keywords);
    expect(body.data.authors[0]).toMatchObject({
      first_name: 'Alice',
      last_name: 'Martin',
      country: 'PT',
      country_name: 'Portugal',
    });
  });

  it('refuses what is not a PDF (415), a corrupt PDF (400), a missing file (400), with an error field', async () => {
    const notPdf = await extract(localClient, new TextEncoder().encode('Just some text, not a PDF at all.'), {
      contentType: 'text/plain',
    });
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'File is not a valid PDF.',
      error: 'File is not a valid PDF.',
    });
    const corrupt = await extract(localClient, new TextEncoder().encode(`%PDF-1.4\n${'x'.repeat(3000)}`));
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json()).toMatchObject({ code: 'INVALID_PDF', error: 'File is not a valid PDF.' });
    const missing = await extract(localClient, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fields: { file: ['Please choose a PDF file first.'] },
      error: 'Please choose a PDF file first.',
    });
    const empty = await extract(localClient, new Uint8Array(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'EMPTY_FILE' });
  });

  it('needs a signed-in caller', async () => {
    const body = multipartBody([{ name: 'file', filename: 'a.pdf', content: '%PDF-1.4' }]);
    const response = await createClient(localApp).post('/api/ai/extract/', body.payload, { headers: body.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/ai/extract/ (openai provider)', () => {
  it('sends the first pages’ text to chat/completions and returns the validated answer', async () => {
    const fixture = paperFixture('ieee-two-column');
    fake.replies.push({
      body: completion(
        '```json\n' +
          JSON.stringify({
            title: '  Model   Title ',
            abstract: 'Model abstract.',
            keywords: ['alpha', ' beta ', ''],
            authors: [
              { first_name: 'Ana', last_name: 'Lima', email: 'ana@example.br', affiliation: 'USP', country: 'Brazil' },
              { first_name: 'Li', last_name: 'Wei', email: null, affiliation: 'PKU', country: 'Nowhere' },
            ],
          }) +
          '\n```',
      ),
    });
    const before = fake.received.length;
    const response = await extract(openaiClient, await fixture.build());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      provider: 'openai',
      message_code: 'ai.extractSuccess',
      data: {
        title: 'Model Title',
        abstract: 'Model abstract.',
        keywords: ['alpha', 'beta'],
        authors: [
          {
            first_name: 'Ana',
            last_name: 'Lima',
            email: 'ana@example.br',
            country: 'BR',
            country_name: 'Brazil',
            is_corresponding: true,
          },
          { first_name: 'Li', last_name: 'Wei', email: '', country: '', country_name: '', is_corresponding: false },
        ],
      },
    });
    const request = fake.received[before];
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.body.model).toBe('test-model');
    const userText = request?.body.messages?.find((message) => message.role === 'user')?.content ?? '';
    expect(userText).toContain('Conflict');
    expect(userText.length).toBeLessThanOrEqual(12_000);
  });

  it('sends nothing to the model from a text layer that is not language, and says so', async () => {
    const before = fake.received.length;
    const response = await extract(openaiClient, await buildMappedPaper('latin', 3));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      provider: 'openai',
      message_code: 'ai.extractUnreadable',
      unreadable: true,
      data: { title: '', abstract: '', keywords: [], authors: [] },
    });
    expect(fake.received.length).toBe(before);
  });

  it('falls back to the local extractor when the answer is malformed or the endpoint fails, and says so', async () => {
    const fixture = paperFixture('preprint-single-column');
    const bytes = await fixture.build();
    fake.replies.push({ body: completion('{"title": 42, "authors": "nobody"}') });
    const malformed = await extract(openaiClient, bytes);
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json()).toMatchObject({
      provider: 'local',
      message_code: 'ai.extractFallback',
      message:
        'The AI service was not available, so the details were extracted locally. Please check them before submitting.',
      data: { title: fixture.truth.title },
    });
    fake.replies.push({ status: 503, body: '{"error":{"message":"overloaded"}}' });
    const down = await extract(openaiClient, bytes);
    expect(down.json()).toMatchObject({ provider: 'local', data: { title: fixture.truth.title } });
    fake.replies.push({ body: completion('I cannot read this paper.') });
    const prose = await extract(openaiClient, bytes);
    expect(prose.json()).toMatchObject({ provider: 'local' });
  });
});
