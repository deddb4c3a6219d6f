import { useParams } from 'react-router';
import { AdminEventDetailScreen } from '../features/events/components/AdminEventDetailScreen.tsx';

/** /admin/events/:id, admin only. */
export function Component() {
  const { id = '' } = useParams();
  return <AdminEventDetailScreen key={id} id={id} />;
}
