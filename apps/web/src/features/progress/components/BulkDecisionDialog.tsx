import type { BulkDecisionReason, BulkDecisionResultDto, MailAudience, SubmissionDecision } from '@confero/contracts';
import { Alert, Badge, Button, Group, List, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_DIR } from '../../../components/data/UserText.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { usePreviewMailMutation, useSendMailMutation } from '../../communications/api.ts';
import { useSubmissionText } from '../../submissions/use-submission-text.ts';
import { useBulkDecisionMutation, useDecisionPreviewMutation } from '../api.ts';

type Decided = Exclude<SubmissionDecision, 'pending'>;
/** What the dialog decides: one decision for every paper, or each paper as its meta-review recommends. */
export type BulkChoice = Decided | 'follow_meta_review';

/** The authors a decision's mail goes to, and the event's template for it. */
const NOTIFY: Record<
  Decided,
  { audience: MailAudience; template: 'decision_accept' | 'decision_reject' | 'decision_revision' }
> = {
  accept: { audience: 'accepted_authors', template: 'decision_accept' },
  reject: { audience: 'rejected_authors', template: 'decision_reject' },
  revision: { audience: 'authors', template: 'decision_revision' },
};

type BulkDecisionDialogProps = {
  eventId: string;
  decision: BulkChoice;
  submissions: { id: string; title: string }[];
  /** `decided`: whether papers were decided (the selection is then cleared). */
  onClose: (decided: boolean) => void;
};

/**
 * A bulk decision in three steps: the comments for the authors and a preview of which papers would change (and why
 * the others would not); the decision itself, recorded without mail; then "notify": the event's decision mail to
 * the authors of the changed papers, previewed and sent as one group mail (or left for later).
 */
