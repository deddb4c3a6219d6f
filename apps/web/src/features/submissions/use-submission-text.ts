import {
  SUBMISSION_DECISION_LABELS,
  SUBMISSION_STATUS_LABELS,
  type SubmissionDecision,
  type SubmissionMessageKey,
  type SubmissionStatus,
  submissionMessage,
} from '@confero/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../components/feedback/message.ts';
import { capitalize } from '../events/event-display.ts';
import {
  type Language,
  type SaveErrorResult,
  saveErrorText,
  submissionErrorText,
  type TextTools,
  type Translate,
} from './submission-errors.ts';

/**
 * Texts of the submissions feature in the interface language: the submissions API's messages (the catalogue shared
 * with the server, packages/i18n `server.json`), the status and decision labels, and what a failed call says.
 */
export function useSubmissionText() {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language: Language = (i18n.resolvedLanguage ?? i18n.language).startsWith('ar') ? 'ar' : 'en';
  const translate = t as unknown as Translate;
  const tools: TextTools = useMemo(() => ({ language, t: translate, text }), [language, translate, text]);

  const message = useCallback(
    (key: SubmissionMessageKey, params?: Record<string, string | number>) => submissionMessage(key, params, language),
    [language],
  );
  /** A status in the interface language; an unknown one as the server's display text, else capitalised. */
  const statusLabel = useCallback(
    (status: string, display?: string) =>
      SUBMISSION_STATUS_LABELS[status as SubmissionStatus]?.[language] ?? (display || capitalize(status)),
    [language],
  );
  /** A decision in the interface language; others shown raw. */
  const decisionLabel = useCallback(
    (decision: string, display?: string) =>
      SUBMISSION_DECISION_LABELS[decision as SubmissionDecision]?.[language] ?? (display || decision),
    [language],
  );
  /** What a failed call says in the interface language, or undefined when it says nothing. */
  const errorText = useCallback((error: unknown) => submissionErrorText(error, tools), [tools]);
  /** "{prefix} {what the server said}", or the prefix alone. */
  const failureText = useCallback(
    (prefix: string, error: unknown) => {
      const detail = errorText(error);
      return detail && detail !== prefix ? `${prefix}: ${detail}` : prefix;
    },
    [errorText],
  );
  const saveError = useCallback(
    (error: unknown, mode: 'create' | 'update'): SaveErrorResult => saveErrorText(error, mode, tools),
    [tools],
  );

  return useMemo(
    () => ({ language, message, statusLabel, decisionLabel, errorText, failureText, saveError }),
    [language, message, statusLabel, decisionLabel, errorText, failureText, saveError],
  );
}
