import { useCallback } from 'react';
import { errorMessage, fieldMessages, useMessageText } from '../../components/feedback/message.ts';

/** What a failed committee call says, in the interface language: as one line, or the first problem of a field. */
export function useCommitteeText() {
  const { text } = useMessageText();
  const errorText = useCallback(
    (error: unknown, fallback: string) => {
      const found = errorMessage(error);
      return found ? text(found) : fallback;
    },
    [text],
  );
  const fieldError = useCallback(
    (error: unknown, field: string): string | undefined => {
      const line = fieldMessages(error).find((problem) => problem.field === field);
      return line ? text(line.message) : undefined;
    },
    [text],
  );
  return { text, errorText, fieldError };
}
