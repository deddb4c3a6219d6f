/**
 * The API tests' local stand-in for an OpenAI-compatible server (`apps/api/test/fixtures/openai-server.ts`), run on
 * its own so that `run.ts --provider openai` can be tried without any network: its embeddings are hashed bags of
 * words (64 dimensions), a lexical smoke test of the path, not a model. Usage (Node 24, from the repository root):
 *
 *   npx node bench/affinity/stand-in.ts        # prints the AI_BASE_URL to use; Ctrl-C stops it
 */
import { startCompletionsServer } from '../../apps/api/test/fixtures/openai-server.ts';

const server = await startCompletionsServer();
console.log(`AI_BASE_URL=${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
