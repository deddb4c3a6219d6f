import { type AccountStatus, type AdminUserDto, type DeletedResponse, PAGE_SIZE_DEFAULT } from '@confero/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { readAdminUserPage } from './admin-users.ts';

export const ADMIN_USERS_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** `GET users/?page=&page_size=&search=`: one page of the user table, statistics included in each row. */
export function adminUsersQuery({ page, search }: { page: number; search: string }) {
  return queryOptions({
    queryKey: ['admin', 'users', { page, search }],
    queryFn: async () =>
      readAdminUserPage(
        await api.get<unknown>('users/', {
          query: { page, page_size: ADMIN_USERS_PAGE_SIZE, search: search || undefined },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export type AdminUserChanges = { email_verified: boolean; account_status: AccountStatus };

/** `PATCH users/{public_id}/`: the e-mail-verified flag and the account status. */
export function useUpdateAdminUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicId, changes }: { publicId: string; changes: AdminUserChanges }) =>
      api.patch<AdminUserDto>(`users/${encodeURIComponent(publicId)}/`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

/** `DELETE users/{public_id}/delete/`. */
export function useDeleteAdminUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) => api.delete<DeletedResponse>(`users/${encodeURIComponent(publicId)}/delete/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
