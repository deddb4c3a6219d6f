import { FINAL_VERSION_FILTERS, type FinalVersionFilter } from '@confero/contracts';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FileArchive, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data/DataTable.tsx';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { pageCount } from '../../../lib/list-filters.ts';
import { type ListCodec, useLastPageBound, useListParams } from '../../../lib/use-list-params.ts';
import { EventToolGate } from '../../events/components/EventToolGate.tsx';
import { eventRef } from '../../events/event-display.ts';
import { finalVersionListQuery, proceedingsUrl } from '../api.ts';

const PAGE_SIZE = 25;

type Filters = { status: FinalVersionFilter | null; page: number };

/** The list's filter (sent, missing or all) and page in the address. */
export const FINAL_VERSIONS_CODEC: ListCodec<Filters> = {
  parse: (params) => {
    const status = params.get('status');
    const page = Number(params.get('page'));
    return {
      status: (FINAL_VERSION_FILTERS as readonly string[]).includes(status ?? '')
        ? (status as FinalVersionFilter)
        : null,
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  },
  toSearch: (filters) => {
    const search = new URLSearchParams();
    if (filters.status) search.set('status', filters.status);
    if (filters.page > 1) search.set('page', String(filters.page));
    return search;
  },
};

/** The compose screen with the reminder to the authors who have not sent their final version chosen. */
export const reminderLink = (ref: string) =>
  `/events/${encodeURIComponent(ref)}/mail?audience=final_version_missing&template=final_version_reminder`;

function FinalVersionsList({ eventId, ref }: { eventId: string; ref: string }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const list = useListParams(FINAL_VERSIONS_CODEC);
  const { filters } = list;
  const query = useQuery(finalVersionListQuery(eventId, filters));
  const pages = pageCount(query.data?.count ?? 0, PAGE_SIZE);
  useLastPageBound(list, query.data && !query.isPlaceholderData ? pages : null);
  const totals = query.data?.totals;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" data-testid="final-versions-totals">
          {totals ? (
            <>
              <Badge variant="light">{t('finalVersions.chair.accepted', { n: number.format(totals.accepted) })}</Badge>
              <Badge variant="light" color="green">
                {t('finalVersions.chair.sentCount', { n: number.format(totals.sent) })}
              </Badge>
              <Badge variant="light" color="orange">
                {t('finalVersions.chair.missingCount', { n: number.format(totals.missing) })}
              </Badge>
            </>
          ) : null}
        </Group>
        <Group gap="xs">
          {totals?.missing === 0 ? (
            // Nobody to remind: a real disabled button (a link cannot be disabled, and its dimmed text fails contrast).
            <Button variant="light" leftSection={<Mail size={16} />} disabled data-testid="final-versions-remind">
              {t('finalVersions.chair.remind')}
            </Button>
          ) : (
            <Button
              component={Link}
              to={reminderLink(ref)}
              variant="light"
              leftSection={<Mail size={16} />}
              data-testid="final-versions-remind"
            >
              {t('finalVersions.chair.remind')}
            </Button>
          )}
          <Button
            component="a"
            href={proceedingsUrl(eventId)}
            download
            leftSection={<FileArchive size={16} />}
            data-testid="final-versions-proceedings"
          >
            {t('finalVersions.chair.proceedings')}
          </Button>
        </Group>
      </Group>
      <SegmentedControl
        value={filters.status ?? 'all'}
        onChange={(value) => list.change({ status: value === 'all' ? null : (value as FinalVersionFilter) })}
        data={[
          { value: 'all', label: t('finalVersions.chair.filters.all') },
          { value: 'sent', label: t('finalVersions.chair.filters.sent') },
          { value: 'missing', label: t('finalVersions.chair.filters.missing') },
        ]}
        data-testid="final-versions-filter"
      />
      <QueryView
        query={query}
        failure={t('finalVersions.chair.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'finalVersions.chair.loadFailed'))}
        empty={{
          when: (data) => data.results.length === 0,
          icon: <FileArchive size={28} />,
          title: t('finalVersions.chair.empty'),
          testId: 'final-versions-empty',
        }}
      >
        {(data) => (
          <DataTable
            minWidth={640}
            testId="final-versions-table"
            headers={[
              t('finalVersions.chair.columns.number'),
              t('finalVersions.chair.columns.title'),
              t('finalVersions.chair.columns.state'),
              t('finalVersions.chair.columns.sentAt'),
              t('finalVersions.chair.columns.versions'),
              t('finalVersions.chair.columns.supplementary'),
            ]}
          >
            {data.results.map((row) => (
              <Table.Tr key={row.submission_id} data-testid={`final-version-row-${row.submission_id}`}>
                <Table.Td>{number.format(row.number)}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/submissions/${encodeURIComponent(row.submission_id)}/final-version`}
                    dir="auto"
                  >
                    {row.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge color={row.sent ? 'green' : 'orange'} variant="light">
                    {t(row.sent ? 'finalVersions.chair.sent' : 'finalVersions.chair.missing')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {row.submitted_at ? (
                    <time dateTime={row.submitted_at}>{date.format(new Date(row.submitted_at))}</time>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>{number.format(row.versions)}</Table.Td>
                <Table.Td>{t(row.supplementary ? 'finalVersions.chair.yes' : 'finalVersions.chair.no')}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <ListPagination page={filters.page} pages={pages} onChange={list.setPage} data-testid="final-versions-pages" />
    </Stack>
  );
}

/**
 * /events/{id}/final-versions, for the event's organizers: the accepted papers and whether each sent its final version
 * (filtered, counted), the reminder to those who have not (the event's mail with the group and template chosen), and
 * the proceedings ZIP.
 */
export function FinalVersionsScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <EventToolGate
      eventId={eventId}
      title={t('finalVersions.chair.title')}
      testId="final-versions"
      ability="view_progress"
      textsFrom="finalVersions.chair"
      intro={t('finalVersions.chair.description')}
    >
      {(event) => <FinalVersionsList eventId={eventId} ref={eventRef(event)} />}
    </EventToolGate>
  );
}
