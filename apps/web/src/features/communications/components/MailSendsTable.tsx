import type { MailSendDto, MailSendStatus } from '@confero/contracts';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MailError } from '../../outbox/components/MailCells.tsx';
import { formatDateTime } from '../../outbox/outbox-display.ts';

const SEND_COLORS: Record<MailSendStatus, string> = { queued: 'blue', running: 'yellow', done: 'teal', failed: 'red' };

/** The group mails of the event: their state, group, mail, how many recipients were written, when, any error. */
export function MailSendsTable({ sends }: { sends: MailSendDto[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped="odd" data-testid="mail-sends-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('communications.sends.columns.status')}</Table.Th>
            <Table.Th>{t('communications.sends.columns.audience')}</Table.Th>
            <Table.Th>{t('communications.sends.columns.mail')}</Table.Th>
            <Table.Th>{t('communications.sends.columns.progress')}</Table.Th>
            <Table.Th>{t('communications.sends.columns.created')}</Table.Th>
            <Table.Th>{t('communications.sends.columns.error')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sends.map((send) => (
            <Table.Tr key={send.id} data-testid="mail-send-row" data-status={send.status}>
              <Table.Td>
                <Badge color={SEND_COLORS[send.status]} variant="light">
                  {t(`communications.sends.status.${send.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{t(`communications.audiences.${send.audience}`)}</Table.Td>
              <Table.Td>
                {send.template_key ? (
                  t(`communications.templates.${send.template_key}`)
                ) : (
                  <Text size="sm" dir="auto" lineClamp={2}>
                    {send.subject ?? t('communications.sends.ownText')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {t('communications.sends.progress', {
                  queued: number.format(send.queued),
                  recipients: number.format(send.recipients),
                })}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(send.created_at, language)}</Table.Td>
              <Table.Td maw={280}>
                <MailError error={send.last_error} none={t('communications.outbox.none')} testId="mail-send-error" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
