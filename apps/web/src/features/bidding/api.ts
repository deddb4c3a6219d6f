import type { BidDto, BiddingPageDto, BidValue } from '@confero/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api.ts';
import { reviewKeys } from '../reviews/api.ts';
import { submissionKeys } from '../submissions/api.ts';
import { BIDDING_PAGE_SIZE, type BiddingListParams, biddingApiQuery, patchBiddingRow } from './bid-display.ts';

/** Query keys of the bidding feature; every list under ['bidding', 'list'] is asked again after a bid. */
export const biddingKeys = {
  all: ['bidding'] as const,
  bid: (submissionId: string) => ['bidding', 'bid', submissionId] as const,
  lists: ['bidding', 'list'] as const,
  eventLists: (eventId: string) => ['bidding', 'list', eventId] as const,
  list: (eventId: string, params: BiddingListParams) => ['bidding', 'list', eventId, params] as const,
};

const bidPath = (submissionId: string) => `submissions/${encodeURIComponent(submissionId)}/bid/`;

/** `GET submissions/{id}/bid/`: the caller's bid on a paper and whether they have a conflict of interest with it. */
export function bidQuery(submissionId: string) {
  return queryOptions({
    queryKey: biddingKeys.bid(submissionId),
    queryFn: () => api.get<BidDto>(bidPath(submissionId)),
  });
}

/**
 * `GET events/{id}/bids/?page=&page_size=&bid=&search=`: one page of the caller's bidding list with the summary
 * per bid value. The previous page stays on screen while the next one loads.
 */
export function biddingListQuery(eventId: string, params: BiddingListParams) {
  return queryOptions({
    queryKey: biddingKeys.list(eventId, params),
    queryFn: () =>
      api.get<BiddingPageDto>(`events/${encodeURIComponent(eventId)}/bids/`, {
        query: biddingApiQuery(params, BIDDING_PAGE_SIZE),
      }),
    placeholderData: keepPreviousData,
  });
}

/** A bid to save, or `null` to clear the caller's bid (refused for a 'conflict' bid). */
export type PutBidArgs = { submissionId: string; value: BidValue | null };

/**
 * `PUT submissions/{id}/bid/` {value} (`null` clears it): answers the stored bid. The bid query shows the answer,
 * the cached list rows show it at once and every list is asked again for its summary. A 'conflict' bid declares a
 * conflict of interest, which changes the paper's abilities and removes an untouched assignment, so the submission
 * and the caller's reviews are asked again too. A refusal for a conflict found meanwhile, or because the paper was
 * decided meanwhile (409 `bids.submissionClosed`), refreshes the bid and the lists.
 */
export function usePutBidMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, value }: PutBidArgs) => api.put<BidDto>(bidPath(submissionId), { value }),
    onSuccess: (bid, { submissionId }) => {
      for (const id of new Set([submissionId, bid.submission])) queryClient.setQueryData(biddingKeys.bid(id), bid);
      queryClient.setQueriesData<BiddingPageDto>({ queryKey: biddingKeys.lists }, (page) =>
        page ? patchBiddingRow(page, bid) : page,
      );
      void queryClient.invalidateQueries({ queryKey: biddingKeys.lists });
      if (bid.conflict) {
        void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
        void queryClient.invalidateQueries({ queryKey: reviewKeys.mine });
      }
    },
    onError: (error, { submissionId }) => {
      if (isApiError(error) && (error.code === 'CONFLICT_OF_INTEREST' || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: biddingKeys.bid(submissionId) });
        void queryClient.invalidateQueries({ queryKey: biddingKeys.lists });
      }
    },
  });
}
