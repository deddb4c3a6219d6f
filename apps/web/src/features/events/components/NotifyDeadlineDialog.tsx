import type { MailComposeBody } from '@confero/contracts';
import { Alert, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { usePreviewMailMutation, useSendMailMutation } from '../../communications/api.ts';
import { useEventText } from '../use-event-text.ts';

/** Whom a deadline change is told to, and the event's template that words it. */
export const DEADLINE_MAILS = {
  authors: { audience: 'authors', template_key: 'submission_deadline_changed' },
  reviewers: { audience: 'reviewers', template_key: 'review_deadline_changed' },
} as const satisfies Record<string, MailComposeBody>;
export type DeadlineMailGroup = keyof typeof DEADLINE_MAILS;

/**
 * The mail telling a group that a deadline moved, previewed before it goes: on opening it asks
 * `POST events/{id}/mail/preview/` for the mail as one recipient will read it and how many they are; Send asks
 * `POST events/{id}/mail/send/`, which queues it for the whole group.
 */
export function NotifyDeadlineDialog({
  eventId,
  group,
  onClose,
  onSent,
}: {
  eventId: string;
  /** The group to tell; null when the dialog is closed. */
  group: DeadlineMailGroup | null;
  onClose: () => void;
  onSent: (group: DeadlineMailGroup) => void;
}) {
  const { t } = useTranslation();
  const { errorText, failureText } = useEventText();
  const preview = usePreviewMailMutation(eventId);
  const send = useSendMailMutation(eventId);
  const { mutate: askPreview, reset: resetPreview } = preview;

  useEffect(() => {
    resetPreview();
    if (group) askPreview(DEADLINE_MAILS[group]);
  }, [group, askPreview, resetPreview]);

  const handleSend = () => {
    if (!group) return;
    send.mutate(DEADLINE_MAILS[group], {
      onSuccess: (answer) => {
        notify('success', t('events.notify.queued', { count: answer.recipients }));
        onSent(group);
        onClose();
      },
      onError: (error) => notify('error', failureText(t('events.notify.sendFailed'), error)),
    });
  };

  const mail = preview.data;
  const content = preview.isError ? (
    <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="notify-preview-failed">
      <Text size="sm">{t('events.notify.previewFailed')}</Text>
      {errorText(preview.error) ? (
        <Text size="sm" c="dimmed">
          {errorText(preview.error)}
        </Text>
      ) : null}
    </Alert>
  ) : !mail ? (
    <Loader size="sm" aria-label={t('common.loading')} />
  ) : (
    <Stack gap="sm" data-testid="notify-preview">
      <Text size="sm" fw={500} data-testid="notify-recipients">
        {mail.recipient_count > 0
          ? t('events.notify.recipients', { count: mail.recipient_count })
          : t('events.notify.noRecipients')}
      </Text>
      <Paper withBorder radius="md" p="sm">
        <Stack gap={6}>
          {mail.recipient ? (
            <Text size="xs" c="dimmed">
              {t('events.notify.previewFor', { name: mail.recipient.name || mail.recipient.email })}
            </Text>
          ) : null}
          <Text size="sm" fw={600} dir="auto">
            {t('events.notify.subject')}: {mail.subject}
          </Text>
          <ScrollArea.Autosize mah={260}>
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }} data-testid="notify-text">
              {mail.text}
            </Text>
          </ScrollArea.Autosize>
        </Stack>
      </Paper>
    </Stack>
  );

  return (
    <ConfirmDialog
      opened={group !== null}
      title={group ? t(`events.notify.dialogTitle.${group}`) : ''}
      message={content}
      confirmLabel={t('events.notify.send')}
      cancelLabel={t('events.common.cancel')}
      onConfirm={handleSend}
      onClose={onClose}
      loading={send.isPending}
      confirmDisabled={!mail || mail.recipient_count === 0}
    />
  );
}
