import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { EventToolGate } from '../../events/components/EventToolGate.tsx';
import { eventAuditQuery, platformAuditQuery } from '../api.ts';
import { AUDIT_LIST_CODEC, auditListParams } from '../audit-filters.ts';
import { AuditLogView } from './AuditLogView.tsx';

/** The event's audit log once its committee is known (the list is asked for only then). */
function EventAuditLog({ eventId }: { eventId: string }) {
  const list = useListParams(AUDIT_LIST_CODEC);
  const query = useQuery(eventAuditQuery(eventId, auditListParams(list.filters)));
  return <AuditLogView list={list} query={query} platform={false} />;
}

/**
 * /events/{id}/audit, for the event's committee: what happened in the event, who did it and when, filtered (kept
 * in the address) and paginated. Entries about the reviewing of a paper the reader is conflicted with come redacted.
 */
export function EventAuditScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const title = t('audit.title');
  return (
    <EventToolGate
      eventId={eventId}
      title={title}
      testId="audit"
      ability="view_audit"
      textsFrom="exports"
      intro={t('audit.description')}
    >
      {() => <EventAuditLog eventId={eventId} />}
    </EventToolGate>
  );
}

/** /admin/audit, site admins only: every entry of the platform, filtered by event too. */
export function AdminAuditScreen() {
  const { t } = useTranslation();
  const list = useListParams(AUDIT_LIST_CODEC);
  const query = useQuery(platformAuditQuery(auditListParams(list.filters)));
  return (
    <>
      <ScreenHeader title={t('audit.adminTitle')} description={t('audit.adminDescription')} />
      <AuditLogView list={list} query={query} platform />
    </>
  );
}
