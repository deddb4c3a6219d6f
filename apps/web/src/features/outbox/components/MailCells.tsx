import type { MailStatus } from '@confero/contracts';
import { Badge, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../outbox-display.ts';

/** Long SMTP errors are cut in the table; the whole text is in the tooltip. */
const ERROR_PREVIEW_LENGTH = 90;

/** A mail's delivery status as a coloured badge (the admin outbox and an event's outbox). */
export function MailStatusBadge({ status, testId }: { status: MailStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid={testId}>
      {t(`outbox.status.${status}`)}
    </Badge>
  );
}

type MailErrorProps = {
  error: string | null;
  /** What shows when the mail has no error. */
  none: string;
  testId: string;
};

/** A mail's last SMTP error, cut to a preview with the whole text in a tooltip; read left to right in either language. */
export function MailError({ error, none, testId }: MailErrorProps) {
  if (!error) {
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  }
  const preview = error.length > ERROR_PREVIEW_LENGTH ? `${error.slice(0, ERROR_PREVIEW_LENGTH)}…` : error;
  return (
    <Tooltip label={error} multiline maw={420} withArrow>
      <Text size="xs" c="red" dir="ltr" style={{ wordBreak: 'break-word' }} data-testid={testId}>
        {preview}
      </Text>
    </Tooltip>
  );
}
