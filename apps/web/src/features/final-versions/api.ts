import type { FinalVersionDto, FinalVersionFilter, FinalVersionPageDto } from '@confero/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../lib/api.ts';

/** Query keys of the final versions: a paper's, and an event's list. */
export const finalVersionKeys = {
  all: ['final-versions'] as const,
  paper: (submissionId: string) => ['final-versions', 'paper', submissionId] as const,
  list: (eventId: string, filters: FinalVersionListFilters) => ['final-versions', 'list', eventId, filters] as const,
};

export type FinalVersionListFilters = { status: FinalVersionFilter | null; page: number };

const paperPath = (submissionId: string) => `submissions/${encodeURIComponent(submissionId)}/final-version/`;

/** The address of a final version's latest file (`file` the PDF, `supplementary`), for a download link. */
export const finalVersionFileUrl = (submissionId: string, kind: 'file' | 'supplementary') =>
  `/api/${paperPath(submissionId)}${kind}/`;

/** The address of an event's proceedings ZIP. */
export const proceedingsUrl = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/proceedings.zip`;

/** `GET submissions/{id}/final-version/`: the phase, the metadata to confirm, the files' history. */
export function finalVersionQuery(submissionId: string) {
  return queryOptions({
    queryKey: finalVersionKeys.paper(submissionId),
    queryFn: () => api.get<FinalVersionDto>(paperPath(submissionId)),
  });
}

/** `GET events/{id}/final-versions/`: the accepted papers and their final versions, a page at a time. */
export function finalVersionListQuery(eventId: string, filters: FinalVersionListFilters) {
  return queryOptions({
    queryKey: finalVersionKeys.list(eventId, filters),
    queryFn: () =>
      api.get<FinalVersionPageDto>(`events/${encodeURIComponent(eventId)}/final-versions/`, {
        query: { status: filters.status, page: filters.page },
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST submissions/{id}/final-version/` (multipart, with upload progress): answers the final version. */
export function useSubmitFinalVersionMutation(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, onProgress }: { data: FormData; onProgress?: (progress: UploadProgress) => void }) =>
      api.upload<FinalVersionDto>(paperPath(submissionId), data, { onProgress }),
    onSuccess: (answer) => {
      queryClient.setQueryData(finalVersionKeys.paper(submissionId), answer);
      void queryClient.invalidateQueries({ queryKey: ['final-versions', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['progress'] });
    },
  });
}
