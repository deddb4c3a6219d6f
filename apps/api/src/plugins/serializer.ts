import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { $ZodType } from 'zod/v4/core';

/*
 * Responses are written by compiled serializers, not re-validated. At start-up each route's zod response schema is
 * turned once into a JSON Schema made for fast-json-stringify (Fastify's own serializer), which writes exactly the
 * declared properties: a key the schema does not declare is never sent, whatever the presenter returned, as zod's
 * parse (which strips unknown keys) guaranteed before. What differs from zod is that the values are not checked:
 * a number where a text is declared is written as text. Only a required key left undefined still fails (500).
 *
 * The translation (`toSerializerSchema`):
 *   - objects list their properties; `additionalProperties` only for records and loose objects (never `false`:
 *     fast-json-stringify drops undeclared keys by itself); a key is required unless its schema accepts undefined;
 *   - nullable: `type: [T, 'null']`, or `anyOf` with null when the inner schema has no single type;
 *   - dates: a string with `format: date-time` (a Date is written as its ISO text);
 *   - literals and enums: their JSON type with `enum` (never `const`, which fast-json-stringify writes blindly);
 *   - discriminated unions: an `if`/`then`/`else` chain on the discriminator (a cheap check of one key); other
 *     unions: one `type` list when every option is a plain value, else `anyOf`, whose options are tried in order
 *     as zod's are (an option matches when its required keys are there, extra keys do not matter);
 *   - optional, default, readonly, catch, pipe (its output side): the inner schema.
 * Anything that cannot be written from a schema alone (a transform, a custom check, a lazy or recursive schema,
 * maps, sets, bigint, promises, functions) stops the start with the route's name: a response schema must not use it
 * (`docs/conventions.md#response-serialisation`).
 */

/** A JSON Schema as built here (fast-json-stringify's own type knows no `type` lists). */
export type JsonSchema = { [keyword: string]: unknown };

/** The JSON Schema of a zod response schema for fast-json-stringify (see the comment above for the mapping). */
export function toSerializerSchema(schema: $ZodType, path = '#'): JsonSchema {
  const def = schema._zod.def as ZodDef;
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return isDateTime(def) ? { type: 'string', format: 'date-time' } : { type: 'string' };
    case 'number':
      return { type: isInteger(def) ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'any':
    case 'unknown':
      return {};
    case 'literal':
      return valuesSchema(def.values ?? [], path);
    case 'enum':
      return valuesSchema(Object.values(def.entries ?? {}), path);
    case 'object':
      return objectSchema(def, path);
    case 'record':
      return recordSchema(def, path);
    case 'array':
      return { type: 'array', items: toSerializerSchema(def.element as $ZodType, `${path}/items`) };
    case 'tuple':
      return {
        type: 'array',
        items: (def.items ?? []).map((item, index) => toSerializerSchema(item, `${path}/items/${index}`)),
        ...(def.rest ? { additionalItems: toSerializerSchema(def.rest, `${path}/additionalItems`) } : {}),
      };
    case 'union':
      return def.discriminator ? discriminatedSchema(def, path) : unionSchema(def.options ?? [], path);
    case 'intersection':
      return {
        allOf: [
          toSerializerSchema(def.left as $ZodType, `${path}/allOf/0`),
          toSerializerSchema(def.right as $ZodType, `${path}/allOf/1`),
        ],
      };
    case 'nullable':
      return withNull(toSerializerSchema(def.innerType as $ZodType, path));
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return toSerializerSchema(def.innerType as $ZodType, path);
    case 'pipe':
      if (isTransform(def.in) || isTransform(def.out)) throw unsupported('a transform', path);
      return toSerializerSchema(def.out as $ZodType, path);
    default:
      throw unsupported(`a ${def.type} schema`, path);
  }
}

type ZodDef = {
  type: string;
  format?: string;
  checks?: $ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  options?: $ZodType[];
  discriminator?: string;
  left?: $ZodType;
  right?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
};

const defOf = (schema: $ZodType): ZodDef => schema._zod.def as ZodDef;

function unsupported(what: string, path: string): Error {
  return new Error(`response schema: ${what} at ${path} cannot be serialised from the schema alone`);
}

