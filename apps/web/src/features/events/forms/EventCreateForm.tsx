import { UserRoundCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ChairEmailsField } from './ChairEmailsField.tsx';
import {
  AdditionalInfoSection,
  BasicInfoSection,
  DatesSection,
  ResearchAreasSection,
  SubmitBar,
  VenueSection,
} from './EventFormSections.tsx';
import { EventFormShell } from './EventFormShell.tsx';
import { FormSection } from './FormSection.tsx';
import { useEventCreateForm } from './use-event-create-form.ts';

/**
 * The event creation form: basic info, venue and location, dates and deadlines, research areas, chair info and
 * additional info. The values, the chair checks and the submit are `useEventCreateForm`'s; this component lays out
 * the sections.
 */
export function EventCreateForm() {
  const { t } = useTranslation();
  const state = useEventCreateForm();
  return (
    <EventFormShell onSubmit={(submitEvent) => void state.handleSubmit(submitEvent)} testId="event-create-form">
      <BasicInfoSection form={state.form} />
      <VenueSection form={state.form} />
      <DatesSection form={state.form} />
      <ResearchAreasSection form={state.form} />
      <FormSection
        title={t('events.create.sections.chairs.title')}
        description={t('events.create.sections.chairs.description')}
        icon={UserRoundCheck}
        data-testid="section-chairs"
      >
        <ChairEmailsField form={state.form} checks={state.checks} onCheck={(row) => void state.checkChair(row)} />
      </FormSection>
      <AdditionalInfoSection form={state.form} />
      <SubmitBar
        submitting={state.submitting}
        onCancel={state.cancel}
        submitLabel={t('events.create.submit')}
        note={t('events.create.approvalNote')}
        testId="event-create-submit"
      />
    </EventFormShell>
  );
}
