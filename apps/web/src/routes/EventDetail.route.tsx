import { useParams } from 'react-router';
import { EventDetailScreen } from '../features/events/components/EventDetailScreen.tsx';

/** /events/:id, id being the public id or the numeric id. */
export function Component() {
  const { id = '' } = useParams();
  return <EventDetailScreen key={id} id={id} />;
}
