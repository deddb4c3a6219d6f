import { useParams } from 'react-router';
import { BiddingListScreen } from '../features/bidding/components/BiddingListScreen.tsx';

/** /events/:id/bids: the event's bidding list for its reviewers. */
export function Component() {
  const { id = '' } = useParams();
  return <BiddingListScreen key={id} eventId={id} />;
}
