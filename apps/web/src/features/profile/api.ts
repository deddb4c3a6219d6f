import type {
  ChangePasswordBody,
  PasswordChangedResponse,
  ProfileDto,
  StatisticsDto,
  UpdateProfileBody,
} from '@confero/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** `GET users/profile/`. */
export function profileQuery() {
  return queryOptions({ queryKey: ['users', 'profile'], queryFn: () => api.get<ProfileDto>('users/profile/') });
}

/** `GET users/statistics/`: the activity overview. */
export function statisticsQuery() {
  return queryOptions({
    queryKey: ['users', 'statistics'],
    queryFn: () => api.get<StatisticsDto>('users/statistics/'),
  });
}

/** `PUT users/profile/`: the answer is the saved profile, which replaces the cached one. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put<ProfileDto>('users/profile/', body),
    onSuccess: (profile) => queryClient.setQueryData(profileQuery().queryKey, profile),
  });
}

/** `POST users/change-password/`: the server keeps this session signed in with fresh cookies. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<PasswordChangedResponse>('users/change-password/', body),
  });
}
