import type { Database } from '../src/db/client.ts';
import { buildTestApp, openTestDatabase, type TestApp } from './build-test-app.ts';
import { type FakeOpenAiServer, startCompletionsServer } from './fixtures/openai-server.ts';

export type ProviderApps = {
  database: Database;
  /** The stand-in OpenAI server the `openai` app calls. */
  fake: FakeOpenAiServer;
  /** AI_PROVIDER=local. */
  local: TestApp;
  /** AI_PROVIDER=openai on `fake`, key `sk-test-key`, chat model `test-model`. */
  openai: TestApp;
  /** Closes both apps, the database and the server. */
  close: () => Promise<void>;
};

/**
 * What a test of an AI feature compares: an app with the local provider and one with the openai provider on a
 * local stand-in server (`fixtures/openai-server.ts`), sharing one test database. `baseUrl` shapes the address the
 * openai app is given (e.g. with a trailing slash).
 */
export async function startProviderApps(options: { baseUrl?: (url: string) => string } = {}): Promise<ProviderApps> {
  const database = await openTestDatabase();
  const fake = await startCompletionsServer();
  const local = await buildTestApp({}, { database });
  const openai = await buildTestApp(
    {
      ai: {
        provider: 'openai',
        baseUrl: options.baseUrl ? options.baseUrl(fake.url) : fake.url,
        apiKey: 'sk-test-key',
        model: 'test-model',
      },
    },
    { database },
  );
  return {
    database,
    fake,
    local,
    openai,
    close: async () => {
      await local.close();
      await openai.close();
      await database.close();
      await fake.close();
    },
  };
}
