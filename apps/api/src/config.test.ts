import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'confero-config-'));
}

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('works with nothing set and generates a persistent secret in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8000',
      databaseUrl: undefined,
    });
    expect(first.maxUploadBytes).toBe(20 * 1024 * 1024);
    expect(first.storageDir).toBe(path.join(dir, 'files'));
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, 'secret'), 'utf8').trim()).toBe(first.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
  });

  it('names every wrong variable in one message', () => {
    const problems = problemsOf({
      DATA_DIR: tempDir(),
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://mail',
      ADMIN_EMAIL: 'not-an-email',
      MAX_UPLOAD_MB: '0',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      ['ADMIN_EMAIL', 'DATABASE_URL', 'MAX_UPLOAD_MB', 'PORT', 'SMTP_URL'].sort(),
    );
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toContain('postgres://');
  });

  it('requires SECRET_KEY in production and AI_BASE_URL for the openai provider', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), NODE_ENV: 'production', AI_PROVIDER: 'openai' })).toEqual([
      'SECRET_KEY: required when NODE_ENV=production',
      'AI_BASE_URL: required when AI_PROVIDER=openai',
    ]);
  });

  it('treats empty variables as unset and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PUBLIC_URL: 'https://confero.example.org/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://confero.example.org');
  });
});
