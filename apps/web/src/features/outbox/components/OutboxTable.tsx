import { isMailTemplate, type OutboxMailDto } from '@confero/contracts';
import type { Translation } from '@confero/i18n';
import { Button, Stack, Table, Text } from '@mantine/core';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventLabel, formatDateTime } from '../outbox-display.ts';
import { templateLabelKey } from '../outbox-filters.ts';
import { MailError, MailStatusBadge } from './MailCells.tsx';

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
            return (
              <Table.Tr
                key={mail.id}
                data-testid="outbox-row"
                data-mail-id={mail.id}
                data-recipient={mail.recipient}
                data-status={mail.status}
              >
                <Table.Td>
                  <MailStatusBadge status={mail.status} testId="outbox-status" />
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
                  <MailError error={mail.last_error} none={t('outbox.none')} testId="outbox-error" />
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
