import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import { notify } from '../../../components/feedback/notify.tsx';
import { firstFieldProblem } from '../event-errors.ts';
import { useEventText } from '../use-event-text.ts';
import {
  type EventFormField,
  type EventFormProblem,
  type EventFormValues,
  formFieldOfServerField,
} from './event-form.ts';

/**
 * The core the event creation and edit forms share: the values (Mantine form) and how a problem is reported. A
 * problem of the rules (`validateEventForm`) or of the server's answer shows under its field, which is scrolled to
 * and focused, and in a notification.
 */
export function useEventForm(initialValues: () => EventFormValues) {
  const { message, errorText, failureText } = useEventText();
  const [initial] = useState(initialValues);
  const form = useForm<EventFormValues>({ initialValues: initial });

  const showProblem = useCallback(
    (field: EventFormField, text: string) => {
      form.setFieldError(field, text);
      const node = form.getInputNode(field as Parameters<typeof form.getInputNode>[0]);
      node?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      node?.focus({ preventScroll: true });
    },
    [form],
  );

  /** A rule the values break, found before anything is sent. */
  const reportProblem = (problem: EventFormProblem) => {
    const text = message(problem.key, problem.params);
    showProblem(problem.field, text);
    notify('error', text);
  };

  /**
   * A refusal of the server: its first field problem under that field (a chair address under its row), and the
   * notification "{failed} {what the server said}" (`failed`: 'Failed to create Event.', translated).
   */
  const reportServerError = (error: unknown, failed: string) => {
    const values = form.getValues();
    const server = firstFieldProblem(error);
    const email = typeof server?.params?.email === 'string' ? server.params.email : undefined;
    const field = server ? formFieldOfServerField(server.field, values, email) : undefined;
    const detail = errorText(error);
    if (field && detail) showProblem(field, detail);
    notify('error', failureText(failed, error));
  };

  return { form, showProblem, reportProblem, reportServerError };
}
