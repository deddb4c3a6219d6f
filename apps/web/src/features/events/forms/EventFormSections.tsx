import {
  CITY_MAX_LENGTH,
  EVENT_ACRONYM_MAX_LENGTH,
  EVENT_TEXT_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  EVENT_TYPES,
  EVENT_WEBPAGE_MAX_LENGTH,
  REMINDER_DAYS_CHOICES,
  VENUE_MAX_LENGTH,
} from '@confero/contracts';
import {
  Alert,
  Button,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import {
  BookOpen,
  CalendarDays,
  CircleAlert,
  FileText,
  Globe,
  Info,
  MapPin,
  RefreshCw,
  SlidersHorizontal,
} from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { CountrySelect } from '../../../components/forms/CountrySelect.tsx';
import { PassedDeadlinesAlert } from '../components/PassedDeadlines.tsx';
import { ReviewSettingsFields } from '../components/ReviewSettingsFields.tsx';
import { useEventText } from '../use-event-text.ts';
import { useResearchAreas } from '../use-research-areas.ts';
import { DescriptionField } from './DescriptionField.tsx';
import type { EventFormValues } from './event-form.ts';
import { FormSection } from './FormSection.tsx';
import { timeZoneNames } from './time-zones.ts';

/*
 * The sections of the event form, each laying out its fields over the form state of `useEventForm` (creation:
 * `useEventCreateForm`, edit: `useEventEditForm`); the rules and the submit live in those hooks.
 */

type EventForm = UseFormReturnType<EventFormValues>;

const DATE_FIELDS = ['startDate', 'endDate', 'submissionDeadline', 'reviewDeadline', 'notificationDate'] as const;

/** Title, acronym, type, description and web page. */
export function BasicInfoSection({ form }: { form: EventForm }) {
  const { t } = useTranslation();
  const { typeLabel } = useEventText();
  return (
    <FormSection
      title={t('events.create.sections.basic.title')}
      description={t('events.create.sections.basic.description')}
      icon={FileText}
      data-testid="section-basic"
    >
      <TextInput
        label={t('events.create.fields.title')}
        placeholder={t('events.create.fields.titlePlaceholder')}
        withAsterisk
        maxLength={EVENT_TITLE_MAX_LENGTH}
        classNames={USER_INPUT_CLASS_NAMES}
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('events.create.fields.acronym')}
          placeholder={t('events.create.fields.acronymPlaceholder')}
          maxLength={EVENT_ACRONYM_MAX_LENGTH}
          classNames={USER_INPUT_CLASS_NAMES}
          {...form.getInputProps('acronym')}
        />
        <Select
          label={t('events.create.fields.type')}
          withAsterisk
          allowDeselect={false}
          data={EVENT_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
          {...form.getInputProps('type')}
        />
      </SimpleGrid>
      <DescriptionField form={form} />
      <TextInput
        type="url"
        label={t('events.create.fields.webpage')}
        placeholder="https://"
        leftSection={<Globe size={16} />}
        maxLength={EVENT_WEBPAGE_MAX_LENGTH}
        dir="ltr"
        {...form.getInputProps('webpage')}
      />
    </FormSection>
  );
}

/** Venue, city, country and how to get there. */
export function VenueSection({ form }: { form: EventForm }) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <FormSection
      title={t('events.create.sections.venue.title')}
      description={t('events.create.sections.venue.description')}
      icon={MapPin}
      data-testid="section-venue"
    >
      <TextInput
        label={t('events.create.fields.venue')}
        placeholder={t('events.create.fields.venuePlaceholder')}
        maxLength={VENUE_MAX_LENGTH}
        classNames={USER_INPUT_CLASS_NAMES}
        {...form.getInputProps('venue')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('events.create.fields.city')}
          withAsterisk
          maxLength={CITY_MAX_LENGTH}
          classNames={USER_INPUT_CLASS_NAMES}
          {...form.getInputProps('city')}
        />
        <CountrySelect
          label={t('events.create.fields.country')}
          withAsterisk
          {...form.getInputProps('country')}
          value={values.country}
          onChange={(code) => form.setFieldValue('country', code)}
        />
      </SimpleGrid>
      <Textarea
        label={t('events.create.fields.additionalDetails')}
        placeholder={t('events.create.fields.additionalDetailsPlaceholder')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={EVENT_TEXT_MAX_LENGTH}
        classNames={USER_INPUT_CLASS_NAMES}
        {...form.getInputProps('additionalDetails')}
      />
    </FormSection>
  );
}

/**
 * The event's dates and deadlines and their time zone, with a warning for deadlines already past and what that
 * means for the form (`pastDeadlinesText`: creating by default).
 */
