import type { Location } from 'react-router';

/** The page the guard sent the user from (navigation state `from`), else /dashboard; never a sign-in page. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/login')) return '/dashboard';
  return `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
}

/** The reset link's token and uidb64: from the route (`/reset-password/:uidb64/:token`) or the query string. */
export function readResetLink(
  params: { uidb64?: string; token?: string },
  search: URLSearchParams,
): { uidb64: string; token: string } {
  return {
    uidb64: params.uidb64 ?? search.get('uidb64') ?? search.get('uid') ?? '',
    token: params.token ?? search.get('token') ?? '',
  };
}

/** Why an invitation link failed (`/reviewer-invitation/error?reason=`). */
export const INVITATION_ERROR_REASONS = ['expired', 'answered', 'invalid'] as const;
export type InvitationErrorReason = (typeof INVITATION_ERROR_REASONS)[number];

/** The role an answered invitation was for, when not a reviewer's (`?role=chair|event_admin`). */
export const INVITATION_ORGANIZER_ROLES = ['chair', 'event_admin', 'area_chair'] as const;
export type InvitationOrganizerRole = (typeof INVITATION_ORGANIZER_ROLES)[number];

export function parseInvitationRole(value: string | null): InvitationOrganizerRole | null {
  return (INVITATION_ORGANIZER_ROLES as readonly string[]).includes(value ?? '')
    ? (value as InvitationOrganizerRole)
    : null;
}

export function parseInvitationReason(value: string | null): InvitationErrorReason | null {
  return (INVITATION_ERROR_REASONS as readonly string[]).includes(value ?? '')
    ? (value as InvitationErrorReason)
    : null;
}
