import { type EventDto, isFinalDecision, type SubmissionDto } from '@confero/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isDeadlinePast } from '../../../components/data/deadline.ts';
import { useDeadlineParts } from '../../../components/data/use-deadline.ts';
import { FormSkeleton } from '../../../components/feedback/FormSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { eventDetailQuery } from '../../events/api.ts';
import { submissionDetailQuery, useUpdateSubmissionMutation } from '../api.ts';
import { SubmissionFormFields } from '../forms/SubmissionFormFields.tsx';
import { SubmitBar } from '../forms/SubmitBar.tsx';
import { updateSubmissionFormData, validateSubmissionEdit, valuesFromSubmission } from '../forms/submission-form.ts';
import { useSubmissionForm } from '../forms/use-submission-form.ts';
import { submissionHref, submissionRef } from '../submission-display.ts';
import { useSubmissionText } from '../use-submission-text.ts';
import { MissingSubmissionId } from './MissingSubmissionId.tsx';

function EditSubmissionForm({
  submission,
  event,
  routeId,
}: {
  submission: SubmissionDto;
  event?: EventDto;
  routeId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message, saveError } = useSubmissionText();
  const form = useSubmissionForm(() => valuesFromSubmission(submission));
  const update = useUpdateSubmissionMutation(routeId);
  const [percent, setPercent] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const ref = submissionRef(submission);
  const tracks = event?.tracks ?? [];

  const handleSubmit = (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const values = form.getValues();
    const problem = validateSubmissionEdit(values);
    if (problem) {
      const text = message(problem.key, problem.params);
      form.showError(problem.field, text, problem.authorIndex);
      notify('error', text);
      return;
    }
    setPercent(0);
    update.mutate(
      {
        data: updateSubmissionFormData(values, { hasTracks: tracks.length > 0, metadata: submission.metadata ?? {} }),
        onProgress: (progress) => setPercent(progress.percent),
      },
      {
        onSuccess: (saved) => {
          notify('success', t('submissions.edit.saved'));
          navigate(`/submissions/${encodeURIComponent(submissionRef(saved) || ref)}`);
        },
        onError: (error) => {
          const problemText = saveError(error, 'update');
          if (problemText.field) form.showError(problemText.field, problemText.text);
          else setFormError(problemText.text);
          notify('error', problemText.text, t('submissions.edit.failed'));
          if (problemText.redirectToLogin) navigate('/login');
        },
        onSettled: () => setPercent(null),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="submission-form">
      <Stack gap="lg">
        <SubmissionFormFields
          form={form}
          mode="edit"
          tracks={tracks}
          currentFileName={submission.file ? submission.file_name : undefined}
          disabled={update.isPending}
        />
        <SubmitBar
          submitLabel={t('submissions.edit.submit')}
          cancelTo={submissionHref(ref, submission.event_public_id)}
          pending={update.isPending}
          percent={percent}
          error={formError}
        />
      </Stack>
    </form>
  );
}

/**
 * /submissions/{id}/edit and /events/{eventId}/submissions/{id}/edit: the submission form filled in, the abstract on 6
 * rows, the file optional (the current one is named); the edit rules and the edit error mapping
 * (`validateSubmissionEdit`, `saveErrorText`). After saving the user goes to /submissions/{id}.
 */
export function EditSubmissionScreen({ submissionId }: { submissionId: string | undefined }) {
  const { t } = useTranslation();
  const { errorText, decisionLabel } = useSubmissionText();
  const deadlineParts = useDeadlineParts();
  const query = useQuery({ ...submissionDetailQuery(submissionId ?? ''), enabled: Boolean(submissionId) });
  const submission = query.data;
  const eventRef = submission?.event_public_id ?? '';
  const eventQuery = useQuery({ ...eventDetailQuery(eventRef), enabled: Boolean(eventRef) });

  if (!submissionId) return <MissingSubmissionId />;
  const back = { to: '/submissions', label: t('submissions.common.backToMine') };
  if (query.isPending || (eventRef && eventQuery.isPending)) return <FormSkeleton />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <ScreenHeader title={t('pages.submissionEdit.title')} back={back} />
        <LoadFailure
          message={t(notFound ? 'submissions.errors.updateError' : 'submissions.common.error')}
          detail={errorText(query.error)}
          back={back}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </>
    );
  }

  const loaded = query.data;
  const detailHref = submissionHref(submissionRef(loaded), loaded.event_public_id);
  const event = eventQuery.data;
  // Its authors (the only viewers who read the conflicts they declared) learn why they may no longer edit it.
  const isAuthor = loaded.abilities.view_declared_conflicts;
  const notAllowed =
    isAuthor && isFinalDecision(loaded.decision)
      ? t('submissions.edit.decided', { decision: decisionLabel(loaded.decision, loaded.decision_display) })
      : isAuthor && event && isDeadlinePast(event.submission_deadline, event.timezone)
        ? t('submissions.edit.deadlinePassed', deadlineParts(event.submission_deadline, event.timezone))
        : t('submissions.edit.notAllowed');
  return (
    <>
      <ScreenHeader
        title={t('submissions.edit.title')}
        description={loaded.title}
        back={{ to: detailHref, label: t('submissions.edit.backToSubmission') }}
      />
      {loaded.abilities?.update ? (
        <EditSubmissionForm submission={loaded} event={eventQuery.data} routeId={submissionId} />
      ) : (
        <Alert color="yellow" icon={<Info size={18} />} radius="lg" data-testid="edit-not-allowed">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{notAllowed}</Text>
            <Button component={Link} to={detailHref} size="xs" variant="white" color="yellow">
              {t('submissions.edit.backToSubmission')}
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}
