import {
  EmailBody,
  LoginBody,
  MessageDto,
  RefreshBody,
  RefreshResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  TokenBody,
  UserDto,
  VerifyResetTokenBody,
  VerifyResetTokenResponse,
} from '@confero/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesForUser } from '../users/roles.ts';
import { presentUser } from '../users/users.presenter.ts';
import {
  authenticate,
  checkResetLink,
  endSession,
  localeFromHeader,
  passwordIssues,
  refreshSession,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  startSession,
  verifyEmail,
} from './auth.service.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './cookies.ts';
import { type FieldIssue, installValidation } from './validation.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Password problems found on a registration body that failed its schema, reported with the schema's. */
function registrationPasswordIssues(request: FastifyRequest): FieldIssue[] {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : undefined);
  const issues = passwordIssues('password', body.password, {
    email: text('email'),
    first_name: text('first_name'),
    last_name: text('last_name'),
  });
  const password = text('password');
  const password2 = text('password2');
  if (password && password2 && password !== password2) {
    issues.push({ field: 'password2', key: 'auth.passwordsDoNotMatch' });
  }
  return issues;
}

/** The refresh token of a request: its cookie, else `{refresh}` in the body. */
function presentedRefreshToken(request: FastifyRequest): { token: string | undefined; fromBody: boolean } {
  const cookie = request.cookies[REFRESH_COOKIE];
  if (cookie) return { token: cookie, fromBody: false };
  const body = request.body as { refresh?: string } | undefined;
  return { token: body?.refresh || undefined, fromBody: true };
}

/** Accounts: registration, verification, sign-in, sessions and password reset. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  installValidation(app);
  const deps = () => ({ db: app.db, config: app.config });

  app.post(
    '/api/auth/register/',
    {
      schema: { tags: ['auth'], summary: 'Create an account', body: RegisterBody, response: { 201: RegisterResponse } },
      config: { rateLimit: { max: 10, timeWindow: HOUR }, moreIssues: registrationPasswordIssues },
    },
    async (request, reply) => {
      const user = await registerUser(deps(), request.body, {
        locale: localeFromHeader(request.headers['accept-language']),
      });
      reply.code(201);
      return {
        message: 'auth.registrationSuccess' as const,
        user: { email: user.email, first_name: user.firstName, last_name: user.lastName },
      };
    },
  );

  app.post(
    '/api/auth/verify-email/',
    {
      schema: { tags: ['auth'], summary: 'Verify an e-mail address', body: TokenBody, response: { 200: MessageDto } },
      config: { rateLimit: { max: 30, timeWindow: 15 * MINUTE } },
    },
    async (request) => {
      await verifyEmail(deps(), request.body.token);
      return { message: 'auth.emailVerified' };
    },
  );

  app.post(
    '/api/auth/resend-verification/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the verification mail again',
        body: EmailBody,
        response: { 200: MessageDto },
      },
      config: { rateLimit: { max: 5, timeWindow: HOUR } },
    },
    async (request) => {
      await resendVerification(deps(), request.body.email);
      return { message: 'auth.verificationEmailSent' };
    },
  );

  app.post(
    '/api/auth/login/',
    { schema: { tags: ['auth'], summary: 'Sign in', body: LoginBody, response: { 200: UserDto } } },
    async (request, reply) => {
      const user = await authenticate(deps(), { ...request.body, ip: request.ip });
      const session = await startSession(deps(), user);
      setSessionCookies(reply, session);
      return presentUser(user, await rolesForUser(app.db, app.extensions, user));
    },
  );

  app.post(
    '/api/auth/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and issue a new access token',
        body: RefreshBody,
        response: { 200: RefreshResponse },
      },
    },
    async (request, reply) => {
      const { token, fromBody } = presentedRefreshToken(request);
      try {
        const session = await refreshSession(deps(), token);
        setSessionCookies(reply, session);
        return {
          message: 'auth.tokenRefreshed' as const,
          ...(fromBody ? { access: session.access, refresh: session.refresh } : {}),
        };
      } catch (error) {
        clearSessionCookies(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout/',
    {
      schema: { tags: ['auth'], summary: 'Sign out this session', body: RefreshBody, response: { 200: MessageDto } },
    },
    async (request, reply) => {
      await endSession(deps(), { refreshToken: presentedRefreshToken(request).token, sessionId: request.sessionId });
      clearSessionCookies(reply);
      return { message: 'auth.logoutSuccess' };
    },
  );

  app.post(
    '/api/auth/password-reset/request_reset/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        body: EmailBody,
        response: { 200: MessageDto },
      },
      config: { rateLimit: { max: 10, timeWindow: HOUR } },
    },
    async (request) => {
      await requestPasswordReset(deps(), request.body.email);
      return { message: 'auth.passwordResetEmailSent' };
    },
  );

  app.post(
    '/api/auth/password-reset/verify_token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a password reset link',
        body: VerifyResetTokenBody,
        response: { 200: VerifyResetTokenResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: 15 * MINUTE }, errorList: true },
    },
    async (request) => {
      await checkResetLink(app.db, request.body);
      return { valid: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset/reset_password/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link',
        body: ResetPasswordBody,
        response: { 200: MessageDto },
      },
      config: { rateLimit: { max: 30, timeWindow: 15 * MINUTE }, errorList: true },
    },
    async (request) => {
      await resetPassword(deps(), request.body);
      return { message: 'auth.passwordResetSuccess' };
    },
  );
};
