import { useParams } from 'react-router';
import { NewSubmissionScreen } from '../features/submissions/components/NewSubmissionScreen.tsx';

/** /events/:eventId/submissions/new and /events/:eventId/submit: the new submission form. */
export function Component() {
  const { eventId = '' } = useParams();
  return <NewSubmissionScreen key={eventId} eventId={eventId} />;
}
