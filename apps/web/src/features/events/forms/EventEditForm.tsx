import type { EventDto } from '@confero/contracts';
import { useTranslation } from 'react-i18next';
import { DeadlineChangeNotice } from '../components/DeadlineChangeNotice.tsx';
import {
  AdditionalInfoSection,
  BasicInfoSection,
  DatesSection,
  ResearchAreasSection,
  ReviewingSection,
  SubmitBar,
  VenueSection,
} from './EventFormSections.tsx';
import { EventFormShell } from './EventFormShell.tsx';
import { FinalVersionSection } from './FinalVersionSection.tsx';
import { ResponsePhaseSection } from './ResponsePhaseSection.tsx';
import { useEventEditForm } from './use-event-edit-form.ts';

/**
 * The event edit form: the creation form's sections (without the chairs, who are managed on the event page), the
 * time zone among the dates, the reviewing section (review settings, reminder days) and the author response and
 * discussion section (`ResponsePhaseSection`). After a save that moved a
 * deadline, the offer to tell the people it concerns shows above the form.
 */
export function EventEditForm({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  const state = useEventEditForm(event);
  return (
    <>
      {state.deadlinesChanged.length > 0 ? (
        <DeadlineChangeNotice event={event} fields={state.deadlinesChanged} onDone={state.backToEvent} />
      ) : null}
      <EventFormShell onSubmit={state.handleSubmit} testId="event-edit-form">
        <BasicInfoSection form={state.form} />
        <VenueSection form={state.form} />
        <DatesSection form={state.form} pastDeadlinesText={t('events.edit.pastDeadlinesText')} />
        <ResearchAreasSection form={state.form} />
        <ReviewingSection form={state.form} />
        <ResponsePhaseSection form={state.form} />
        <FinalVersionSection form={state.form} />
        <AdditionalInfoSection form={state.form} />
        <SubmitBar
          submitting={state.submitting}
          onCancel={state.cancel}
          submitLabel={t('events.edit.submit')}
          testId="event-edit-submit"
        />
      </EventFormShell>
    </>
  );
}
