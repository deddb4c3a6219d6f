import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppError } from '../lib/errors.ts';
import { validationError } from '../modules/auth/validation.ts';

/*
 * The input boundary: no text the API receives may hold a control character. Tab, line feed and carriage return
 * are text (multi-line abstracts and reviews); every other C0 control (U+0000–U+001F), DEL (U+007F), the
 * noncharacters U+FFFE and U+FFFF and unpaired surrogates are refused with 400 VALIDATION_ERROR naming the field,
 * before the route validates its input or runs. Route params and the query string are checked when the request
 * arrives, the JSON body once it is parsed (every string and every key, at any depth), multipart text fields as
 * the upload reader meets them (assertCleanText).
 */

/** Whether `text` holds a character the API refuses. */
export function hasForbiddenCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 ? code !== 0x09 && code !== 0x0a && code !== 0x0d : code === 0x7f || code >= 0xfffe) return true;
  }
  return !text.isWellFormed();
}

/** The refusal of a field holding a forbidden character (the accounts API's validation shape, with its key). */
export function forbiddenCharacterError(field: string): AppError {
  return validationError([{ field, key: 'validation.controlCharacters' }]);
}

/** 400 when a text field (e.g. of a multipart form) holds a forbidden character, itself or as JSON it holds. */
export function assertCleanText(field: string, text: string): void {
  const path = findForbiddenText(text);
  if (path === undefined) return;
  throw forbiddenCharacterError(path === 'non_field_errors' ? field : `${field}.${path}`);
}

/**
 * Arrays and plain objects: what JSON bodies are made of; the query string and the route params are dictionaries
 * whose prototype has no prototype itself.
 */
function isPlainContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/** The list or object a text holds as JSON (fields such as a form's `authors` or `metadata`), or undefined. */
function embeddedJson(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '[' && start !== '{') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The dotted path of the first string or key in `value` holding a forbidden character, or undefined. A text
 * that is a JSON list or object is checked once decoded too, since its escapes (`\u0000`) become characters
 * when the route reads it. Walks with its own stack, so a deeply nested body cannot exhaust the call stack.
 */
export function findForbiddenText(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (typeof item.value === 'string') {
      if (hasForbiddenCharacter(item.value)) return item.path || 'non_field_errors';
      const decoded = embeddedJson(item.value);
      if (decoded !== undefined) stack.push({ value: decoded, path: item.path });
      continue;
    }
    if (!isPlainContainer(item.value)) continue;
    const entries = Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] as [string, unknown];
      const path = join(item.path, key);
      if (hasForbiddenCharacter(key)) return path;
      stack.push({ value: child, path });
    }
  }
  return undefined;
}

function assertClean(value: unknown): void {
  const field = findForbiddenText(value);
  if (field !== undefined) throw forbiddenCharacterError(field);
}

/** Registered right after the error handler, so its checks run before every other hook and every route. */
export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      assertClean(request.params);
      assertClean(request.query);
    });
    app.addHook('preValidation', async (request: FastifyRequest) => {
      assertClean(request.body);
    });
  },
  { name: 'input' },
);
