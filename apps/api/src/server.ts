import { buildApp } from './app.ts';
import { ensureAdmin } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Entry point: configuration, app, first admin, listen, graceful close on SIGINT/SIGTERM. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  await ensureAdmin(app.db, config, (lines) => console.log(lines.join('\n')));
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  const address = await app.listen({ port: config.port, host: config.host });
  console.log(`Confero is running on ${config.publicUrl} (listening on ${address}, database: ${app.dbKind})`);
}

await main();
