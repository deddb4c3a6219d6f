import { DISCUSSION_VISIBILITY, RESPONSE_WORD_LIMIT_MAX } from '@confero/contracts';
import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isAoe } from '../../../components/data/deadline.ts';
import { ViewerTime } from '../../responses/components/WindowTimes.tsx';
import { viewerZone, zoneLabel } from '../deadline-zones.ts';
import type { EventFormValues } from './event-form.ts';
import { FormSection } from './FormSection.tsx';

type EventForm = UseFormReturnType<EventFormValues>;

/**
 * The edit form's section "Author response and discussion": the author response phase (on or off, its window as
 * date and time in the event's zone with the viewer's own time beside, its word limit) and when reviewers join a
 * paper's discussion, and whether reviewers may ask the review assistant (`docs/domain.md#review-assistant`). The times keep their wall-clock meaning in the event's zone (`docs/domain.md#author-response`).
 */
export function ResponsePhaseSection({
  form,
  viewerTimeZone = viewerZone(),
}: {
  form: EventForm;
  viewerTimeZone?: string;
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  const zone = isAoe(values.timezone) ? t('common.deadlineAoe') : zoneLabel(values.timezone);
  const timeField = (field: 'responseOpensAt' | 'responseClosesAt', label: string, testId: string) => (
    <Stack gap={4}>
      <TextInput
        type="datetime-local"
        label={label}
        description={t('events.edit.fields.responseTimeHint', { timezone: zone })}
        data-testid={testId}
        {...form.getInputProps(field)}
      />
      <ViewerTime value={values[field]} timezone={values.timezone} viewer={viewerTimeZone} testId={`${testId}-yours`} />
    </Stack>
  );
  return (
    <FormSection
      title={t('events.edit.sections.responses.title')}
      description={t('events.edit.sections.responses.description')}
      icon={MessagesSquare}
      data-testid="section-responses"
    >
      <Switch
        label={t('events.edit.fields.responseEnabled')}
        description={t('events.edit.fields.responseEnabledHint')}
        data-testid="response-enabled"
        {...form.getInputProps('responseEnabled', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {timeField('responseOpensAt', t('events.edit.fields.responseOpensAt'), 'response-opens-at')}
        {timeField('responseClosesAt', t('events.edit.fields.responseClosesAt'), 'response-closes-at')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('events.edit.fields.responseWordLimit')}
          description={t('events.edit.fields.responseWordLimitHint', { max: RESPONSE_WORD_LIMIT_MAX })}
          min={1}
          max={RESPONSE_WORD_LIMIT_MAX}
          allowDecimal={false}
          allowNegative={false}
          data-testid="response-word-limit"
          {...form.getInputProps('responseWordLimit')}
        />
        <Select
          label={t('events.edit.fields.discussionReviewersSee')}
          description={t('events.edit.fields.discussionReviewersSeeHint')}
          allowDeselect={false}
          data={DISCUSSION_VISIBILITY.map((value) => ({
            value,
            label: t(`events.edit.fields.discussionVisibility.${value}`),
          }))}
          data-testid="discussion-reviewers-see"
          {...form.getInputProps('discussionReviewersSee')}
        />
      </SimpleGrid>
      <Switch
        label={t('events.edit.fields.assistantEnabled')}
        description={t('events.edit.fields.assistantEnabledHint')}
        data-testid="assistant-enabled"
        {...form.getInputProps('assistantEnabled', { type: 'checkbox' })}
      />
    </FormSection>
  );
}
