import { useParams } from 'react-router';
import { AutoAssignmentScreen } from '../features/assignment/components/AutoAssignmentScreen.tsx';

/** /events/:id/assignment: the automatic assignment, previewed then applied. */
export function Component() {
  const { id = '' } = useParams();
  return <AutoAssignmentScreen key={id} eventId={id} />;
}
