import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/feedback/notify.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { checkUserEmail, useCreateEventMutation } from '../api.ts';
import { useEventText } from '../use-event-text.ts';
import {
  type ChairCheck,
  type ChairRow,
  EMAIL_PATTERN,
  initialEventFormValues,
  toCreateEventBody,
  validateEventForm,
} from './event-form.ts';
import { useEventForm } from './use-event-form.ts';

/**
 * The state of the event creation form: the values and their problems (`useEventForm`, shared with the edit
 * form), the check of each chair address against the registered users, and the submit. Submitting checks rules
 * 1–14 of `validateEventForm` in order (the chair addresses typed but not yet checked are checked first) and stops
 * at the first, shown under its field, focused, and in a notification; the server's refusal is shown the same way. On success the user's roles are refreshed (the
 * creator is now the event's event admin) and the user goes to /roles.
 */
export function useEventCreateForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  const { errorText } = useEventText();
  const create = useCreateEventMutation();
  const [checks, setChecks] = useState<Record<string, ChairCheck>>({});
  const checksRef = useRef(checks);
  const { form, reportProblem, reportServerError } = useEventForm(initialEventFormValues);
  const setCheck = useCallback((key: string, check: ChairCheck) => {
    checksRef.current = { ...checksRef.current, [key]: check };
    setChecks(checksRef.current);
  }, []);

  /** Checks one chair address against the registered users; resolves when known. */
  const checkChair = useCallback(
    async (row: ChairRow): Promise<ChairCheck> => {
      const email = row.email.trim();
      const previous = checksRef.current[row.key];
      if (!email) {
        setCheck(row.key, { state: 'idle' });
        return { state: 'idle' };
      }
      if (previous && previous.state !== 'idle' && previous.state !== 'failed' && previous.email === email) {
        return previous;
      }
      if (!EMAIL_PATTERN.test(email)) {
        const malformed: ChairCheck = { state: 'malformed', email };
        setCheck(row.key, malformed);
        return malformed;
      }
      setCheck(row.key, { state: 'checking', email });
      let result: ChairCheck;
      try {
        const { exists } = await checkUserEmail(email);
        result = exists ? { state: 'found', email } : { state: 'notFound', email };
      } catch (error) {
        result = { state: 'failed', email, message: errorText(error) };
      }
      // Only if the row still holds that address.
      const latest = form.getValues().chairEmails.find((entry) => entry.key === row.key);
      if (latest && latest.email.trim() === email) setCheck(row.key, result);
      return result;
    },
    [errorText, form, setCheck],
  );

  const handleSubmit = async (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    if (create.isPending) return;
    form.clearErrors();
    const values = form.getValues();
    let problem = validateEventForm(values, checksRef.current);
    if (!problem) {
      // Rule 14 needs every address checked; the ones typed but not yet left are checked now.
      await Promise.all(values.chairEmails.map((row) => checkChair(row)));
      problem = validateEventForm(values, checksRef.current);
    }
    if (problem) {
      reportProblem(problem);
      return;
    }
    create.mutate(toCreateEventBody(values), {
      onSuccess: async () => {
        notify('success', t('events.create.created'));
        await refreshUser();
        navigate('/roles');
      },
      onError: (error) => reportServerError(error, t('events.create.failed')),
    });
  };

  return {
    form,
    checks,
    checkChair,
    handleSubmit,
    submitting: create.isPending,
    cancel: () => navigate('/events'),
  };
}

export type EventCreateFormState = ReturnType<typeof useEventCreateForm>;
