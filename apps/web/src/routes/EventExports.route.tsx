import { useParams } from 'react-router';
import { ExportsScreen } from '../features/exports/components/ExportsScreen.tsx';

/** /events/:id/exports: the event's data as CSV or XLSX, for its committee. */
export function Component() {
  const { id = '' } = useParams();
  return <ExportsScreen key={id} eventId={id} />;
}
