import { Navigate, useSearchParams } from 'react-router';
import { InvitationInfo } from '../features/auth/components/InvitationResult.tsx';

const RESULTS = new Set(['accepted', 'declined', 'error']);

/** /reviewer-invitation: `?status=accepted|declined|error` leads to its result page. */
export function Component() {
  const [search] = useSearchParams();
  const status = search.get('status') ?? search.get('result');
  if (status && RESULTS.has(status)) {
    const rest = new URLSearchParams(search);
    rest.delete('status');
    rest.delete('result');
    const query = rest.toString();
    return <Navigate to={`/reviewer-invitation/${status}${query ? `?${query}` : ''}`} replace />;
  }
  return <InvitationInfo />;
}
