import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { completion, type FakeOpenAiServer } from '../../../test/fixtures/openai-server.ts';
import { createClient, signedInClient, type TestClient } from '../../../test/http.ts';
import { type ProviderApps, startProviderApps } from '../../../test/provider-apps.ts';
import type { Database } from '../../db/client.ts';

let database: Database;
let localApp: TestApp;
let openaiApp: TestApp;
let fake: FakeOpenAiServer;
let apps: ProviderApps | undefined;
let localClient: TestClient;
let openaiClient: TestClient;

beforeAll(async () => {
  apps = await startProviderApps({ baseUrl: (url) => `${url}/` });
  ({ database, fake, local: localApp, openai: openaiApp } = apps);
  const user = await buildUser(localApp);
  localClient = await signedInClient(localApp, user);
  openaiClient = await signedInClient(openaiApp, user);
});
afterAll(async () => {
  await apps?.close();
});

const DESCRIPTION =
  'the workshop on fair ranking meets in Lyon on 2030-06-10. topics include exposure, auditing, and user studies.';

describe('POST /api/ai/rewrite-description/ with the local provider', () => {
  it('tidies and structures the description offline and says which provider did it', async () => {
    const response = await localClient.post('/api/ai/rewrite-description/', { event_description: DESCRIPTION });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provider: 'local',
      rewritten_description:
        'The workshop on fair ranking meets in Lyon on 2030-06-10.\n\nTopics include:\n- exposure;\n- auditing; and\n- user studies.',
    });
  });

  it('asks for a description first (the spec message), and is for signed-in users only', async () => {
    for (const body of [{ event_description: '   ' }, {}, { event_description: null }]) {
      const response = await localClient.post('/api/ai/rewrite-description/', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        detail: 'Please enter a description before rewriting',
        fields: { event_description: ['Please enter a description before rewriting'] },
        field_codes: { event_description: ['ai.descriptionRequired'] },
      });
    }
    const tooLong = await localClient.post('/api/ai/rewrite-description/', { event_description: 'x'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(400);
    const anonymous = await createClient(localApp).post('/api/ai/rewrite-description/', {
      event_description: DESCRIPTION,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/ai/rewrite-description/ with the openai provider', () => {
  it('sends the description to {AI_BASE_URL}/chat/completions with the model and key, and returns the text', async () => {
    fake.replies.push({ body: completion('\n  The Workshop on Fair Ranking meets in Lyon on 2030-06-10.  \n') });
    const before = fake.received.length;
    const response = await openaiClient.post('/api/ai/rewrite-description/', { event_description: DESCRIPTION });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provider: 'openai',
      rewritten_description: 'The Workshop on Fair Ranking meets in Lyon on 2030-06-10.',
    });
    const request = fake.received[before];
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.body).toMatchObject({ model: 'test-model' });
    const messages = request?.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toBe(DESCRIPTION);
    expect(messages[0]?.content).toContain('Add no fact');
  });

  it('removes a code fence around the answer', async () => {
    fake.replies.push({ body: completion('```text\nA tidy description.\n```') });
    const response = await openaiClient.post('/api/ai/rewrite-description/', { event_description: DESCRIPTION });
    expect(response.json()).toMatchObject({ rewritten_description: 'A tidy description.' });
  });

  it.each([
    ['an error status', { status: 500, body: '{"error":{"message":"overloaded"}}' }],
    ['a 401 from the endpoint', { status: 401, body: '{"error":{"message":"bad key"}}' }],
    ['invalid JSON', { body: 'not json' }],
    ['no message', { body: JSON.stringify({ choices: [] }) }],
    ['an empty text', { body: completion('   ') }],
    ['a text that is not a string', { body: completion(42) }],
    ['a text far longer than the description', { body: completion('word '.repeat(2_000)) }],
  ])('answers 502 AI_UNAVAILABLE for %s, without internals', async (_name, reply) => {
    fake.replies.push(reply);
    const response = await openaiClient.post('/api/ai/rewrite-description/', { event_description: DESCRIPTION });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      detail: 'The AI service is not available right now. Please try again later.',
      code: 'AI_UNAVAILABLE',
      message_code: 'ai.unavailable',
    });
  });

  it('answers 502 when the endpoint cannot be reached', async () => {
    const unreachable = await buildTestApp(
      { ai: { provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'test-model' } },
      { database },
    );
    try {
      const client = await signedInClient(unreachable, await buildUser(unreachable));
      const response = await client.post('/api/ai/rewrite-description/', { event_description: DESCRIPTION });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'AI_UNAVAILABLE' });
    } finally {
      await unreachable.close();
    }
  });
});
