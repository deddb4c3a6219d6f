import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl, type StorageSettings, StorageUrlError } from './lib/storage-settings.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as http://localhost:8000' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Confero <no-reply@localhost>'),
  STORAGE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(file|s3):\/\//, 'must be a file:// URL (a local folder) or an s3:// URL (a bucket)')
      .optional(),
  ),
  SECRET_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: optionalString,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_EMBEDDING_MODEL: optionalString,
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  WEB_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(256).optional()),
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(500),
  SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).default(500),
  SHED_MAX_DB_WAITING: z.coerce.number().int().min(1).default(50),
  SHED_MAX_QUEUE_DELAY_MS: z.coerce.number().int().min(10).default(300),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  WORKER_HEALTH_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  /** Read by lib/worker-pool.ts itself (each process's pool); checked here so a wrong value stops the start. */
  WORKER_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(256).optional()),
  LIST_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(64),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * How a mail whose delivery failed for a temporary reason is retried: for `windowMs` after it was queued (or
   * retried by an operator), waiting `baseBackoffMs` doubled per try up to `maxBackoffMs`, jittered. Defaults:
   * 48 hours, 30 s, 30 minutes (tests shrink them).
   */
  mailRetry: { windowMs: number; baseBackoffMs: number; maxBackoffMs: number };
  /** Where uploaded files go (STORAGE_URL): a local folder or an S3 bucket. */
  storage: StorageSettings;
  /** The local store's folder (STORAGE_URL's file:// path, else DATA_DIR/files); unused with an S3 bucket. */
  storageDir: string;
  secretKey: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  ai: { provider: 'local' | 'openai'; baseUrl?: string; apiKey?: string; model?: string; embeddingModel?: string };
  maxUploadBytes: number;
  logLevel: string;
  runJobs: boolean;
  trustProxy: boolean;
  /** Multiplies every per-route rate limit (end-to-end suites that sign up many users from one address). */
  rateLimitScale: number;
  /** HTTP server processes (WEB_CONCURRENCY): 1 serves in this process; more fork workers (PostgreSQL only). */
  webConcurrency: number;
  /**
   * Load shedding (plugins/overload.ts): a request is answered 503 SERVER_BUSY at once while this process has more
   * than `maxInFlight` requests open, its event loop lags more than `maxEventLoopDelayMs`, more than
   * `maxDbWaiting` queries wait for a database connection, or its reads queue longer than `maxQueueDelayMs`.
   */
  overload: { maxInFlight: number; maxEventLoopDelayMs: number; maxDbWaiting: number; maxQueueDelayMs: number };
  /** The bearer token GET /metrics requires (METRICS_TOKEN); without one, production answers loopback only. */
  metricsToken: string | undefined;
  /** Where `npm run worker` answers GET /health (WORKER_HEALTH_PORT); no health endpoint when unset. */
  workerHealthPort: number | undefined;
  /** The bytes each process keeps of built submissions lists (LIST_CACHE_MB; 0 keeps none). */
  listCacheBytes: number;
  /** Directory of the built web app; absent in API-only runs. */
  webDist: string | undefined;
  /** Directory holding locales/{lng}/translation.json. */
  localesDir: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Parses the environment once. Every wrong variable is reported by name, so a
 * misconfigured start fails with one clear message instead of a stack trace.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.SECRET_KEY) problems.push('SECRET_KEY: required when NODE_ENV=production');
  if (e.AI_PROVIDER === 'openai' && !e.AI_BASE_URL) problems.push('AI_BASE_URL: required when AI_PROVIDER=openai');
  if (!e.DATABASE_URL && e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1) {
    problems.push(
      'WEB_CONCURRENCY: must be 1 on the embedded database (one process owns DATA_DIR); set DATABASE_URL (PostgreSQL) to run several server processes',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let storage: StorageSettings = { kind: 'local', dir: path.join(dataDir, 'files') };
  try {
    storage = parseStorageUrl(e.STORAGE_URL, { dataDir, fallbackRegion: env.AWS_REGION ?? env.AWS_DEFAULT_REGION });
  } catch (error) {
    if (!(error instanceof StorageUrlError)) throw error;
    problems.push(`STORAGE_URL: ${error.message}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const storageDir = storage.kind === 'local' ? storage.dir : path.join(dataDir, 'files');
  const webDist = path.join(repoRoot, 'apps/web/dist');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetry: { windowMs: 48 * 60 * 60_000, baseBackoffMs: 30_000, maxBackoffMs: 30 * 60_000 },
    storage,
    storageDir,
    secretKey: e.SECRET_KEY ?? readOrCreateSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      embeddingModel: e.AI_EMBEDDING_MODEL,
    },
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
    runJobs: e.RUN_JOBS === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitScale: e.RATE_LIMIT_SCALE,
    webConcurrency: e.WEB_CONCURRENCY ?? (isProduction && e.DATABASE_URL ? os.availableParallelism() : 1),
    overload: {
      maxInFlight: e.SHED_MAX_IN_FLIGHT,
      maxEventLoopDelayMs: e.SHED_MAX_EVENT_LOOP_DELAY_MS,
      maxDbWaiting: e.SHED_MAX_DB_WAITING,
      maxQueueDelayMs: e.SHED_MAX_QUEUE_DELAY_MS,
    },
    metricsToken: e.METRICS_TOKEN,
    workerHealthPort: e.WORKER_HEALTH_PORT,
    listCacheBytes: e.LIST_CACHE_MB * 1024 * 1024,
    webDist: fs.existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    localesDir: path.join(repoRoot, 'packages/i18n/locales'),
    ...overrides,
  };
}

/**
 * The generated secret lives in DATA_DIR/secret so restarts keep sessions valid. A new secret is written in full
 * to a file of this process, then linked into place (which fails when the name exists): of two processes starting
 * together on a new directory, the later one reads the earlier one's secret, never a half-written file.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, `${secret}\n`, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
