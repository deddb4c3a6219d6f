import { ReviewsDashboard } from '../features/reviews/components/ReviewsDashboard.tsx';

/** /reviews 'Your reviews' (spec part 2 §2). */
export function Component() {
  return <ReviewsDashboard />;
}
