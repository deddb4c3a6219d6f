import { useParams } from 'react-router';
import { EditSubmissionScreen } from '../features/submissions/components/EditSubmissionScreen.tsx';

/** /submissions/:submissionId/edit and /events/:eventId/submissions/:submissionId/edit. */
export function Component() {
  const { submissionId } = useParams();
  return <EditSubmissionScreen key={submissionId} submissionId={submissionId} />;
}
