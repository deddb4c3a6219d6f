import { type ClientConfigDto, DEFAULT_MAX_UPLOAD_MB } from '@confero/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** `GET config/`: the server's settings the screens show; they change only with a restart. */
export function clientConfigQuery() {
  return queryOptions({
    queryKey: ['config'] as const,
    queryFn: () => api.get<ClientConfigDto>('config/'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The server's PDF size limit in MB; the default until the configuration has arrived (the server checks anyway). */
export function useMaxUploadMb(): number {
  const { data } = useQuery(clientConfigQuery());
  return data?.max_upload_mb ?? DEFAULT_MAX_UPLOAD_MB;
}
