import type { EventDto, ExtractionResponseDto } from '@confero/contracts';
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CalendarX, CircleAlert, CircleCheck, Info, PenLine, Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDeadlineParts } from '../../../components/data/use-deadline.ts';
import { FormSkeleton } from '../../../components/feedback/FormSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { eventDetailQuery } from '../../events/api.ts';
import { formatEventDate } from '../../events/event-display.ts';
import { useCreateSubmissionMutation } from '../api.ts';
import { AiExtractPanel } from '../forms/AiExtractPanel.tsx';
import { SubmissionFormFields } from '../forms/SubmissionFormFields.tsx';
import { SubmitBar } from '../forms/SubmitBar.tsx';
import {
  applyExtraction,
  createSubmissionFormData,
  emptySubmissionForm,
  type SubmissionMethod,
  submissionMetadata,
  validateNewSubmission,
} from '../forms/submission-form.ts';
import { useSubmissionForm } from '../forms/use-submission-form.ts';
import { submissionClosedReason } from '../submission-display.ts';
import { useSubmissionText } from '../use-submission-text.ts';

type Extraction = { file: File; title: string };

function NewSubmissionForm({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  const { message, saveError } = useSubmissionText();
  const form = useSubmissionForm(emptySubmissionForm);
  const create = useCreateSubmissionMutation();
  const [method, setMethod] = useState<SubmissionMethod>('manual');
  const [extraction, setExtraction] = useState<Extraction | null>(null);
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'warning' } | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const handleMethodChange = (value: string) => {
    const next = value as SubmissionMethod;
    setMethod(next);
    // Selecting the AI method clears the chosen file.
    if (next === 'ai_assisted') form.setField('file', null);
  };

  const handleExtracted = (data: ExtractionResponseDto['data'], text: string, tone: 'success' | 'warning') => {
    const file = form.getValues().file;
    form.setValues((current) => applyExtraction(current, data));
    form.setErrors({});
    if (file) setExtraction({ file, title: data.title });
    setNotice({ text, tone });
    setMethod('manual');
    notify(tone, text);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const handleSubmit = (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const values = form.getValues();
    const problem = validateNewSubmission(values);
    if (problem) {
      const text = message(problem.key, problem.params);
      form.showError(problem.field, text, problem.authorIndex);
      notify('error', text);
      return;
    }
    const usedExtraction = extraction && extraction.file === values.file ? extraction : null;
    const metadata = submissionMetadata(values.file, {
      method: usedExtraction ? 'ai_assisted' : 'manual',
      extractedTitle: usedExtraction?.title ?? null,
    });
    setPercent(0);
    create.mutate(
      {
        data: createSubmissionFormData(values, { eventId: event.public_id, metadata }),
        onProgress: (progress) => setPercent(progress.percent),
      },
      {
        onSuccess: async () => {
          notify('success', t('submissions.new.created'));
          // The user is now an author of this paper: the roles list changes.
          await refreshUser();
          navigate('/roles');
        },
        onError: (error) => {
          const problemText = saveError(error, 'create');
          if (problemText.field) form.showError(problemText.field, problemText.text);
          else setFormError(problemText.text);
          notify('error', problemText.text, t('submissions.new.failed'));
          if (problemText.redirectToLogin) navigate('/login');
        },
        onSettled: () => setPercent(null),
      },
    );
  };

  return (
    <Stack gap="lg">
      <SegmentedControl
        value={method}
        onChange={handleMethodChange}
        fullWidth
        maw={520}
        radius="md"
        size="md"
        aria-label={t('submissions.new.method')}
        data-testid="method-toggle"
        data={[
          {
            value: 'manual',
            label: (
              <Group gap={8} justify="center" wrap="nowrap">
                <PenLine size={16} />
                <span>{t('submissions.new.methods.manual')}</span>
              </Group>
            ),
          },
          {
            value: 'ai_assisted',
            label: (
              <Group gap={8} justify="center" wrap="nowrap">
                <Sparkles size={16} />
                <span>{t('submissions.new.methods.ai_assisted')}</span>
              </Group>
            ),
          },
        ]}
      />

      {method === 'ai_assisted' ? (
        <AiExtractPanel
          eventId={event.public_id}
          file={form.values.file}
          onFileChange={(file) => form.setField('file', file)}
          onExtracted={handleExtracted}
        />
      ) : (
        <form onSubmit={handleSubmit} noValidate data-testid="submission-form">
          <Stack gap="lg">
            {notice ? (
              <Alert
                color={notice.tone === 'warning' ? 'orange' : 'teal'}
                icon={notice.tone === 'warning' ? <CircleAlert size={18} /> : <CircleCheck size={18} />}
                withCloseButton
                closeButtonLabel={t('common.close')}
                onClose={() => setNotice(null)}
                data-testid="extract-notice"
                data-tone={notice.tone}
              >
                {notice.text}
              </Alert>
            ) : null}
            <SubmissionFormFields form={form} mode="create" tracks={event.tracks ?? []} disabled={create.isPending} />
            <SubmitBar
              submitLabel={t('submissions.new.submit')}
              cancelTo={`/events/${encodeURIComponent(event.public_id)}`}
              pending={create.isPending}
              percent={percent}
              error={formError}
            />
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/**
 * /events/{eventId}/submissions/new and /events/{eventId}/submit: 'New submission: {event title}', manual entry or
 * AI-assisted extraction from the PDF, then the form. After success the user's roles are refreshed (they are now an
 * author) and they go to /roles. The form is offered while the event's `submit` ability says it takes submissions
 * (approved or active, before its deadline); otherwise a notice says why: the deadline passed (its date, time and
 * zone), or the event's status.
 */
export function NewSubmissionScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { errorText } = useSubmissionText();
  const deadlineParts = useDeadlineParts();
  const query = useQuery(eventDetailQuery(eventId));
  const back = { to: '/submissions/create', label: t('submissions.new.chooseAnother') };

  if (query.isPending) return <FormSkeleton />;
  if (query.isError) {
    return (
      <>
        <ScreenHeader title={t('submissions.new.titleFallback')} back={back} />
        <LoadFailure
          message={t('submissions.new.eventLoadFailed')}
          detail={errorText(query.error)}
          back={back}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }

  const event = query.data;
  const closedReason = event.abilities?.submit ? null : submissionClosedReason(event);
  // Once passed, the deadline is named in the notice below instead.
  const deadline = closedReason === 'deadline' ? '' : formatEventDate(event.submission_deadline);
  return (
    <>
      <ScreenHeader
        title={t('submissions.new.title', { title: event.title })}
        description={t('submissions.new.description')}
        back={{ to: `/events/${encodeURIComponent(event.public_id)}`, label: t('submissions.new.backToEvent') }}
      >
        {deadline ? (
          <Group gap={6} data-testid="submission-deadline">
            <CalendarClock size={16} aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {t('submissions.new.deadline', { date: deadline, timezone: event.timezone })}
            </Text>
            {event.acronym ? (
              <Badge variant="default" radius="sm" tt="none">
                {event.acronym}
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </ScreenHeader>
      {closedReason === null ? (
        <NewSubmissionForm event={event} />
      ) : (
        <Alert
          color="yellow"
          icon={closedReason === 'deadline' ? <CalendarX size={18} /> : <Info size={18} />}
          radius="lg"
          data-testid="event-closed"
          data-reason={closedReason}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {t(
                `submissions.new.closedReasons.${closedReason}`,
                deadlineParts(event.submission_deadline, event.timezone),
              )}
            </Text>
            <Button component={Link} to="/submissions/create" size="xs" variant="white" color="yellow">
              {t('submissions.new.chooseAnother')}
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}