export function DatesSection({ form, pastDeadlinesText }: { form: EventForm; pastDeadlinesText?: string }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const timeZones = useMemo(
    () =>
      timeZoneNames().map((zone) => ({
        value: zone,
        label: zone === 'AoE' ? t('events.create.fields.aoe') : zone.replace(/_/g, ' '),
      })),
    [t],
  );

  const calendarLabels = {
    nextMonth: t('events.create.calendar.nextMonth'),
    previousMonth: t('events.create.calendar.previousMonth'),
    nextYear: t('events.create.calendar.nextYear'),
    previousYear: t('events.create.calendar.previousYear'),
    nextDecade: t('events.create.calendar.nextDecade'),
    previousDecade: t('events.create.calendar.previousDecade'),
    monthLevelControl: t('events.create.calendar.monthLevelControl'),
    yearLevelControl: t('events.create.calendar.yearLevelControl'),
  };
  const dateInput = (field: (typeof DATE_FIELDS)[number], required = true) => (
    <DatePickerInput
      label={t(`events.create.fields.${field}`)}
      placeholder={t('events.create.fields.pickDate')}
      valueFormat="MM/DD/YYYY"
      withAsterisk={required}
      clearable
      leftSection={<CalendarDays size={16} />}
      popoverProps={{ withinPortal: true }}
      ariaLabels={calendarLabels}
      {...form.getInputProps(field)}
    />
  );

  return (
    <FormSection
      title={t('events.create.sections.dates.title')}
      description={t('events.create.sections.dates.description')}
      icon={CalendarDays}
      data-testid="section-dates"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {dateInput('startDate')}
        {dateInput('endDate')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {dateInput('submissionDeadline')}
        {dateInput('reviewDeadline')}
        {dateInput('notificationDate')}
      </SimpleGrid>
      <Select
        label={t('events.create.fields.timezone')}
        description={t('events.create.fields.timezoneHint')}
        searchable
        allowDeselect={false}
        data={timeZones}
        limit={60}
        maw={{ sm: 420 }}
        nothingFoundMessage={t('events.create.fields.timezoneNothingFound')}
        {...form.getInputProps('timezone')}
      />
      <PassedDeadlinesAlert
        event={{
          submission_deadline: values.submissionDeadline,
          review_deadline: values.reviewDeadline,
          timezone: values.timezone,
        }}
        text={pastDeadlinesText ?? t('events.create.pastDeadlinesText')}
      />
    </FormSection>
  );
}

/** The primary research area and the secondary ones it offers. */
export function ResearchAreasSection({ form }: { form: EventForm }) {
  const { t } = useTranslation();
  const areas = useResearchAreas();
  const values = form.getValues();
  return (
    <FormSection
      title={t('events.create.sections.areas.title')}
      description={t('events.create.sections.areas.description')}
      icon={BookOpen}
      data-testid="section-areas"
    >
      {areas.query.isError ? (
        <Alert color="red" icon={<CircleAlert size={18} />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('events.create.areasLoadFailed')}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              leftSection={<RefreshCw size={14} />}
              onClick={() => void areas.query.refetch()}
            >
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('events.create.fields.primaryArea')}
          placeholder={t('events.create.fields.primaryAreaPlaceholder')}
          withAsterisk
          searchable
          data={areas.primaryOptions}
          rightSection={areas.query.isPending ? <Loader size={16} /> : undefined}
          nothingFoundMessage={t('events.create.fields.nothingFound')}
          {...form.getInputProps('primaryArea')}
          onChange={(value) => {
            // Changing the primary area clears the secondary areas.
            if ((value ?? '') !== form.getValues().primaryArea) form.setFieldValue('secondaryAreas', []);
            form.setFieldValue('primaryArea', value ?? '');
          }}
        />
        <MultiSelect
          label={t('events.create.fields.secondaryAreas')}
          placeholder={
            values.primaryArea
              ? t('events.create.fields.secondaryAreasPlaceholder')
              : t('events.create.fields.secondaryAreasFirst')
          }
          searchable
          clearable
          disabled={!values.primaryArea}
          data={areas.secondaryOptions(values.primaryArea)}
          nothingFoundMessage={t('events.create.fields.nothingFound')}
          {...form.getInputProps('secondaryAreas')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** Anything else the organisers want to say. */
export function AdditionalInfoSection({ form }: { form: EventForm }) {
  const { t } = useTranslation();
  return (
    <FormSection
      title={t('events.create.sections.additional.title')}
      description={t('events.create.sections.additional.description')}
      icon={Info}
      data-testid="section-additional"
    >
      <Textarea
        label={t('events.create.fields.additionalInformation')}
        placeholder={t('events.create.fields.additionalInformationPlaceholder')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={EVENT_TEXT_MAX_LENGTH}
        classNames={USER_INPUT_CLASS_NAMES}
        {...form.getInputProps('additionalInformation')}
      />
    </FormSection>
  );
}

/** How the event runs its reviews, and the days on which late reviewers are reminded (the edit form). */
export function ReviewingSection({ form }: { form: EventForm }) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <FormSection
      title={t('events.edit.sections.reviewing.title')}
      description={t('events.edit.sections.reviewing.description')}
      icon={SlidersHorizontal}
      data-testid="section-reviewing"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ReviewSettingsFields
          value={values.reviewSettings}
          onChange={(settings) => form.setFieldValue('reviewSettings', settings)}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('events.edit.fields.reminderDays')}
        description={t('events.edit.fields.reminderDaysHint')}
        placeholder={values.reminderDays.length === 0 ? t('events.edit.fields.reminderDaysOff') : undefined}
        clearable
        data={REMINDER_DAYS_CHOICES.map((days) => ({
          value: String(days),
          label: t('events.edit.fields.reminderDay', { count: days }),
        }))}
        {...form.getInputProps('reminderDays')}
      />
    </FormSection>
  );
}

type SubmitBarProps = {
  submitting: boolean;
  onCancel: () => void;
  /** The submit button's text (Create event, Save changes). */
  submitLabel: string;
  /** A sentence beside the buttons (what happens after creation). */
  note?: string;
  testId: string;
};

/** The form's note, Cancel and its submit button. */
export function SubmitBar({ submitting, onCancel, submitLabel, note, testId }: SubmitBarProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify={note ? 'space-between' : 'flex-end'} gap="md">
        {note ? (
          <Text size="sm" c="dimmed" maw={560}>
            {note}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('events.common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid={testId}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
