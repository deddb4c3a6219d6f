import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createClient } from '../../test/http.ts';
import { isPublicPath, MORE_ANSWERS, operationIdOf } from './openapi.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Schema = Record<string, unknown> & { $ref?: string; properties?: Record<string, Schema>; required?: string[] };
type MediaTypes = Record<string, { schema: Schema }>;
type Response = { $ref?: string; description?: string; content?: MediaTypes };
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: MediaTypes };
  responses: Record<string, Response>;
};
type Document = {
  openapi: string;
  security: Record<string, string[]>[];
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, Record<string, string>>;
  };
};

let app: TestApp;
let document: Document;
beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://confero.test' });
  document = app.swagger() as unknown as Document;
});
afterAll(async () => app.close());

function operations(): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([pathName, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method: method.toUpperCase(), path: pathName, operation }] : [];
    }),
  );
}

function operation(method: (typeof METHODS)[number], pathName: string): Operation {
  const found = document.paths[pathName]?.[method];
  if (!found) throw new Error(`no ${method} ${pathName} in the document`);
  return found;
}

/** The error body schema a response refers to, through components.responses. */
function errorSchemaOf(response: Response | undefined): string | undefined {
  const name = response?.$ref?.replace('#/components/responses/', '');
  return name ? document.components.responses[name]?.content?.['application/json']?.schema.$ref : undefined;
}

describe('the OpenAPI document', () => {
  it('passes Redocly lint (recommended rules, redocly.yaml) without an error', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(document));
      const result = spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules/.bin/redocly'),
          'lint',
          file,
          '--config',
          path.join(root, 'redocly.yaml'),
          '--format=json',
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      const report = JSON.parse(result.stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
      expect(errors, result.stderr).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(result.status, result.stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is OpenAPI 3.1, where a nullable field is a null type', () => {
    expect(document.openapi).toBe('3.1.0');
    const submission = operation('get', '/api/submissions/{id}/').responses['200']?.content?.['application/json'];
    expect(submission?.schema.properties?.track).toEqual({ type: ['string', 'null'] });
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  it('gives every operation a unique operationId derived from method and path, and its tags', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(80);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(all.length);
    for (const { operation } of all) expect(operation.tags?.length, operation.operationId).toBeGreaterThan(0);
    expect(operation('delete', '/api/events/{id}/tracks/{track_id}/').operationId).toBe(
      'deleteEventsByIdTracksByTrackId',
    );
    expect(operationIdOf('POST', '/api/auth/password-reset/request_reset/')).toBe('postAuthPasswordResetRequestReset');
  });

  it('declares the access token once (cookie and Bearer), and `security: []` on public operations only', () => {
    expect(document.components.securitySchemes.cookieAuth).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'access_token',
    });
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(operation('post', '/api/auth/login/').security).toEqual([]);
    expect(operation('get', '/api/health/').security).toEqual([]);
    expect(operation('get', '/api/submissions/{id}/').security).toBeUndefined();
  });

  it('answers errors with the one Error component: 404 for an id, 400 for input, 401 when signed in, and 5XX', () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['detail', 'code', 'message_code'],
      properties: { detail: { type: 'string' }, code: { type: 'string' } },
    });
    const detail = operation('get', '/api/submissions/{id}/').responses;
    expect(Object.keys(detail).sort()).toEqual(['200', '400', '401', '403', '404', '5XX']);
    for (const status of ['400', '401', '403', '404', '5XX']) {
      expect(errorSchemaOf(detail[status]), status).toBe('#/components/schemas/Error');
    }
    expect(Object.keys(operation('get', '/api/health/').responses)).toEqual(['200', '5XX']);
    const login = operation('post', '/api/auth/login/').responses;
    expect(Object.keys(login).sort()).toEqual(['200', '400', '401', '403', '413', '415', '429', '5XX']);
    expect(Object.keys(operation('post', '/api/submissions/{id}/make_decision/').responses)).toContain('409');
  });

  it('documents the multipart bodies of the uploads: the PDF as binary and the text fields', () => {
    const create = operation('post', '/api/submissions/').requestBody?.content;
    expect(Object.keys(create ?? {})).toEqual(['multipart/form-data']);
    const form = create?.['multipart/form-data']?.schema;
    expect(form?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form?.properties?.authors).toMatchObject({ type: 'string' });
    expect(form?.properties?.keywords).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(form?.required).toEqual(['title', 'abstract', 'keywords', 'event', 'authors', 'file']);

    const update = operation('patch', '/api/submissions/{id}/').requestBody?.content;
    expect(Object.keys(update ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(update?.['multipart/form-data']?.schema.properties?.file).toMatchObject({ format: 'binary' });
    expect(update?.['multipart/form-data']?.schema.required).toBeUndefined();

    const extract = operation('post', '/api/ai/extract/').requestBody?.content?.['multipart/form-data']?.schema;
    expect(extract?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(extract?.required).toEqual(['file']);
    const download = operation('get', '/api/submissions/{id}/download_file/').responses['200']?.content;
    expect(download?.['application/pdf']?.schema).toEqual({ type: 'string', format: 'binary' });
  });

  it('names only operations that exist in its table of further answers', () => {
    const ids = new Set(operations().map(({ operation }) => operation.operationId));
    for (const key of Object.keys(MORE_ANSWERS)) {
      const [method = '', url = ''] = key.split(' ');
      expect(ids.has(operationIdOf(method, url)), key).toBe(true);
    }
  });

  it('tells the truth about sign-in: anonymous calls get 401 exactly where the document asks for a token', async () => {
    const client = createClient(app);
    const wrong: string[] = [];
    for (const { method, path: pathName, operation } of operations()) {
      const url = pathName.replace(/\{[^}]+\}/g, '1');
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const response = await client.request(method as 'GET', url, body);
      const documented = Object.keys(operation.responses);
      const status = response.statusCode >= 500 ? '5XX' : String(response.statusCode);
      const code = response.statusCode >= 400 ? response.json().code : undefined;
      const signedIn = operation.security === undefined;
      if (signedIn !== !isPublicPath(pathName)) wrong.push(`${method} ${pathName}: security does not follow the path`);
      if (!documented.includes(status)) wrong.push(`${method} ${pathName}: ${status} is not documented`);
      if (signedIn && code !== 'NOT_AUTHENTICATED') wrong.push(`${method} ${pathName}: ${status} ${code}, not 401`);
      if (!signedIn && code === 'NOT_AUTHENTICATED') wrong.push(`${method} ${pathName}: public, but 401`);
      if (response.statusCode >= 400) {
        expect(typeof response.json().detail, `${method} ${pathName}`).toBe('string');
      }
    }
    expect(wrong).toEqual([]);
  });
});