const isTransform = (schema: $ZodType | undefined) => schema !== undefined && defOf(schema).type === 'transform';

/** `z.iso.datetime()` (a string format), so a Date given for it is written as its ISO text. */
const isDateTime = (def: ZodDef) => def.format === 'datetime';

/** `z.int()` carries the format itself; `z.number().int()` carries it in a check. */
function isInteger(def: ZodDef): boolean {
  const formats = [def.format, ...(def.checks ?? []).map((check) => defOf(check).format)];
  return formats.some((format) => format !== undefined && /int/.test(format));
}

const JSON_TYPES: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean' };

/** Literals and enums: the JSON type of their values, with `enum` for the option checks of unions. */
function valuesSchema(values: unknown[], path: string): JsonSchema {
  const types = new Set<string>();
  for (const value of values) {
    if (value === null) types.add('null');
    else if (value === undefined) continue;
    else if (JSON_TYPES[typeof value]) types.add(JSON_TYPES[typeof value] as string);
    else throw unsupported(`a ${typeof value} literal`, path);
  }
  const type = [...types];
  return { type: type.length === 1 ? type[0] : type, enum: values.filter((value) => value !== undefined) };
}

/** Whether a value may be left out of its object: optional, or a schema that takes undefined. */
function acceptsUndefined(schema: $ZodType): boolean {
  if (schema._zod.optout === 'optional') return true;
  const def = defOf(schema);
  switch (def.type) {
    case 'any':
    case 'unknown':
    case 'undefined':
    case 'void':
      return true;
    case 'union':
      return (def.options ?? []).some(acceptsUndefined);
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'default':
    case 'prefault':
      return acceptsUndefined(def.innerType as $ZodType);
    case 'literal':
      return (def.values ?? []).includes(undefined);
    default:
      return false;
  }
}

function objectSchema(def: ZodDef, path: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(def.shape ?? {})) {
    properties[key] = toSerializerSchema(value, `${path}/properties/${key}`);
    if (!acceptsUndefined(value)) required.push(key);
  }
  const catchall = def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : undefined;
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(catchall ? { additionalProperties: toSerializerSchema(catchall, `${path}/additionalProperties`) } : {}),
  };
}

/** A record with a fixed set of keys (an enum) lists them; any other writes every key of the value. */
function recordSchema(def: ZodDef, path: string): JsonSchema {
  const value = toSerializerSchema(def.valueType as $ZodType, `${path}/additionalProperties`);
  const keyDef = def.keyType ? defOf(def.keyType) : undefined;
  const keys =
    keyDef?.type === 'enum' ? Object.values(keyDef.entries ?? {}) : keyDef?.type === 'literal' ? keyDef.values : [];
  if (keys && keys.length > 0) {
    return { type: 'object', properties: Object.fromEntries(keys.map((key) => [String(key), value])) };
  }
  return { type: 'object', additionalProperties: value };
}

/** Adds null to a schema: to its `type` when it has one (a `type` list), else as one more `anyOf` option. */
function withNull(schema: JsonSchema): JsonSchema {
  const record = schema as { type?: string | string[]; enum?: unknown[] };
  if (Object.keys(schema as object).length === 0) return schema;
  const isCombined = ['if', 'anyOf', 'allOf'].some((keyword) => keyword in (schema as object));
  if (record.type !== undefined && !isCombined) {
    const types = Array.isArray(record.type) ? record.type : [record.type];
    return {
      ...schema,
      type: types.includes('null') ? types : [...types, 'null'],
      ...(record.enum ? { enum: [...record.enum, null] } : {}),
    };
  }
  return { anyOf: [{ type: 'null' }, schema] };
}

/** A plain value schema (a type and maybe a format or enum, nothing nested) joins a `type` list. */
function plainTypes(schema: JsonSchema): string[] | undefined {
  const {
    type,
    enum: _values,
    format,
    ...rest
  } = schema as { type?: string | string[]; enum?: unknown; format?: string };
  if (type === undefined || format !== undefined || Object.keys(rest).length > 0) return undefined;
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === 'object' || t === 'array') ? undefined : types;
}

