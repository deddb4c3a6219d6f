import 'dayjs/locale/ar';
import {
  CITY_MAX_LENGTH,
  EVENT_ACRONYM_MAX_LENGTH,
  EVENT_TEXT_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  EVENT_TYPES,
  EVENT_WEBPAGE_MAX_LENGTH,
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
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  BookOpen,
  CalendarDays,
  CircleAlert,
  FileText,
  Globe,
  Info,
  MapPin,
  RefreshCw,
  UserRoundCheck,
} from 'lucide-react';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { CountrySelect } from '../../../components/forms/CountrySelect.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { checkUserEmail, useCreateEventMutation } from '../api.ts';
import { PassedDeadlinesAlert } from '../components/PassedDeadlines.tsx';
import { firstFieldProblem } from '../event-errors.ts';
import { useEventText } from '../use-event-text.ts';
import { useResearchAreas } from '../use-research-areas.ts';
import { ChairEmailsField } from './ChairEmailsField.tsx';
import { DescriptionField } from './DescriptionField.tsx';
import {
  type ChairCheck,
  type ChairRow,
  EMAIL_PATTERN,
  type EventFormField,
  type EventFormProblem,
  type EventFormValues,
  formFieldOfServerField,
  initialEventFormValues,
  toCreateEventBody,
  validateEventForm,
} from './event-form.ts';
import { FormSection } from './FormSection.tsx';
import { timeZoneNames } from './time-zones.ts';

const DATE_FIELDS = ['startDate', 'endDate', 'submissionDeadline', 'reviewDeadline', 'notificationDate'] as const;

/**
 * The event creation form: basic info, venue and location, dates and deadlines, research areas, chair info and
 * additional info. Submitting checks rules 1–14 of `validateEventForm` in order and stops at the first, shown under its
 * field; the server's answer is shown the same way. On success the user's roles are refreshed (the creator is now the
 * event's event admin) and the user goes to /roles.
 */
export function EventCreateForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  const { language, message, typeLabel, errorText, failureText } = useEventText();
  const create = useCreateEventMutation();
  const areas = useResearchAreas();
  const [checks, setChecks] = useState<Record<string, ChairCheck>>({});
  const checksRef = useRef(checks);
  const form = useForm<EventFormValues>({ initialValues: initialEventFormValues() });
  const timeZones = useMemo(
    () =>
      timeZoneNames().map((zone) => ({
        value: zone,
        label: zone === 'AoE' ? t('events.create.fields.aoe') : zone.replace(/_/g, ' '),
      })),
    [t],
  );

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

  const showProblem = (field: EventFormField, text: string) => {
    form.setFieldError(field, text);
    const node = form.getInputNode(field as Parameters<typeof form.getInputNode>[0]);
    node?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    node?.focus({ preventScroll: true });
  };

  const reportProblem = (problem: EventFormProblem) => {
    const text = message(problem.key, problem.params);
    showProblem(problem.field, text);
    notify('error', text);
  };

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
      onError: (error) => {
        const server = firstFieldProblem(error);
        const email = typeof server?.params?.email === 'string' ? server.params.email : undefined;
        const field = server ? formFieldOfServerField(server.field, values, email) : undefined;
        const detail = errorText(error);
        if (field && detail) showProblem(field, detail);
        notify('error', failureText(t('events.create.failed'), error));
      },
    });
  };

  const values = form.getValues();
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
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'ar' ? 6 : 1 }}>
      <form onSubmit={(submitEvent) => void handleSubmit(submitEvent)} noValidate data-testid="event-create-form">
        <Stack gap="lg">
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
              text={t('events.create.pastDeadlinesText')}
            />
          </FormSection>

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

          <FormSection
            title={t('events.create.sections.chairs.title')}
            description={t('events.create.sections.chairs.description')}
            icon={UserRoundCheck}
            data-testid="section-chairs"
          >
            <ChairEmailsField form={form} checks={checks} onCheck={(row) => void checkChair(row)} />
          </FormSection>

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

          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Group justify="space-between" gap="md">
              <Text size="sm" c="dimmed" maw={560}>
                {t('events.create.approvalNote')}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => navigate('/events')} disabled={create.isPending}>
                  {t('events.common.cancel')}
                </Button>
                <Button type="submit" loading={create.isPending} data-testid="event-create-submit">
                  {t('events.create.submit')}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </form>
    </DatesProvider>
  );
}
