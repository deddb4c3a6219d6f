import type { UseFormReturnType } from '@mantine/form';
import { useCallback } from 'react';
import { errorMessage, fieldMessages, useMessageText } from '../../components/feedback/message.ts';
import { notify } from '../../components/feedback/notify.tsx';

/**
 * Shows a refused call: each problem of a field the form has under that field (`fieldOf` maps the server's field to
 * the form's), anything else in one notification (`fallback` when the server said nothing usable).
 */
export function useServerFieldErrors() {
  const { text } = useMessageText();
  return useCallback(
    <V>(
      form: UseFormReturnType<V>,
      error: unknown,
      fallback: string,
      fieldOf: (serverField: string) => string | undefined,
    ) => {
      let placed = 0;
      for (const line of fieldMessages(error)) {
        const field = fieldOf(line.field);
        if (!field) continue;
        form.setFieldError(field, text(line.message));
        placed += 1;
      }
      if (placed === 0) {
        const message = errorMessage(error, { fieldFirst: true });
        notify('error', message ? text(message) : fallback);
      }
    },
    [text],
  );
}
