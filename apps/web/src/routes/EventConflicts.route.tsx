import { useParams } from 'react-router';
import { ConflictsScreen } from '../features/conflicts/components/ConflictsScreen.tsx';

/** /events/:id/conflicts: the event's conflicts of interest, for its committee. */
export function Component() {
  const { id = '' } = useParams();
  return <ConflictsScreen key={id} eventId={id} />;
}
