import { useParams } from 'react-router';
import { EditSubmissionScreen } from '../features/submissions/components/EditSubmissionScreen.tsx';

/** /submissions/:submissionId/edit and /events/:eventId/submissions/:submissionId/edit (spec part 2 §2). */
export function Component() {
  const { submissionId } = useParams();
  return <EditSubmissionScreen key={submissionId} submissionId={submissionId} />;
}
