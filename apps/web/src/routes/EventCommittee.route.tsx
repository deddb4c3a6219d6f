import { useParams } from 'react-router';
import { CommitteeScreen } from '../features/committee/components/CommitteeScreen.tsx';

/** /events/:id/committee: the event's programme committee, for its organizers. */
export function Component() {
  const { id = '' } = useParams();
  return <CommitteeScreen key={id} eventId={id} />;
}
