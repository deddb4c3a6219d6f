import {
  DECISION_DETAILS_MAX_LENGTH,
  SUBMISSION_STATUSES,
  type SubmissionDecision,
  type SubmissionDto,
  type SubmissionStatus,
} from '@confero/contracts';
import { Button, Divider, Group, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Gavel, RefreshCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { reviewKeys } from '../../reviews/api.ts';
import { useChangeSubmissionStatusMutation, useMakeDecisionMutation } from '../api.ts';
import { useSubmissionText } from '../use-submission-text.ts';

const DECISIONS = ['accept', 'reject', 'revision'] as const satisfies readonly SubmissionDecision[];

/**
 * The chairs' and event admins' panel: record a decision (accept, reject or revision, with details for the authors;
 * `make_decision` mails them) and move the submission to another status (`change_status`). Shown only when the
 * submission's abilities allow each. A decision also refreshes the submission's reviews: the authors may read them from
 * then on.
 */
export function DecisionPanel({ submission, routeId }: { submission: SubmissionDto; routeId: string }) {
  const { t } = useTranslation();
  const { statusLabel, decisionLabel, errorText } = useSubmissionText();
  const queryClient = useQueryClient();
  const decide = useMakeDecisionMutation(routeId);
  const changeStatus = useChangeSubmissionStatusMutation(routeId);
  const current = submission.decision;
  const [decision, setDecision] = useState<SubmissionDecision>(
    (DECISIONS as readonly string[]).includes(current) ? current : 'accept',
  );
  const [details, setDetails] = useState(submission.decision_details ?? '');
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<SubmissionStatus | null>(null);
  const statusOptions = SUBMISSION_STATUSES.filter((value) => value !== submission.status).map((value) => ({
    value,
    label: statusLabel(value),
  }));

  const handleDecide = () => {
    decide.mutate(
      { decision, decision_details: details.trim() },
      {
        onSuccess: () => {
          setConfirming(false);
          void queryClient.invalidateQueries({ queryKey: reviewKeys.submissions });
          notify('success', t('submissions.decision.made'));
        },
        onError: (error) => {
          setConfirming(false);
          notify('error', errorText(error) ?? t('submissions.decision.failed'), t('submissions.decision.failed'));
        },
      },
    );
  };

  const handleStatus = () => {
    if (!status) return;
    changeStatus.mutate(status, {
      onSuccess: (saved) => {
        setStatus(null);
        notify('success', t('submissions.decision.statusChanged', { status: statusLabel(saved.status) }));
      },
      onError: (error) => {
        notify(
          'error',
          errorText(error) ?? t('submissions.decision.statusFailed'),
          t('submissions.decision.statusFailed'),
        );
      },
    });
  };

  return (
    <DetailCard title={t('submissions.decision.title')} icon={Gavel} data-testid="decision-panel">
      {submission.abilities.make_decision ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('submissions.decision.text')}
          </Text>
          <SegmentedControl
            value={decision}
            onChange={(value) => setDecision(value as SubmissionDecision)}
            fullWidth
            data={DECISIONS.map((value) => ({ value, label: decisionLabel(value) }))}
            aria-label={t('submissions.decision.decision')}
            data-testid="decision-choice"
          />
          <Textarea
            label={t('submissions.decision.details')}
            description={t('submissions.decision.detailsHelp')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={DECISION_DETAILS_MAX_LENGTH}
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
          />
          <Button
            leftSection={<Gavel size={16} />}
            onClick={() => setConfirming(true)}
            loading={decide.isPending}
            data-testid="decision-submit"
          >
            {t('submissions.decision.submit')}
          </Button>
        </Stack>
      ) : null}
      {submission.abilities.make_decision && submission.abilities.change_status ? <Divider my="xs" /> : null}
      {submission.abilities.change_status ? (
        <Stack gap="sm">
          <Select
            label={t('submissions.decision.changeStatus')}
            placeholder={t('submissions.decision.chooseStatus')}
            data={statusOptions}
            value={status}
            onChange={(value) => setStatus(value as SubmissionStatus | null)}
            comboboxProps={{ withinPortal: true }}
            data-testid="status-select"
          />
          <Group justify="flex-end">
            <Button
              variant="light"
              leftSection={<RefreshCcw size={16} />}
              onClick={handleStatus}
              disabled={!status}
              loading={changeStatus.isPending}
              data-testid="status-submit"
            >
              {t('submissions.decision.applyStatus')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('submissions.decision.confirmTitle')}
        message={t('submissions.decision.confirmText', { decision: decisionLabel(decision) })}
        confirmLabel={t('submissions.decision.confirm')}
        cancelLabel={t('submissions.delete.cancel')}
        onConfirm={handleDecide}
        onClose={() => setConfirming(false)}
        loading={decide.isPending}
        danger={decision === 'reject'}
      />
    </DetailCard>
  );
}
