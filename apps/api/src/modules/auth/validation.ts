import { isMessageKey, type MessageKey } from '@confero/contracts';
import { messageText } from '@confero/i18n/catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type AppError, type FieldIssue, fieldErrors } from '../../lib/errors.ts';

export type { FieldIssue };

/**
 * The accounts API's validation error (`lib/errors.ts` `fieldErrors`): `detail` names the first field
 * ('password: This password is too common.'); `extra` adds top-level members (e.g. the `error` list of messages
 * some forms read).
 */
export function validationError(
  issues: FieldIssue[],
  extra: Record<string, unknown> = {},
  code: 'VALIDATION_ERROR' | 'EMAIL_EXISTS' = 'VALIDATION_ERROR',
): AppError {
  return fieldErrors(issues, { code, prefixDetail: true, extra });
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
