import { useParams } from 'react-router';
import { SubmissionBidScreen } from '../features/bidding/components/SubmissionBidScreen.tsx';

/** /submissions/:id/bid: the submission detail with bidding. */
export function Component() {
  const { id = '' } = useParams();
  return <SubmissionBidScreen key={id} submissionId={id} />;
}
