import { useParams } from 'react-router';
import { EventAuditScreen } from '../features/audit/components/AuditScreens.tsx';

/** /events/:id/audit: the event's audit log, for its committee. */
export function Component() {
  const { id = '' } = useParams();
  return <EventAuditScreen key={id} eventId={id} />;
}
