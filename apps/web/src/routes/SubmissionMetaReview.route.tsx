import { useParams } from 'react-router';
import { MetaReviewEditorScreen } from '../features/meta-reviews/components/MetaReviewEditorScreen.tsx';

/** /events/:eventId/submissions/:submissionId/meta-review: the paper's meta-review, written by its area chair. */
export function Component() {
  const { eventId = '', submissionId = '' } = useParams();
  return <MetaReviewEditorScreen key={submissionId} submissionId={submissionId} eventId={eventId} />;
}
