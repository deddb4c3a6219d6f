import { useParams } from 'react-router';
import { EventEditScreen } from '../features/events/components/EventEditScreen.tsx';

/** /events/:id/edit, id being the public id or the numeric id. */
export function Component() {
  const { id = '' } = useParams();
  return <EventEditScreen key={id} id={id} />;
}
