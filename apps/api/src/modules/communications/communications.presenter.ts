import type {
  EventMailTemplateKey,
  EventOutboxMailDto,
  MailAudience,
  MailSendDto,
  MailSendStatus,
} from '@confero/contracts';
import type { MailSendRow, OutboxRow } from './communications.queries.ts';
import type { Wordings } from './event-mail.ts';
import { placeholdersOf } from './event-mail.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentTemplate(key: EventMailTemplateKey, wordings: Wordings) {
  return { key, placeholders: placeholdersOf(key), en: wordings.en, ar: wordings.ar };
}

export function presentMailSend(row: MailSendRow, createdBy: string | null): MailSendDto {
  return {
    id: row.publicId,
    audience: row.audience as MailAudience,
    template_key: row.templateKey as EventMailTemplateKey | null,
    subject: row.subject,
    status: row.status as MailSendStatus,
    recipients: row.recipients,
    queued: row.queued,
    last_error: row.lastError,
    created_by: createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

export function presentEventMail(row: OutboxRow): EventOutboxMailDto {
  return {
    id: row.id,
    recipient: row.recipient,
    locale: row.locale,
    template: row.template,
    event_template: row.eventTemplate,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
  };
}
