import { useParams } from 'react-router';
import { ReviewDetailScreen } from '../features/reviews/components/ReviewDetailScreen.tsx';

/** /reviews/:id: one review. */
export function Component() {
  const { id = '' } = useParams();
  return <ReviewDetailScreen key={id} reviewId={id} />;
}