function unionSchema(options: $ZodType[], path: string): JsonSchema {
  const schemas = options
    .filter((option) => !['undefined', 'void'].includes(defOf(option).type))
    .map((option, index) => toSerializerSchema(option, `${path}/anyOf/${index}`));
  if (schemas.some((schema) => Object.keys(schema as object).length === 0)) return {};
  const [first, second] = schemas;
  if (first === undefined) throw unsupported('a union without options', path);
  if (second === undefined) return first;
  const plain = schemas.map(plainTypes);
  if (plain.every((types) => types !== undefined)) return { type: [...new Set(plain.flat())] };
  if (schemas.length === 2 && first.type === 'null') return withNull(second);
  if (schemas.length === 2 && second.type === 'null') return withNull(first);
  const types = schemas.map((schema) => schema.type);
  const distinctTypes = types.every((type) => typeof type === 'string') && new Set(types).size === types.length;
  return distinctTypes ? byType(schemas) : { anyOf: schemas };
}

/**
 * Options of different JSON types (an array or a page object): `if` the value is of one option's type `then` that
 * option, a check of the type only, where `anyOf` would check the whole value against each option.
 */
function byType(schemas: JsonSchema[]): JsonSchema {
  return schemas.reduceRight((chain, schema) => conditional({ type: schema.type }, schema, chain));
}

/** JSON Schema's `if`/`then`/`else`, which fast-json-stringify checks with ajv (the `if` part only). */
function conditional(test: JsonSchema, then: JsonSchema, otherwise: JsonSchema, extra: JsonSchema = {}): JsonSchema {
  return { ...extra, if: test, then, else: otherwise };
}

/**
 * A discriminated union: `if` the discriminator holds one option's values `then` that option, `else` the next test;
 * the last option is written when no earlier one matched.
 */
function discriminatedSchema(def: ZodDef, path: string): JsonSchema {
  const key = def.discriminator as string;
  const options = def.options ?? [];
  let chain: JsonSchema | undefined;
  for (let index = options.length - 1; index >= 0; index--) {
    const option = options[index] as $ZodType;
    const branch = toSerializerSchema(option, `${path}/oneOf/${index}`);
    if (chain === undefined) {
      chain = branch;
      continue;
    }
    const values = [...(option._zod.propValues?.[key] ?? [])];
    if (values.length === 0) throw unsupported(`an option without values of "${key}"`, `${path}/oneOf/${index}`);
    const test = { type: 'object', properties: { [key]: { enum: values } }, required: [key] };
    chain = conditional(test, branch, chain, { type: 'object' });
  }
  if (chain === undefined) throw unsupported('a union without options', path);
  return chain;
}

const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * Compiles one response schema (each zod schema once, however many routes answer with it). The translation runs at
 * once, so a schema that cannot be written stops the start; fast-json-stringify builds its function on the first
 * answer, so the start does not pay for the routes no one calls.
 */
export function compileSerializer(schema: unknown, where = 'a response'): (data: unknown) => string {
  const key = schema as object;
  const known = compiled.get(key);
  if (known) return known;
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = schema instanceof $ZodType ? toSerializerSchema(schema) : (schema as JsonSchema);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
  }
  let stringify: ((data: unknown) => string) | undefined;
  const serialize = (data: unknown) => {
    stringify ??= fastJson(jsonSchema as unknown as Schema, SERIALIZER_OPTIONS) as (data: unknown) => string;
    return stringify(data);
  };
  compiled.set(key, serialize);
  return serialize;
}

const SERIALIZER_OPTIONS = { ajv: { strict: false }, rounding: 'trunc' } as const;

/** Fastify's serializer compiler: a route's response schema (zod, or JSON Schema as it is) compiled at start-up. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) =>
  compileSerializer(schema, `${method} ${url} (${httpStatus})`);

/**
 * Sends a JSON text that is already the answer (built by the database, for instance) as it is: Fastify writes a text
 * with a JSON type without the route's serializer, so the route's response schema stays what the API document shows
 * while this answer skips it. The text must hold exactly what the schema would write (a test of the route says so).
 * A Buffer is the text as UTF-8, or compressed when the caller set its Content-Encoding.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
