import { useParams } from 'react-router';
import { FinalVersionsScreen } from '../features/final-versions/components/FinalVersionsScreen.tsx';

/** /events/:id/final-versions: the accepted papers' final versions and the proceedings, for the organizers. */
export function Component() {
  const { id = '' } = useParams();
  return <FinalVersionsScreen key={id} eventId={id} />;
}
