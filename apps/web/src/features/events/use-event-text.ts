import {
  EVENT_STATUS_LABELS,
  EVENT_TYPE_LABELS,
  type EventMessageKey,
  type EventStatus,
  type EventType,
  eventMessage,
} from '@confero/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../components/feedback/message.ts';
import { capitalize } from './event-display.ts';
import { eventErrorMessage } from './event-errors.ts';

export type EventLanguage = 'en' | 'ar';

/**
 * Texts of the events feature in the interface language: the events API's messages (the catalogue shared with the
 * server, packages/i18n `server.json`), the status and type labels, and what a failed call says.
 */
export function useEventText() {
  const { i18n } = useTranslation();
  const { text } = useMessageText();
  const language: EventLanguage = (i18n.resolvedLanguage ?? i18n.language).startsWith('ar') ? 'ar' : 'en';

  const message = useCallback(
    (key: EventMessageKey, params?: Record<string, string | number>) => eventMessage(key, params, language),
    [language],
  );
  /** A status in the interface language; an unknown one as the server's display text, else capitalised. */
  const statusLabel = useCallback(
    (status: string, display?: string) =>
      EVENT_STATUS_LABELS[status as EventStatus]?.[language] ?? (display || capitalize(status)),
    [language],
  );
  const typeLabel = useCallback(
    (type: string, display?: string) =>
      EVENT_TYPE_LABELS[type as EventType]?.[language] ?? (display || capitalize(type)),
    [language],
  );
  /** What a failed call says in the interface language, or undefined when it says nothing. */
  const errorText = useCallback(
    (error: unknown): string | undefined => {
      const found = eventErrorMessage(error, language);
      return found ? text(found) : undefined;
    },
    [language, text],
  );
  /** "{prefix} {what the server said}", or the prefix alone (e.g. 'Failed to create Event.' + the detail). */
  const failureText = useCallback(
    (prefix: string, error: unknown) => {
      const detail = errorText(error);
      return detail ? `${prefix} ${detail}` : prefix;
    },
    [errorText],
  );

  return useMemo(
    () => ({ language, message, statusLabel, typeLabel, errorText, failureText }),
    [language, message, statusLabel, typeLabel, errorText, failureText],
  );
}
