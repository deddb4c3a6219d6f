import { ReviewsDashboard } from '../features/reviews/components/ReviewsDashboard.tsx';

/** /reviews 'Your reviews'. */
export function Component() {
  return <ReviewsDashboard />;
}
