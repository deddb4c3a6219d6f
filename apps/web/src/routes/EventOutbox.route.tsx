import { useParams } from 'react-router';
import { EventOutboxScreen } from '../features/communications/components/EventOutboxScreen.tsx';

/** /events/:id/outbox: every mail of the event, for its organizers. */
export function Component() {
  const { id = '' } = useParams();
  return <EventOutboxScreen key={id} eventId={id} />;
}
