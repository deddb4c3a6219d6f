import type { OutboxMailDetailDto, OutboxMailDto } from '@confero/contracts';
import type { OutboxDetailRow, OutboxListRow } from './outbox.queries.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** One row of the outbox list: no bodies; `abilities.retry` for any mail not sent yet. */
export function presentOutboxMail(row: OutboxListRow): OutboxMailDto {
  return {
    id: row.id,
    recipient: row.recipient,
    locale: row.locale,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    transport: row.transport,
    event: row.eventId === null ? null : { id: row.eventId, public_id: row.eventPublicId, title: row.eventTitle },
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: iso(row.nextAttemptAt),
    sent_at: iso(row.sentAt),
    failed_at: iso(row.failedAt),
    abilities: { retry: row.status !== 'sent' },
  };
}

/** `GET admin/outbox/{id}/`: the row and the subject and text it was rendered with (not the HTML). */
export function presentOutboxMailDetail(row: OutboxDetailRow): OutboxMailDetailDto {
  return { ...presentOutboxMail(row), subject: row.subject, text_body: row.textBody };
}
