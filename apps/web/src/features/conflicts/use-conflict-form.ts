import { CONFLICT_NOTE_MAX_LENGTH } from '@confero/contracts';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConflictFormProblems, formFieldErrors } from './conflict-form.ts';
import { useConflictText } from './use-conflict-text.ts';

type ConflictFormOptions<V> = {
  /** Whether the form's modal is open: each opening starts from the empty form, without the last answer. */
  opened: boolean;
  initialValues: V;
  /** The form's own checks, as translation keys by field (conflict-form.ts). */
  validate: (values: V) => ConflictFormProblems;
  /** Forgets the mutation's last answer (its `reset`). */
  resetMutation: () => void;
};

/**
 * The state the three conflict forms share: a Mantine form validated by the rules of conflict-form.ts (translated,
 * with the note's maximum length), the one-line failure shown above the buttons, both cleared with the mutation
 * each time the modal opens, and `showError` for a failed call: the server's problems on the fields `fieldOf`
 * knows, else one line (the server's text, else the fallback).
 */
export function useConflictForm<V extends Record<string, unknown>>({
  opened,
  initialValues,
  validate,
  resetMutation,
}: ConflictFormOptions<V>) {
  const { t } = useTranslation();
  const { errorText, fieldErrors } = useConflictText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<V>({
    initialValues,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validate(values)).map(([field, problem]) => [
          field,
          problem ? t(problem, { max: CONFLICT_NOTE_MAX_LENGTH }) : null,
        ]),
      ),
  });
  const { reset } = form;

  useEffect(() => {
    if (opened) {
      reset();
      resetMutation();
      setFailure(null);
    }
  }, [opened, reset, resetMutation]);

  const showError = (error: unknown, fallback: string, fieldOf: (serverField: string) => string | undefined) => {
    const placed = Object.entries(formFieldErrors(fieldErrors(error), fieldOf));
    for (const [field, text] of placed) form.setFieldError(field, text);
    if (placed.length === 0) setFailure(errorText(error, fallback));
  };

  return { form, failure, setFailure, showError };
}
