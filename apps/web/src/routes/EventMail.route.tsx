import { useParams } from 'react-router';
import { MailComposeScreen } from '../features/communications/components/MailComposeScreen.tsx';

/** /events/:id/mail: write to a group of the event, for its organizers. */
export function Component() {
  const { id = '' } = useParams();
  return <MailComposeScreen key={id} eventId={id} />;
}
