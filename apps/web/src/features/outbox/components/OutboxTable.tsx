import { isMailTemplate, type OutboxMailDto } from '@confero/contracts';
import type { Translation } from '@confero/i18n';
import { Badge, Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventLabel, formatDateTime, STATUS_COLORS } from '../outbox-display.ts';
import { templateLabelKey } from '../outbox-filters.ts';

/** The columns, in reading order (right to left in Arabic), and how their cells align. */
type ColumnKey = keyof Translation['outbox']['columns'];
const COLUMNS: { key: ColumnKey; align?: 'center' | 'end' }[] = [
  { key: 'status' },
  { key: 'recipient' },
  { key: 'template' },
  { key: 'event' },
  { key: 'attempts', align: 'center' },
  { key: 'lastError' },
  { key: 'nextAttempt' },
  { key: 'created' },
  { key: 'sent' },
  { key: 'actions', align: 'end' },
];

/** Long SMTP errors are cut in the table; the whole text is in the tooltip. */
const ERROR_PREVIEW_LENGTH = 90;

type OutboxTableProps = {
  mails: OutboxMailDto[];
  onRetry: (mail: OutboxMailDto) => void;
  /** The mail whose retry is being sent. */
  retryingId: number | null;
};

/**
 * One page of the outbox: status, recipient, mail (template), event, tries, last error, next try, when it was
 * queued and sent, and "Retry" for every mail not sent yet. Addresses, template names and SMTP errors read left
 * to right in either language.
 */
export function OutboxTable({ mails, onRetry, retryingId }: OutboxTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  const when = (value: string | null) => formatDateTime(value, language) ?? t('outbox.none');
  const eventTexts = {
    noEvent: t('outbox.noEvent'),
    deletedEvent: (id: number) => t('outbox.deletedEvent', { id }),
  };
  return (
    <Table.ScrollContainer minWidth={1180}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover striped="odd" data-testid="outbox-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ key, align }) => (
              <Table.Th key={key} ta={align}>
                {t(`outbox.columns.${key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => {
            const error = mail.last_error;
            const shortError =
              error && error.length > ERROR_PREVIEW_LENGTH ? `${error.slice(0, ERROR_PREVIEW_LENGTH)}…` : error;
            return (
              <Table.Tr
                key={mail.id}
                data-testid="outbox-row"
                data-mail-id={mail.id}
                data-recipient={mail.recipient}
                data-status={mail.status}
              >
                <Table.Td>
                  <Badge color={STATUS_COLORS[mail.status]} variant="light" data-testid="outbox-status">
                    {t(`outbox.status.${mail.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} dir="ltr" data-testid="outbox-recipient">
                    {mail.recipient}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">
                      {isMailTemplate(mail.template) ? t(templateLabelKey(mail.template)) : mail.template}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {mail.template}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td maw={220}>
                  {mail.event?.public_id ? (
                    <Text
                      size="sm"
                      component={Link}
                      to={`/admin/events/${encodeURIComponent(mail.event.public_id)}`}
                      c="blue"
                      dir="auto"
                      lineClamp={2}
                    >
                      {eventLabel(mail.event, eventTexts)}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {eventLabel(mail.event, eventTexts)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="center" data-testid="outbox-attempts">
                  {number.format(mail.attempts)}
                </Table.Td>
                <Table.Td maw={300}>
                  {error ? (
                    <Tooltip label={error} multiline maw={420} withArrow>
                      <Text size="xs" c="red" dir="ltr" style={{ wordBreak: 'break-word' }} data-testid="outbox-error">
                        {shortError}
                      </Text>
                    </Tooltip>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('outbox.none')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {when(mail.next_attempt_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {when(mail.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {when(mail.sent_at)}
                  </Text>
                </Table.Td>
                <Table.Td ta="end">
                  {mail.abilities.retry ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<RotateCw size={14} />}
                      aria-label={t('outbox.retry.aria', { recipient: mail.recipient })}
                      loading={retryingId === mail.id}
                      onClick={() => onRetry(mail)}
                      data-testid="outbox-retry"
                    >
                      {t('outbox.retry.button')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
