import { messageText } from '@confero/i18n/catalogue';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { type AppError, type FieldIssue, fieldErrors } from '../../lib/errors.ts';
import { schemaIssues as routeSchemaIssues } from '../../plugins/errors.ts';

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
  const context = request.validationError?.validationContext;
  const fallback = context && context !== 'body' ? context : 'non_field_errors';
  return routeSchemaIssues(error as FastifyError, fallback).map(({ field, key, params }) => ({ field, key, params }));
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
