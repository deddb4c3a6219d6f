import { useParams } from 'react-router';
import { ReviewFormScreen } from '../features/review-forms/components/ReviewFormScreen.tsx';

/** /events/:id/meta-review-form: the event's meta-review form, edited by its chairs. */
export function Component() {
  const { id = '' } = useParams();
  return <ReviewFormScreen key={`meta-${id}`} eventId={id} kind="meta_review" />;
}
