import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { compileSerializer, toSerializerSchema } from './serializer.ts';

const write = (schema: z.ZodType, data: unknown) => JSON.parse(compileSerializer(schema)(data));

describe('compiled response serializers', () => {
  it('writes only the declared keys, at every depth (objects, arrays, nullable objects, records of objects)', () => {
    const Person = z.object({ name: z.string() });
    const schema = z.object({
      person: Person,
      people: z.array(Person),
      maybe: Person.nullable(),
      byId: z.record(z.string(), Person),
    });
    const leaked = { name: 'Ada', password: 'hunter2' };
    expect(write(schema, { person: leaked, people: [leaked], maybe: leaked, byId: { a: leaked }, token: 't' })).toEqual(
      {
        person: { name: 'Ada' },
        people: [{ name: 'Ada' }],
        maybe: { name: 'Ada' },
        byId: { a: { name: 'Ada' } },
      },
    );
    expect(write(schema, { person: leaked, people: [], maybe: null, byId: {} }).maybe).toBeNull();
  });

  it('writes null, optional keys left out, dates as ISO text and integers as zod declared them', () => {
    const schema = z.object({
      title: z.string().nullable(),
      note: z.string().optional(),
      both: z.string().nullish(),
      at: z.date(),
      iso: z.iso.datetime(),
      count: z.number().int(),
      score: z.number().nullable(),
      extra: z.unknown(),
    });
    const at = new Date('2026-01-02T03:04:05.678Z');
    const out = compileSerializer(schema)({
      title: null,
      at,
      iso: at,
      count: 3,
      score: 2.5,
      extra: { deep: [1, 'x'] },
    });
    expect(JSON.parse(out)).toEqual({
      title: null,
      at: '2026-01-02T03:04:05.678Z',
      iso: '2026-01-02T03:04:05.678Z',
      count: 3,
      score: 2.5,
      extra: { deep: [1, 'x'] },
    });
    expect(out).not.toContain('note');
    expect(out).not.toContain('both');
  });

  it('refuses a response that lacks a required key (a presenter bug surfaces as a 500, as zod made it)', () => {
    expect(() => compileSerializer(z.object({ id: z.number() }))({})).toThrow(/"id" is required/);
  });

  it('writes each option of a discriminated union with its own keys, whatever extra keys the value holds', () => {
    const schema = z.array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('text'), text: z.string() }),
        z.object({ kind: z.enum(['score', 'grade']), value: z.number() }),
        z.object({ kind: z.literal('none') }),
      ]),
    );
    expect(
      write(schema, [
        { kind: 'text', text: 'a', value: 1, secret: 's' },
        { kind: 'grade', text: 'b', value: 2 },
        { kind: 'none', text: 'c' },
      ]),
    ).toEqual([{ kind: 'text', text: 'a' }, { kind: 'grade', value: 2 }, { kind: 'none' }]);
  });

  it('tries the options of a plain union in order, as zod does, and writes the matching one only', () => {
    const schema = z.union([z.object({ a: z.string() }), z.object({ b: z.number() }), z.string()]);
    expect(write(schema, { a: 'x', b: 1, c: 2 })).toEqual({ a: 'x' });
    expect(write(schema, { b: 1, c: 2 })).toEqual({ b: 1 });
    expect(write(schema, 'plain')).toBe('plain');
    expect(write(z.union([z.string(), z.number()]).nullable(), 4)).toBe(4);
    expect(toSerializerSchema(z.union([z.string(), z.number()]).nullable())).toEqual({
      type: ['string', 'number', 'null'],
    });
  });

  it('tells an array from a page object by its type alone (a list answered whole or by pages)', () => {
    const Row = z.object({ id: z.number() });
    const schema = z.union([z.array(Row), z.object({ count: z.number(), results: z.array(Row) })]);
    const compiledSchema = toSerializerSchema(schema);
    expect(compiledSchema.if).toEqual({ type: 'array' });
    expect(compiledSchema.then).toMatchObject({ type: 'array' });
    expect(write(schema, [{ id: 1, secret: 's' }])).toEqual([{ id: 1 }]);
    expect(write(schema, { count: 1, results: [{ id: 2, secret: 's' }], next: 'x' })).toEqual({
      count: 1,
      results: [{ id: 2 }],
    });
  });

  it('writes the values of literals and enums as given (never a constant in their place)', () => {
    const schema = z.object({ flag: z.literal(true), status: z.enum(['a', 'b']), mark: z.literal(['x', 'y']) });
    expect(write(schema, { flag: true, status: 'b', mark: 'y' })).toEqual({ flag: true, status: 'b', mark: 'y' });
  });

  it('writes every key of a record, only the listed keys of a record over an enum, and every key of a loose object', () => {
    expect(write(z.record(z.string(), z.number()), { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(write(z.record(z.enum(['a', 'b']), z.number()), { a: 1, b: 2, c: 3 })).toEqual({ a: 1, b: 2 });
    expect(write(z.looseObject({ a: z.number() }), { a: 1, more: 'kept' })).toEqual({ a: 1, more: 'kept' });
  });

  it('refuses at compile time what a schema alone cannot write: transforms, custom checks, lazy schemas', () => {
    expect(() => compileSerializer(z.object({ a: z.string().transform((s) => s.length) }), 'GET /x/ (200)')).toThrow(
      /GET \/x\/ \(200\): response schema: a transform at #\/properties\/a/,
    );
    expect(() => compileSerializer(z.object({ a: z.custom<string>() }))).toThrow(/a custom schema/);
    expect(() => compileSerializer(z.object({ a: z.lazy(() => z.string()) }))).toThrow(/a lazy schema/);
  });

  it('compiles each schema once, however many routes answer with it', () => {
    const schema = z.object({ a: z.string() });
    expect(compileSerializer(schema)).toBe(compileSerializer(schema));
  });
});

describe('the app answers through the compiled serializers', () => {
  let app: TestApp;
  const Answer = z.object({
    id: z.number().int(),
    title: z.string(),
    authors: z.array(z.object({ name: z.string() })),
    created: z.iso.datetime(),
  });

  beforeAll(async () => {
    // No load shedding here: the start of a test app on a busy machine can look like a saturated event loop.
    app = await buildTestApp(
      { overload: { maxInFlight: 1000, maxEventLoopDelayMs: 60_000, maxDbWaiting: 1000, maxQueueDelayMs: 60_000 } },
      {
        beforeReady: (instance: FastifyInstance) => {
          instance.get('/api/test/leaky/', { schema: { response: { 200: Answer } } }, async () => ({
            id: 7,
            title: 'Paper',
            authors: [{ name: 'Ada', email: 'ada@example.org' }],
            created: new Date('2026-01-01T00:00:00.000Z'),
            abstract: 'not in the schema',
            ai_analysis: { secret: true },
          }));
        },
      },
    );
  });
  afterAll(async () => app.close());

  it('never sends a field the route does not declare, even when the handler returns it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/leaky/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).not.toMatch(/ai_analysis|abstract|ada@example\.org/);
    expect(response.json()).toEqual({
      id: 7,
      title: 'Paper',
      authors: [{ name: 'Ada' }],
      created: '2026-01-01T00:00:00.000Z',
    });
  });
});
