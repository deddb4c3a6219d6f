import type { MailStatus, OutboxMailDto } from '@confero/contracts';

/** A timestamp with its time, in the interface language and the browser's time zone; null for nothing. */
export function formatDateTime(value: string | null, language: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export const STATUS_COLORS: Record<MailStatus, string> = { queued: 'blue', sent: 'teal', failed: 'red' };

/** What the event column shows: the title, a deleted event's id, or that the mail concerns an account. */
export function eventLabel(
  event: OutboxMailDto['event'],
  texts: { noEvent: string; deletedEvent: (id: number) => string },
): string {
  if (!event) return texts.noEvent;
  return event.title ?? texts.deletedEvent(event.id);
}
