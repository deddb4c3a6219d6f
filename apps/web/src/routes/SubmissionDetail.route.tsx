import { useParams } from 'react-router';
import { SubmissionDetailScreen } from '../features/submissions/components/SubmissionDetailScreen.tsx';

/** /submissions/:submissionId and /events/:eventId/submissions/:submissionId. */
export function Component() {
  const { submissionId, eventId } = useParams();
  return (
    <SubmissionDetailScreen
      key={`${eventId ?? ''}/${submissionId ?? ''}`}
      submissionId={submissionId}
      eventId={eventId}
    />
  );
}
