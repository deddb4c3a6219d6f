import type { OutboxMailDto } from '@confero/contracts';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MailCheck, RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { useLastPageBound, useListParams } from '../../../lib/use-list-params.ts';
import { eventKeys, fetchEventList } from '../../events/api.ts';
import { outboxListQuery, useRetryFailedMutation, useRetryMailMutation } from '../api.ts';
import {
  failedCountParams,
  hasOutboxFilters,
  OUTBOX_LIST_CODEC,
  OUTBOX_PAGE_SIZE,
  outboxListParams,
  retryFailedBody,
} from '../outbox-filters.ts';
import { OutboxFiltersBar } from './OutboxFiltersBar.tsx';
import { OutboxTable } from './OutboxTable.tsx';

/**
 * /admin/outbox, site admins only: every mail the platform queued, newest first, with its delivery state, filtered
 * by status, event and template (kept in the address) and paginated. "Retry" queues one mail not sent yet again
 * at once; "Retry all failed" (after a confirmation naming how many) does so for every failed mail of the
 * screen's event and template.
 */
export function OutboxScreen() {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);

  const list = useListParams(OUTBOX_LIST_CODEC);
  const { filters } = list;
  const mails = useQuery(outboxListQuery(outboxListParams(filters)));
  const failed = useQuery(outboxListQuery(failedCountParams(filters)));
  const events = useQuery({ queryKey: eventKeys.list('all_events'), queryFn: () => fetchEventList('all_events') });
  const eventOptions = useMemo(
    () => (events.data ?? []).map((event) => ({ value: event.public_id, label: event.title })),
    [events.data],
  );

  const retryMail = useRetryMailMutation();
  const retryFailed = useRetryFailedMutation();
  const [confirmingAll, setConfirmingAll] = useState(false);

  const count = mails.data?.count ?? 0;
  const pages = pageCount(count, OUTBOX_PAGE_SIZE);
  const failedCount = failed.data?.count ?? 0;
  const filtered = hasOutboxFilters(filters);
  useLastPageBound(list, mails.data && !mails.isPlaceholderData ? pages : null);

  const failureText = (error: unknown, fallbackKey: string) => text(errorMessageOr(error, fallbackKey));

  const handleRetry = (mail: OutboxMailDto) => {
    retryMail.mutate(mail.id, {
      onSuccess: () => notify('success', t('outbox.retry.done', { recipient: mail.recipient })),
      onError: (error) => notify('error', failureText(error, 'outbox.retry.failed')),
    });
  };

  const handleRetryAll = () => {
    retryFailed.mutate(retryFailedBody(filters), {
      onSuccess: ({ retried }) => {
        notify(
          'success',
          retried > 0
            ? t('outbox.retryAll.done', { count: retried, formatted: number.format(retried) })
            : t('outbox.retryAll.nothing'),
        );
        setConfirmingAll(false);
      },
      onError: (error) => notify('error', failureText(error, 'outbox.retryAll.failed')),
    });
  };

  return (
    <>
      <PageHeader
        title={t('outbox.title')}
        description={t('outbox.description')}
        actions={
          <Button
            color="red"
            variant="light"
            leftSection={<RotateCw size={16} />}
            disabled={failedCount === 0}
            onClick={() => setConfirmingAll(true)}
            data-testid="outbox-retry-all"
            data-failed={failedCount}
          >
            {t('outbox.retryAll.button')}
          </Button>
        }
      />
      <Paper withBorder radius="lg">
        <Group p="md" justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <OutboxFiltersBar
            filters={filters}
            onChange={(change) => list.change(change)}
            events={eventOptions}
            loadingEvents={events.isPending}
          />
          {mails.data ? (
            <Badge size="lg" variant="light" data-testid="outbox-count" data-count={count}>
              {t('outbox.count', { count, formatted: number.format(count) })}
            </Badge>
          ) : null}
        </Group>
        <QueryView
          query={mails}
          loading={<ListSkeleton data-testid="outbox-loading" />}
          failure={t('outbox.loadFailed')}
          failureDetail={(error) => failureText(error, 'outbox.loadFailed')}
          inset
          empty={{
            when: (page) => page.results.length === 0,
            icon: <MailCheck size={28} />,
            title: filtered ? t('outbox.empty.filteredTitle') : t('outbox.empty.title'),
            description: filtered ? t('outbox.empty.filtered') : t('outbox.empty.description'),
            testId: 'outbox-empty',
          }}
        >
          {(page) => (
            <OutboxTable
              mails={page.results}
              onRetry={handleRetry}
              retryingId={retryMail.isPending ? (retryMail.variables ?? null) : null}
            />
          )}
        </QueryView>
        <ListPagination page={filters.page} pages={pages} onChange={list.setPage} data-testid="outbox-pagination" />
      </Paper>
      <ConfirmDialog
        opened={confirmingAll}
        title={t('outbox.retryAll.title')}
        message={
          <Text size="sm" data-testid="outbox-retry-all-confirm">
            {t('outbox.retryAll.confirm', { count: failedCount, formatted: number.format(failedCount) })}
          </Text>
        }
        confirmLabel={t('outbox.retryAll.action')}
        cancelLabel={t('outbox.retryAll.cancel')}
        loading={retryFailed.isPending}
        onConfirm={handleRetryAll}
        onClose={() => setConfirmingAll(false)}
      />
    </>
  );
}
