import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeadlineParts, deadlineParts } from './deadline.ts';

/** `deadlineParts` in the interface language: the values of the sentences that name a deadline. */
export function useDeadlineParts(): (
  value: string | null | undefined,
  timezone: string | null | undefined,
) => DeadlineParts {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (value, timezone) => deadlineParts(value, timezone, language, t('common.deadlineAoe')),
    [language, t],
  );
}
