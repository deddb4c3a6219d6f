import { useParams } from 'react-router';
import { EventProgressScreen } from '../features/progress/components/EventProgressScreen.tsx';

/** /events/:id/progress: the event's progress at a glance, for its organizers. */
export function Component() {
  const { id = '' } = useParams();
  return <EventProgressScreen key={id} eventId={id} />;
}
