import { useParams } from 'react-router';
import { EventSubmissionsScreen } from '../features/submissions/components/EventSubmissionsScreen.tsx';

/** /events/:eventId/submissions: an event's submissions, for its staff. */
export function Component() {
  const { eventId } = useParams();
  return <EventSubmissionsScreen key={eventId} eventId={eventId} />;
}
