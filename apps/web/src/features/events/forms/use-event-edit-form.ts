import type { EventDeadlineField, EventDto } from '@confero/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/feedback/notify.tsx';
import { useUpdateEventMutation } from '../api.ts';
import { eventHref, eventRef } from '../event-display.ts';
import { eventFormValuesOf, toUpdateEventBody, validateEventForm } from './event-form.ts';
import { useEventForm } from './use-event-form.ts';

/**
 * The state of the event edit form: the values start from the event (`useEventForm`, shared with creation), the
 * rules are creation's (1–13, checked in order before anything is sent), and only the fields that changed are sent
 * with `PATCH events/{id}/`. A refusal shows under its field. After a save that moved a deadline, the form offers
 * to tell the people it concerns (`deadlinesChanged`); otherwise it goes back to the event.
 */
export function useEventEditForm(event: EventDto) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = eventRef(event);
  const update = useUpdateEventMutation(ref);
  const { form, reportProblem, reportServerError } = useEventForm(() => eventFormValuesOf(event));
  /** What the form started from, then what was last saved: the changes are sent against it. */
  const savedRef = useRef(form.getValues());
  const [deadlinesChanged, setDeadlinesChanged] = useState<EventDeadlineField[]>([]);
  const backToEvent = () => navigate(eventHref(event));

  const handleSubmit = (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    if (update.isPending) return;
    form.clearErrors();
    const values = form.getValues();
    const problem = validateEventForm(values);
    if (problem) {
      reportProblem(problem);
      return;
    }
    const body = toUpdateEventBody(values, savedRef.current);
    if (Object.keys(body).length === 0) {
      notify('info', t('events.edit.nothingChanged'));
      return;
    }
    update.mutate(body, {
      onSuccess: (answer) => {
        notify('success', t('events.edit.saved'));
        savedRef.current = values;
        if (answer.deadlines_changed.length > 0) setDeadlinesChanged(answer.deadlines_changed);
        else backToEvent();
      },
      onError: (error) => reportServerError(error, t('events.edit.failed')),
    });
  };

  return {
    form,
    handleSubmit,
    submitting: update.isPending,
    cancel: backToEvent,
    deadlinesChanged,
    backToEvent,
  };
}

export type EventEditFormState = ReturnType<typeof useEventEditForm>;
