import {
  AdminUpdateUserBody,
  AdminUserDto,
  AdminUserListDto,
  ChangePasswordBody,
  CheckEmailBody,
  CheckEmailResponse,
  DeletedResponse,
  MeDto,
  PasswordChangedResponse,
  ProfileDto,
  StatisticsDto,
  UpdateProfileBody,
  UserIdParams,
  UserListQuery,
} from '@confero/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { pageLinks } from '../../lib/pages.ts';
import { requireUser } from '../../plugins/auth.ts';
import { setSessionCookies } from '../auth/cookies.ts';
import { installValidation } from '../auth/validation.ts';
import { rolesForUser } from './roles.ts';
import { statisticsForUser, statisticsForUsers } from './statistics.ts';
import { type UserAction, userPolicies } from './users.policy.ts';
import { presentAdminUser, presentMe, presentProfile } from './users.presenter.ts';
import { findUserById, findUserByIdParam, listUsers } from './users.queries.ts';
import { adminUpdateUser, changePassword, deleteUser, emailIsRegistered, updateProfile } from './users.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action a route performs, authorized before its input is validated (401, then 403, then 400). */
    userAction?: UserAction;
  }
}

/**
 * The caller's account and user administration. Every route needs a signed-in caller: anonymous requests get 401 before
 * anything else, then the route's action is authorized (403), then the input validated.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', async (request) => {
    const actor = requireUser(request);
    const action = request.routeOptions.config.userAction;
    if (action) authorize(userPolicies[action](actor));
  });
  installValidation(app);

  /** The caller's own row (a token outlives nothing: a deleted user is anonymous). */
  async function loadOwnUser(request: FastifyRequest) {
    const actor = requireUser(request);
    authorize(userPolicies['users.readOwn'](actor));
    const user = await findUserById(app.db, actor.id);
    if (!user) throw notFound();
    return { actor, user };
  }

  /** Another user by the route id; 404 when there is none. Authorize before calling. */
  async function loadTarget(id: string) {
    const target = await findUserByIdParam(app.db, id);
    if (!target) throw notFound('accounts.userNotFound');
    return target;
  }

  app.get(
    '/api/users/me/',
    { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: MeDto } } },
    async (request) => {
      const { user } = await loadOwnUser(request);
      return presentMe(user, await rolesForUser(app.db, app.extensions, user));
    },
  );

  app.get(
    '/api/users/profile/',
    { schema: { tags: ['users'], summary: "The caller's profile", response: { 200: ProfileDto } } },
    async (request) => presentProfile((await loadOwnUser(request)).user),
  );

  app.put(
    '/api/users/profile/',
    {
      schema: {
        tags: ['users'],
        summary: "Update the caller's profile",
        body: UpdateProfileBody,
        response: { 200: ProfileDto },
      },
      config: { userAction: 'users.updateOwn' },
    },
    async (request) => {
      const actor = requireUser(request);
      return presentProfile(await updateProfile(app.db, actor, request.body));
    },
  );

  app.post(
    '/api/users/change-password/',
    {
      schema: {
        tags: ['users'],
        summary: "Change the caller's password",
        body: ChangePasswordBody,
        response: { 200: PasswordChangedResponse },
      },
      config: { userAction: 'users.updateOwn', errorList: true, rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const session = await changePassword({ db: app.db, config: app.config }, actor, request.body);
      setSessionCookies(reply, session);
      return { message: 'users.passwordChanged' as const };
    },
  );

  app.get(
    '/api/users/statistics/',
    { schema: { tags: ['users'], summary: "The caller's activity", response: { 200: StatisticsDto } } },
    async (request) => statisticsForUser(app.db, app.extensions, (await loadOwnUser(request)).user),
  );

  app.post(
    '/api/users/verify-email/',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether an e-mail address belongs to a registered user (signed-in users only)',
        body: CheckEmailBody,
        response: { 200: CheckEmailResponse },
      },
      config: {
        userAction: 'users.checkEmail',
        rateLimit: {
          max: 30,
          timeWindow: 15 * 60_000,
          keyGenerator: (request) => `${request.actor?.id ?? 'anonymous'}:${request.ip}`,
          // Anonymous callers are refused with 401 by the handler; they do not use up anyone's allowance.
          allowList: (request) => request.actor === null,
        },
      },
    },
    async (request) => {
      const exists = await emailIsRegistered(app.db, request.body.email);
      return exists
        ? { exists, message: 'User found' as const }
        : { exists, message: 'No user found with this email' as const };
    },
  );

  app.get(
    '/api/users/',
    {
      schema: {
        tags: ['users'],
        summary: 'All users, paginated (admins)',
        querystring: UserListQuery,
        response: { 200: AdminUserListDto },
      },
      config: { userAction: 'users.list' },
    },
    async (request) => {
      const { page, page_size: pageSize, search } = request.query;
      const { rows, count } = await listUsers(app.db, { page, pageSize, search });
      const statistics = await statisticsForUsers(app.db, app.extensions, rows);
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map((row) => {
          const rowStatistics = statistics.get(row.id);
          if (!rowStatistics) throw new Error('statistics missing for a listed user');
          return presentAdminUser(row, rowStatistics);
        }),
      };
    },
  );

  app.get(
    '/api/users/:id/statistics/',
    {
      schema: {
        tags: ['users'],
        summary: "A user's activity (admins, or the user)",
        params: UserIdParams,
        response: { 200: StatisticsDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const target = await findUserByIdParam(app.db, request.params.id);
      authorize(userPolicies['users.viewStatistics'](actor, target));
      if (!target) throw notFound('accounts.userNotFound');
      return statisticsForUser(app.db, app.extensions, target);
    },
  );

  app.patch(
    '/api/users/:id/',
    {
      schema: {
        tags: ['users'],
        summary: "Change a user's e-mail-verified flag and account status (admins)",
        params: UserIdParams,
        body: AdminUpdateUserBody,
        response: { 200: AdminUserDto },
      },
      config: { userAction: 'users.update' },
    },
    async (request) => {
      const actor = requireUser(request);
      const target = await loadTarget(request.params.id);
      const updated = await adminUpdateUser(app.db, actor, target, request.body);
      return presentAdminUser(updated, await statisticsForUser(app.db, app.extensions, updated));
    },
  );

  app.delete(
    '/api/users/:id/delete/',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admins)',
        params: UserIdParams,
        response: { 200: DeletedResponse },
      },
      config: { userAction: 'users.delete' },
    },
    async (request) => {
      const actor = requireUser(request);
      const target = await loadTarget(request.params.id);
      await deleteUser(app.db, actor, target);
      return { message: 'users.userDeleted' as const };
    },
  );
};