export function BulkDecisionDialog({ eventId, decision, submissions, onClose }: BulkDecisionDialogProps) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const { decisionLabel } = useSubmissionText();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const form = useForm({ mode: 'controlled', initialValues: { details: '' } });
  const preview = useDecisionPreviewMutation(eventId);
  const decide = useBulkDecisionMutation(eventId);
  const mailPreview = usePreviewMailMutation(eventId);
  const mailSend = useSendMailMutation(eventId);
  const [planned, setPlanned] = useState<BulkDecisionResultDto | null>(null);
  const [result, setResult] = useState<BulkDecisionResultDto | null>(null);
  const ids = submissions.map((submission) => submission.id);
  const titles = new Map(submissions.map((submission) => [submission.id, submission.title]));
  const failed = (key: string) => (error: unknown) => notify('error', text(errorMessageOr(error, key)));
  const changedIds = (result?.results ?? []).filter((item) => item.ok).map((item) => item.id);
  // Following the meta-reviews, the papers get different decisions: their mails are sent later, from the mail page.
  const follow = decision === 'follow_meta_review';
  const mailBody = follow
    ? undefined
    : { audience: NOTIFY[decision].audience, template_key: NOTIFY[decision].template, submission_ids: changedIds };

  const runPreview = form.onSubmit(() =>
    preview.mutate(
      { submission_ids: ids, decision },
      { onSuccess: setPlanned, onError: failed('progress.bulk.previewFailed') },
    ),
  );
  const runDecide = () =>
    decide.mutate(
      { submission_ids: ids, decision, decision_details: form.values.details, notify: false },
      {
        onSuccess: (answer) => {
          setResult(answer);
          notify(
            'success',
            t('progress.bulk.done', { count: answer.changed, formatted: number.format(answer.changed) }),
          );
        },
        onError: failed('progress.bulk.failed'),
      },
    );
  const sendMail = () => {
    if (!mailBody) return;
    mailSend.mutate(mailBody, {
      onSuccess: ({ recipients }) => {
        notify('success', t('progress.notify.sent', { count: recipients, formatted: number.format(recipients) }));
        onClose(true);
      },
      onError: failed('progress.notify.failed'),
    });
  };

  const reason = (key: BulkDecisionReason | null) => (key ? t(`progress.bulk.reasons.${key}`) : '');

  return (
    <Modal
      opened
      onClose={() => onClose(result !== null)}
      title={follow ? t('progress.bulk.followTitle') : t('progress.bulk.title', { decision: decisionLabel(decision) })}
      centered
      radius="lg"
      size="lg"
    >
      {result ? (
        <Stack gap="md" data-testid="bulk-notify-step">
          <Alert color="green" variant="light">
            {t('progress.bulk.summary', {
              changed: number.format(result.changed),
              skipped: number.format(result.skipped),
            })}
          </Alert>
          <Text size="sm">{follow ? t('progress.bulk.followNotify') : t('progress.notify.text')}</Text>
          {mailPreview.data ? (
            <Stack gap={4} data-testid="notify-preview">
              <Text size="sm" fw={600}>
                {t('progress.notify.recipients', {
                  count: mailPreview.data.recipient_count,
                  formatted: number.format(mailPreview.data.recipient_count),
                })}
              </Text>
              <Text size="sm" fw={600} {...USER_DIR}>
                {mailPreview.data.subject}
              </Text>
              <ScrollArea.Autosize mah={180}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} {...USER_DIR}>
                  {mailPreview.data.text}
                </Text>
              </ScrollArea.Autosize>
            </Stack>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onClose(true)} data-testid="notify-later">
              {t('progress.notify.later')}
            </Button>
            {mailBody ? (
              <>
                <Button
                  variant="light"
                  disabled={changedIds.length === 0}
                  loading={mailPreview.isPending}
                  onClick={() => mailPreview.mutate(mailBody, { onError: failed('progress.notify.previewFailed') })}
                  data-testid="notify-preview-button"
                >
                  {t('progress.notify.preview')}
                </Button>
                <Button
                  disabled={changedIds.length === 0}
                  loading={mailSend.isPending}
                  onClick={sendMail}
                  data-testid="notify-send"
                >
                  {t('progress.notify.send')}
                </Button>
              </>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <form onSubmit={runPreview}>
          <Stack gap="md" data-testid="bulk-decide-step">
            <Text size="sm">
              {t('progress.bulk.intro', { count: ids.length, formatted: number.format(ids.length) })}
            </Text>
            <Textarea
              label={t('progress.bulk.details')}
              description={t('progress.bulk.detailsHelp')}
              autosize
              minRows={2}
              maxRows={6}
              dir="auto"
              data-testid="bulk-details"
              {...form.getInputProps('details')}
              onChange={(event) => {
                form.setFieldValue('details', event.currentTarget.value);
                setPlanned(null);
              }}
            />
            {planned ? (
              <Stack gap="xs" data-testid="bulk-preview">
                <Text size="sm" fw={600}>
                  {t('progress.bulk.previewSummary', {
                    changed: number.format(planned.changed),
                    skipped: number.format(planned.skipped),
                  })}
                </Text>
                <ScrollArea.Autosize mah={220}>
                  <List spacing={4} size="sm">
                    {planned.results.map((item) => (
                      <List.Item key={item.id} data-testid="bulk-preview-item" data-ok={item.ok}>
                        <Group gap={6} wrap="nowrap">
                          <Badge size="sm" color={item.ok ? 'green' : 'gray'} variant="light">
                            {item.ok ? t('progress.bulk.willChange') : reason(item.reason)}
                          </Badge>
                          {follow && item.ok && item.to_decision ? (
                            <Badge size="sm" variant="outline" data-testid="bulk-preview-decision">
                              {decisionLabel(item.to_decision)}
                            </Badge>
                          ) : null}
                          <Text size="sm" {...USER_DIR}>
                            {item.title ?? titles.get(item.id) ?? item.id}
                          </Text>
                        </Group>
                      </List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
              </Stack>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => onClose(false)}>
                {t('progress.bulk.cancel')}
              </Button>
              {planned ? (
                <Button
                  loading={decide.isPending}
                  disabled={planned.changed === 0}
                  onClick={runDecide}
                  data-testid="bulk-confirm"
                >
                  {t('progress.bulk.confirm', { count: planned.changed, formatted: number.format(planned.changed) })}
                </Button>
              ) : (
                <Button type="submit" loading={preview.isPending} data-testid="bulk-preview-button">
                  {t('progress.bulk.preview')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
