import type { ConflictType } from '@confero/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../components/feedback/message.ts';
import { conflictTypeLabel, languageOf, reasonText } from './conflict-display.ts';
import { conflictErrorMessage, conflictFieldMessages } from './conflict-errors.ts';

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
      const found = conflictErrorMessage(error, language);
      return found ? text(found) : fallback;
    },
    [language, text],
  );
  /** The server's problems by its field names (`submission_id`, `email`…), as text. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> =>
      Object.fromEntries(
        Object.entries(conflictFieldMessages(error, language)).map(([field, message]) => [field, text(message)]),
      ),
    [language, text],
  );

  return useMemo(
    () => ({ language, typeLabel, reason, errorText, fieldErrors }),
    [language, typeLabel, reason, errorText, fieldErrors],
  );
}
