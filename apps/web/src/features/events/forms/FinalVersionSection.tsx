import { SUPPLEMENTARY_MAX_MB_MAX, SUPPLEMENTARY_MAX_MB_MIN } from '@confero/contracts';
import { NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FileCheck2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isAoe } from '../../../components/data/deadline.ts';
import { zoneLabel } from '../deadline-zones.ts';
import type { EventFormValues } from './event-form.ts';
import { FormSection } from './FormSection.tsx';

/**
 * The edit form's section "Final version": the phase after the decisions (on or off), its deadline (a date, due at
 * its end in the event's zone) and the size limit of supplementary material (`docs/domain.md#final-version`).
 */
export function FinalVersionSection({ form }: { form: UseFormReturnType<EventFormValues> }) {
  const { t } = useTranslation();
  const { timezone } = form.getValues();
  const zone = isAoe(timezone) ? t('common.deadlineAoe') : zoneLabel(timezone);
  return (
    <FormSection
      title={t('events.edit.sections.finalVersion.title')}
      description={t('events.edit.sections.finalVersion.description')}
      icon={FileCheck2}
      data-testid="section-final-version"
    >
      <Switch
        label={t('events.edit.fields.finalVersionEnabled')}
        description={t('events.edit.fields.finalVersionEnabledHint')}
        data-testid="final-version-enabled"
        {...form.getInputProps('finalVersionEnabled', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          type="date"
          label={t('events.edit.fields.finalVersionDeadline')}
          description={t('events.edit.fields.finalVersionDeadlineHint', { timezone: zone })}
          data-testid="final-version-deadline-input"
          {...form.getInputProps('finalVersionDeadline')}
        />
        <NumberInput
          label={t('events.edit.fields.supplementaryMaxMb')}
          description={t('events.edit.fields.supplementaryMaxMbHint', {
            min: SUPPLEMENTARY_MAX_MB_MIN,
            max: SUPPLEMENTARY_MAX_MB_MAX,
          })}
          min={SUPPLEMENTARY_MAX_MB_MIN}
          max={SUPPLEMENTARY_MAX_MB_MAX}
          allowDecimal={false}
          allowNegative={false}
          data-testid="supplementary-max-mb"
          {...form.getInputProps('supplementaryMaxMb')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
