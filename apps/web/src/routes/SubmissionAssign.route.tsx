import { useParams } from 'react-router';
import { AssignReviewersScreen } from '../features/assignment/components/AssignReviewersScreen.tsx';

/** /events/:eventId/submissions/:id/assign: reviewer candidates of one submission. */
export function Component() {
  const { eventId = '', id = '' } = useParams();
  return <AssignReviewersScreen key={id} eventId={eventId} submissionId={id} />;
}
