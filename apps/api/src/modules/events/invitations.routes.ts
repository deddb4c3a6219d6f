import { INVITATION_REDIRECTS, InvitationTokenParams } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerInvitation } from './invitations.service.ts';

/**
 * The links of the invitation mails to be a reviewer, a chair or an event admin
 * (`{PUBLIC_URL}/api/events/invitations/{token}/accept/` and `…/decline/`). They are GET requests from a mail client: no sign-in (the single-use token is the credential), no
 * CSRF token (GET), rate limited per address. Each records the answer and redirects (302) to the web app's page
 * for the outcome: /reviewer-invitation/accepted, /declined (with ?role=chair|event_admin for those invitations), or
 * /error?reason=expired|answered|invalid.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const answer of ['accept', 'decline'] as const) {
    app.get(
      `/api/events/invitations/:token/${answer}/`,
      {
        schema: {
          tags: ['events'],
          summary: `${answer === 'accept' ? 'Accept' : 'Decline'} an invitation to the event (link from the mail)`,
          params: InvitationTokenParams,
        },
        config: { rateLimit: { max: 20, timeWindow: 15 * 60_000 } },
      },
      async (request, reply) => {
        const result = await answerInvitation(app.db, {
          token: request.params.token,
          answer,
          publicUrl: app.config.publicUrl,
        });
        const location =
          result.outcome === 'error'
            ? `${INVITATION_REDIRECTS.error}?reason=${result.reason}`
            : result.role === 'reviewer'
              ? INVITATION_REDIRECTS[result.outcome]
              : `${INVITATION_REDIRECTS[result.outcome]}?role=${result.role}`;
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        return reply.redirect(location, 302);
      },
    );
  }
};
