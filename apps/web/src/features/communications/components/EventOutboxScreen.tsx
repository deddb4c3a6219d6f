import {
  EVENT_MAIL_TEMPLATE_KEYS,
  type EventOutboxMailDto,
  isEventMailTemplateKey,
  isMailTemplate,
  MAIL_STATUSES,
} from '@confero/contracts';
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MailCheck, RotateCw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { useLastPageBound, useListParams, useListSearch } from '../../../lib/use-list-params.ts';
import { MailError, MailStatusBadge } from '../../outbox/components/MailCells.tsx';
import { formatDateTime } from '../../outbox/outbox-display.ts';
import { templateLabelKey } from '../../outbox/outbox-filters.ts';
import { eventOutboxQuery, useResendMailMutation } from '../api.ts';
import {
  EVENT_OUTBOX_CODEC,
  eventOutboxParams,
  hasEventOutboxFilters,
  MAIL_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
} from '../mail-filters.ts';
import { CommunicationsFrame } from './CommunicationsFrame.tsx';

/**
 * /events/{id}/outbox, for the event's organizers: every mail the event sent, newest first, filtered by status, mail
 * and recipient (kept in the address) and paginated, with each failure's error and "Resend" (a mail not sent yet is
 * tried again now, a sent one is sent again as a new copy).
 */
export function EventOutboxScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <CommunicationsFrame
      eventId={eventId}
      page="outbox"
      title={t('communications.outbox.title')}
      description={t('communications.outbox.description')}
    >
      {() => <OutboxBody eventId={eventId} />}
    </CommunicationsFrame>
  );
}

function OutboxBody({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const list = useListParams(EVENT_OUTBOX_CODEC);
  const { filters } = list;
  const [search, setSearch] = useListSearch(list, { maxLength: SEARCH_MAX_LENGTH });
  const mails = useQuery(eventOutboxQuery(eventId, eventOutboxParams(filters)));
  const resend = useResendMailMutation(eventId);
  const count = mails.data?.count ?? 0;
  const pages = pageCount(count, MAIL_PAGE_SIZE);
  useLastPageBound(list, mails.data && !mails.isPlaceholderData ? pages : null);
  const filtered = hasEventOutboxFilters(filters);

  const handleResend = (mail: EventOutboxMailDto) => {
    resend.mutate(mail.id, {
      onSuccess: () => notify('success', t('communications.outbox.resent', { recipient: mail.recipient })),
      onError: (error) => notify('error', text(errorMessageOr(error, 'communications.outbox.resendFailed'))),
    });
  };

  return (
    <Paper withBorder radius="lg">
      <Group p="md" justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('communications.outbox.status')}
            placeholder={t('communications.outbox.anyStatus')}
            data={MAIL_STATUSES.map((status) => ({ value: status, label: t(`outbox.status.${status}`) }))}
            value={filters.status}
            onChange={(value) => list.change({ status: (value as EventOutboxMailDto['status'] | null) ?? null })}
            clearable
            w={180}
            data-testid="event-outbox-status"
          />
          <Select
            label={t('communications.outbox.template')}
            placeholder={t('communications.outbox.anyTemplate')}
            data={EVENT_MAIL_TEMPLATE_KEYS.map((key) => ({ value: key, label: t(`communications.templates.${key}`) }))}
            value={filters.template}
            onChange={(value) => list.change({ template: (value as (typeof filters)['template']) ?? null })}
            clearable
            w={240}
            data-testid="event-outbox-template"
          />
          <TextInput
            label={t('communications.outbox.search')}
            placeholder={t('communications.outbox.searchPlaceholder')}
            leftSection={<Search size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            dir="ltr"
            w={240}
            data-testid="event-outbox-search"
          />
        </Group>
        {mails.data ? (
          <Badge size="lg" variant="light" data-testid="event-outbox-count" data-count={count}>
            {t('communications.outbox.count', { count, formatted: number.format(count) })}
          </Badge>
        ) : null}
      </Group>
      <QueryView
        query={mails}
        loading={<ListSkeleton data-testid="event-outbox-loading" />}
        failure={t('communications.outbox.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'communications.outbox.loadFailed'))}
        inset
        empty={{
          when: (page) => page.results.length === 0,
          icon: <MailCheck size={28} />,
          title: filtered ? t('communications.outbox.emptyFilteredTitle') : t('communications.outbox.emptyTitle'),
          description: filtered ? t('communications.outbox.emptyFiltered') : t('communications.outbox.empty'),
          testId: 'event-outbox-empty',
        }}
      >
        {(page) => (
          <EventOutboxTable
            mails={page.results}
            onResend={handleResend}
            resendingId={resend.isPending ? (resend.variables ?? null) : null}
          />
        )}
      </QueryView>
      <ListPagination page={filters.page} pages={pages} onChange={list.setPage} data-testid="event-outbox-pagination" />
    </Paper>
  );
}

type TableProps = {
  mails: EventOutboxMailDto[];
  onResend: (mail: EventOutboxMailDto) => void;
  resendingId: number | null;
};

function EventOutboxTable({ mails, onResend, resendingId }: TableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  const when = (value: string | null) => formatDateTime(value, language) ?? t('communications.outbox.none');
  const mailName = (mail: EventOutboxMailDto) => {
    if (isEventMailTemplateKey(mail.event_template)) return t(`communications.templates.${mail.event_template}`);
    return isMailTemplate(mail.template) ? t(templateLabelKey(mail.template)) : mail.template;
  };
  const columns = ['status', 'recipient', 'mail', 'attempts', 'error', 'created', 'sent', 'actions'] as const;
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        striped="odd"
        highlightOnHover
        data-testid="event-outbox-table"
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} ta={column === 'actions' ? 'end' : column === 'attempts' ? 'center' : undefined}>
                {t(`communications.outbox.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => {
            return (
              <Table.Tr key={mail.id} data-testid="event-outbox-row" data-status={mail.status}>
                <Table.Td>
                  <MailStatusBadge status={mail.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} dir="ltr">
                    {mail.recipient}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  <Stack gap={0}>
                    <Text size="sm">{mailName(mail)}</Text>
                    <Text size="xs" c="dimmed" dir="auto" lineClamp={1}>
                      {mail.subject}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="center">{number.format(mail.attempts)}</Table.Td>
                <Table.Td maw={280}>
                  <MailError
                    error={mail.last_error}
                    none={t('communications.outbox.none')}
                    testId="event-outbox-error"
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(mail.created_at)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(mail.sent_at)}</Table.Td>
                <Table.Td ta="end">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<RotateCw size={14} />}
                    aria-label={t('communications.outbox.resendAria', { recipient: mail.recipient })}
                    loading={resendingId === mail.id}
                    onClick={() => onResend(mail)}
                    data-testid="event-outbox-resend"
                  >
                    {t('communications.outbox.resend')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
