import { useParams } from 'react-router';
import { ReviewFormScreen } from '../features/review-forms/components/ReviewFormScreen.tsx';

/** /events/:id/review-form: the event's review form, edited by its chairs. */
export function Component() {
  const { id = '' } = useParams();
  return <ReviewFormScreen key={id} eventId={id} />;
}
