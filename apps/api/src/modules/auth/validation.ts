import { isMessageKey, MESSAGES, type MessageKey, messageText, placeholderNames } from '@confero/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';

/** One field-addressed problem: the field, its message key and the key's parameters. */
export type FieldIssue = { field: string; key: MessageKey; params?: Record<string, unknown> };

/**
 * The accounts API's validation error: `fields` (English) and `field_codes` (message keys) in parallel arrays,
 * plus `field_params` for messages with placeholders, as documented in packages/contracts/src/auth.ts. `extra`
 * adds top-level members (e.g. the `error` list of messages some forms read).
 */
export function validationError(
  issues: FieldIssue[],
  extra: Record<string, unknown> = {},
  code: 'VALIDATION_ERROR' | 'EMAIL_EXISTS' = 'VALIDATION_ERROR',
): AppError {
  const fields: Record<string, string[]> = {};
  const fieldCodes: Record<string, string[]> = {};
  const fieldParams: Record<string, Record<string, unknown>[]> = {};
  for (const issue of issues) {
    const text = messageText(issue.key, issue.params);
    if (fields[issue.field]?.includes(text)) continue;
    fields[issue.field] = [...(fields[issue.field] ?? []), text];
    fieldCodes[issue.field] = [...(fieldCodes[issue.field] ?? []), issue.key];
    fieldParams[issue.field] = [...(fieldParams[issue.field] ?? []), placeholderParams(issue)];
  }
  // Parameters travel only for the fields that have some, parallel to that field's codes.
  const withParams = Object.fromEntries(
    Object.entries(fieldParams).filter(([, list]) => list.some((params) => Object.keys(params).length > 0)),
  );
  const first = issues[0];
  const detail = first ? `${first.field}: ${messageText(first.key, first.params)}` : 'Invalid input.';
  return new AppError(400, code, detail, {
    fields,
    extra: {
      field_codes: fieldCodes,
      ...(Object.keys(withParams).length > 0 ? { field_params: withParams } : {}),
      ...extra,
    },
  });
}

/** The parameters a message's `{placeholders}` use (e.g. `{maximum: 1000}`), and nothing else of the issue. */
function placeholderParams(issue: FieldIssue): Record<string, unknown> {
  const names = placeholderNames(MESSAGES[issue.key]);
  return Object.fromEntries(
    names.filter((name) => issue.params?.[name] !== undefined).map((name) => [name, issue.params?.[name]]),
  );
}

/** The English messages of some issues, in order and without repeats (the `error` lists). */
export function issueMessages(issues: FieldIssue[]): string[] {
  return [...new Set(issues.map((issue) => messageText(issue.key, issue.params)))];
}

/** The schema problems fastify attached to the request (routes use `attachValidation: true`). */
export function schemaIssues(request: FastifyRequest): FieldIssue[] {
  const error = request.validationError;
  if (!error) return [];
  if (!hasZodFastifySchemaValidationErrors(error) || !Array.isArray(error.validation)) {
    return [{ field: 'non_field_errors', key: 'validation.invalid' }];
  }
  const context = error.validationContext;
  const items: { instancePath: string; message?: string; params?: unknown }[] = error.validation;
  return items.map((item) => {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || (context === 'body' ? 'non_field_errors' : context || 'non_field_errors');
    const message = item.message ?? '';
    const key: MessageKey = isMessageKey(message) ? message : 'validation.invalid';
    return { field, key, params: item.params as Record<string, unknown> };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** More problems to report with the schema's, found on the raw input (e.g. the password rules). */
    moreIssues?: (request: FastifyRequest) => FieldIssue[];
    /** Adds `error` (the list of messages) to validation answers, for forms that read it. */
    errorList?: boolean;
  }
}

/**
 * For a route plugin whose routes set `attachValidation: true`: before the handler, a request that failed its
 * schema is answered with the validation error above, together with the route's `moreIssues` found on the raw
 * input, so one answer lists everything to fix. Handlers only ever see valid input.
 */
export function installValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
  });
  app.addHook('preHandler', async (request) => {
    if (!request.validationError) return;
    const config = request.routeOptions.config;
    const issues = [...schemaIssues(request), ...(config.moreIssues?.(request) ?? [])];
    throw validationError(issues, config.errorList ? { error: issueMessages(issues) } : {});
  });
}
