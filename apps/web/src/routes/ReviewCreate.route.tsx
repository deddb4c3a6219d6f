import { useParams, useSearchParams } from 'react-router';
import { ReviewCreateScreen } from '../features/reviews/components/ReviewCreateScreen.tsx';

/** /reviews/create?submissionId= (a route param submissionId is also accepted). */
export function Component() {
  const [search] = useSearchParams();
  const params = useParams();
  const submissionId = (search.get('submissionId') ?? params.submissionId ?? '').trim() || undefined;
  return <ReviewCreateScreen key={submissionId ?? ''} submissionId={submissionId} />;
}
