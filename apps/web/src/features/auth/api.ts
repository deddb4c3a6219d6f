import type {
  MessageDto,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  RoleName,
  UserDto,
  VerifyResetTokenBody,
  VerifyResetTokenResponse,
} from '@confero/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The signed-in user as the client keeps it: `roles` is always a list (an absent one counts as empty). */
export type CurrentUser = Omit<UserDto, 'roles'> & { roles: { name: RoleName }[] };

export function normalizeUser(raw: Partial<UserDto> | null | undefined): CurrentUser {
  return {
    email: raw?.email ?? '',
    first_name: raw?.first_name ?? '',
    last_name: raw?.last_name ?? '',
    public_id: raw?.public_id ?? '',
    roles: Array.isArray(raw?.roles) ? raw.roles.filter((role) => typeof role?.name === 'string') : [],
  };
}

/** `GET users/me/`: the current user, also the authentication check. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return normalizeUser(await api.get<UserDto>('users/me/'));
}

/** `POST auth/login/`: sets the session cookies and answers the user with roles. */
export async function signIn(email: string, password: string): Promise<CurrentUser> {
  return normalizeUser(await api.post<UserDto>('auth/login/', { email, password }));
}

/** `POST auth/register/`: creates an unverified account and mails the verification link. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<RegisterResponse>('auth/register/', body),
  });
}

/** `POST auth/resend-verification/`: always answers 200 (no enumeration); mails a new link when due. */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageDto>('auth/resend-verification/', { email }),
  });
}

/** `POST auth/password-reset/request_reset/`: mails a reset link when the account exists. */
export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageDto>('auth/password-reset/request_reset/', { email }),
  });
}

/** `POST auth/password-reset/reset_password/`. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post<MessageDto>('auth/password-reset/reset_password/', body),
  });
}

/**
 * `POST auth/password-reset/verify_token/`: the "checking" state of the reset screen. A query, so the check
 * runs once per link (also under StrictMode's double effects) and is never retried.
 */
export function resetLinkQuery(link: VerifyResetTokenBody) {
  return queryOptions({
    queryKey: ['auth', 'reset-link', link.uidb64, link.token],
    queryFn: () => api.post<VerifyResetTokenResponse>('auth/password-reset/verify_token/', link),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/**
 * `POST auth/verify-email/`: a verification token is single use, so the call is a query that runs once per
 * token (StrictMode's second effect reads the same answer) and is never retried.
 */
export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => api.post<MessageDto>('auth/verify-email/', { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
