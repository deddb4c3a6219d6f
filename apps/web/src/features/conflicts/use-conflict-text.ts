import type { ConflictType } from '@confero/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldMessages, useMessageText } from '../../components/feedback/message.ts';
import { conflictTypeLabel, languageOf, reasonText } from './conflict-display.ts';

/**
 * Texts of the conflicts feature in the interface language: type labels, reasons, and what a failed call says
 * (as one line, or by field for a form).
 */
export function useConflictText() {
  const { i18n } = useTranslation();
  const { text } = useMessageText();
  const language = languageOf(i18n.resolvedLanguage ?? i18n.language);

  const typeLabel = useCallback((type: ConflictType) => conflictTypeLabel(type, language), [language]);
  const reason = useCallback((item: Parameters<typeof reasonText>[0]) => reasonText(item, language), [language]);
  /** What a failed call says, else the fallback. */
  const errorText = useCallback(
    (error: unknown, fallback: string) => {
      const found = errorMessage(error);
      return found ? text(found) : fallback;
    },
    [text],
  );
  /** The server's problems by its field names (`submission_id`, `email`…), as text: the first of each field. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> => {
      const found: Record<string, string> = {};
      for (const line of fieldMessages(error)) found[line.field] ??= text(line.message);
      return found;
    },
    [text],
  );

  return useMemo(
    () => ({ language, typeLabel, reason, errorText, fieldErrors }),
    [language, typeLabel, reason, errorText, fieldErrors],
  );
}
