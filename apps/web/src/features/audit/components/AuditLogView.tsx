import type { AuditPageDto } from '@confero/contracts';
import { Badge, Group, Paper } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { pageCount } from '../../../lib/list-filters.ts';
import { type ListParams, useLastPageBound } from '../../../lib/use-list-params.ts';
import { AUDIT_PAGE_SIZE, type AuditFilters, hasAuditFilters } from '../audit-filters.ts';
import { AuditFiltersBar } from './AuditFiltersBar.tsx';
import { AuditTable } from './AuditTable.tsx';

type AuditLogViewProps = {
  list: ListParams<AuditFilters>;
  query: UseQueryResult<AuditPageDto>;
  /** The platform's log: filter by and show each entry's event. */
  platform: boolean;
};

/** An audit log's filters, count, table (or its loading, failure and empty states) and pages. */
export function AuditLogView({ list, query, platform }: AuditLogViewProps) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const { filters } = list;
  const count = query.data?.count ?? 0;
  const pages = pageCount(count, AUDIT_PAGE_SIZE);
  const filtered = hasAuditFilters(filters);
  useLastPageBound(list, query.data && !query.isPlaceholderData ? pages : null);
  return (
    <Paper withBorder radius="lg">
      <Group p="md" justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <AuditFiltersBar filters={filters} onChange={(change) => list.change(change)} withEvent={platform} />
        {query.data ? (
          <Badge size="lg" variant="light" data-testid="audit-count" data-count={count}>
            {t('audit.count', { count, formatted: number.format(count) })}
          </Badge>
        ) : null}
      </Group>
      <QueryView
        query={query}
        loading={<ListSkeleton data-testid="audit-loading" />}
        failure={t('audit.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'audit.loadFailed'))}
        inset
        empty={{
          when: (page) => page.results.length === 0,
          icon: <History size={28} />,
          title: filtered ? t('audit.empty.filteredTitle') : t('audit.empty.title'),
          description: filtered ? t('audit.empty.filtered') : t('audit.empty.description'),
          testId: 'audit-empty',
        }}
      >
        {(page) => <AuditTable entries={page.results} showEvent={platform} />}
      </QueryView>
      <ListPagination page={filters.page} pages={pages} onChange={list.setPage} data-testid="audit-pagination" />
    </Paper>
  );
}
