import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const entryPoints = path.resolve(import.meta.dirname, '../src');

/**
 * How long a test that starts a server may take per start: the server loads its sources, migrates the database
 * and creates the admin before it listens, which takes minutes on a loaded two-core machine.
 */
export const STARTUP_TIMEOUT = 150_000;

export type EntryProcess = {
  child: ChildProcess;
  /** Standard output and error so far, interleaved as they came. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
};

/**
 * Runs an entry point (`server.ts`, `worker.ts`) in a real Node process, as `npm start` and `npm run worker` do,
 * with only PATH from this environment: a random port, warnings only, and the cheapest password hash unless `env`
 * says otherwise.
 */
export function spawnEntryPoint(entry: 'server.ts' | 'worker.ts', env: Record<string, string>): EntryProcess {
  const child = spawn(process.execPath, [path.join(entryPoints, entry)], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', PASSWORD_HASH_LOG2_N: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Waits for the server's "listening on" line and returns its address; fails with the output if it exits first,
 * or ends it and fails when it has not started in time.
 */
export function listeningUrl(server: EntryProcess, timeoutMs = STARTUP_TIMEOUT - 10_000): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${server.output()}`));
    }, timeoutMs);
    const check = () => {
      const match = /listening on (http:\/\/[^,\s]+)/.exec(server.stdout());
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    server.child.stdout?.on('data', check);
    check();
    void server.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${server.output()}`));
    });
  });
}

/** Starts the server and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<EntryProcess & { url: string }> {
  const server = spawnEntryPoint('server.ts', env);
  return { ...server, url: await listeningUrl(server) };
}
