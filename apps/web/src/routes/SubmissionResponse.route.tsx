import { useParams } from 'react-router';
import { AuthorResponseScreen } from '../features/responses/components/AuthorResponseScreen.tsx';

/** /events/:eventId/submissions/:submissionId/response: the authors' response to the reviews. */
export function Component() {
  const { submissionId = '', eventId = '' } = useParams();
  return <AuthorResponseScreen key={`${eventId}/${submissionId}`} submissionId={submissionId} eventId={eventId} />;
}
