import { useParams } from 'react-router';
import { MailTemplatesScreen } from '../features/communications/components/MailTemplatesScreen.tsx';

/** /events/:id/mail/templates: the event's mail templates in English and Arabic, for its organizers. */
export function Component() {
  const { id = '' } = useParams();
  return <MailTemplatesScreen key={id} eventId={id} />;
}
