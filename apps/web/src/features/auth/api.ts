import type { RoleName, UserDto } from '@confero/contracts';
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
