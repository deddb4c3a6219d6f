import { useParams } from 'react-router';
import { AutoAssignmentScreen } from '../features/assignment/components/AutoAssignmentScreen.tsx';

/** /events/:id/area-chair-assignment: the automatic assignment of area chairs, previewed then applied. */
export function Component() {
  const { id = '' } = useParams();
  return <AutoAssignmentScreen key={id} eventId={id} assigns="area_chair" />;
}
