import { useParams } from 'react-router';
import { ReviewDetailScreen } from '../features/reviews/components/ReviewDetailScreen.tsx';

/** /reviews/:id: one review (spec part 2 §2, DESIGN.md §12). */
export function Component() {
  const { id = '' } = useParams();
  return <ReviewDetailScreen key={id} reviewId={id} />;
}
