import {
  BULK_DECISION_MAX,
  type EventDto,
  type SubmissionDecision,
  type SubmissionTableRowDto,
} from '@confero/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FileSearch, Gavel, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/data/format.ts';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { SortableHeader } from '../../../components/data/SortableHeader.tsx';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { useLastPageBound, useListParams } from '../../../lib/use-list-params.ts';
import {
  BulkFlagButton,
  NeedsDiscussionBadge,
  RowFlagToggle,
} from '../../discussion/components/DiscussionFlagControls.tsx';
import { DecisionBadge, SubmissionStatusBadge } from '../../submissions/components/SubmissionBadges.tsx';
import { useSubmissionText } from '../../submissions/use-submission-text.ts';
import { fetchMatchingPapers, submissionTableQuery } from '../api.ts';
import { hasTableFilters, TABLE_LIST_CODEC, TABLE_PAGE_SIZE, tableListParams } from '../table-filters.ts';
import { type BulkChoice, BulkDecisionDialog } from './BulkDecisionDialog.tsx';
import { MeanScore } from './MeanScore.tsx';
import { TableFiltersBar } from './TableFiltersBar.tsx';

const DECISIONS: Exclude<SubmissionDecision, 'pending'>[] = ['accept', 'reject', 'revision'];
/** The colour of a meta-review's recommendation, as the decision it recommends. */
const META_COLORS = { accept: 'green', reject: 'red', revision: 'orange' } as const;

/**
 * The chair's submissions table of an event: each paper with its authors, track, status, decision, reviews done of
 * assigned, mean and spread of the overall scores (papers whose reviewers disagree stand out), sorted on any column,
 * filtered, searched and paginated through the address. Rows are selected (across pages) for a bulk decision; each
 * paper the viewer may judge links to its reviewer assignment.
 */
export function ChairSubmissionsTable({ event }: { event: Pick<EventDto, 'public_id' | 'tracks'> }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  const eventId = event.public_id;
  const list = useListParams(TABLE_LIST_CODEC);
  const { filters } = list;
  const query = useQuery(submissionTableQuery(eventId, tableListParams(filters)));
  const pages = pageCount(query.data?.count ?? 0, TABLE_PAGE_SIZE);
  useLastPageBound(list, query.data && !query.isPlaceholderData ? pages : null);
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [deciding, setDeciding] = useState<BulkChoice | null>(null);
  const { decisionLabel } = useSubmissionText();
  const sortBy = (sort: string) => list.change({ sort });
  // An event without tracks has no track column.
  const withTracks = event.tracks.length > 0;

  const toggle = (row: SubmissionTableRowDto, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.id, row.title);
      else next.delete(row.id);
      return next;
    });
  const rows = query.data?.results ?? [];
  const selectable = rows.filter((row) => !row.conflicted);
  const allOnPage = selectable.length > 0 && selectable.every((row) => selected.has(row.id));
  const someOnPage = selectable.some((row) => selected.has(row.id));
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of selectable) {
        if (on) next.set(row.id, row.title);
        else next.delete(row.id);
      }
      return next;
    });

  const [selectingAll, setSelectingAll] = useState(false);
  const selectAllMatching = async () => {
    setSelectingAll(true);
    try {
      const papers = await fetchMatchingPapers(eventId, tableListParams(filters));
      setSelected((current) => {
        const next = new Map(current);
        for (const paper of papers) next.set(paper.id, paper.title);
        return next;
      });
    } catch (error) {
      notify('error', text(errorMessageOr(error, 'progress.table.loadFailed')));
    } finally {
      setSelectingAll(false);
    }
  };

  const numeric = (column: string, label: string) => (
    <SortableHeader label={label} column={column} sort={filters.sort} numeric onSort={sortBy} />
  );

  return (
    <Paper withBorder radius="lg" data-testid="chair-table">
      <Group p="md" justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TableFiltersBar list={list} tracks={event.tracks} />
        {query.data ? (
          <Badge size="lg" variant="light" data-testid="table-count" data-count={query.data.count}>
            {t('progress.table.count', { count: query.data.count, formatted: number.format(query.data.count) })}
          </Badge>
        ) : null}
      </Group>
      <Group px="md" pb="md" gap="sm" data-testid="bulk-bar">
        <Text size="sm" data-testid="selected-count" data-count={selected.size}>
          {t('progress.bulk.selected', { count: selected.size, formatted: number.format(selected.size) })}
        </Text>
        {query.data && query.data.count > rows.length ? (
          <Button
            size="xs"
            variant="subtle"
            loading={selectingAll}
            onClick={() => void selectAllMatching()}
            data-testid="select-all-matching"
          >
            {t('progress.bulk.selectAll', {
              count: Math.min(query.data.count, BULK_DECISION_MAX),
              formatted: number.format(Math.min(query.data.count, BULK_DECISION_MAX)),
            })}
          </Button>
        ) : null}
        {DECISIONS.map((decision) => (
          <Button
            key={decision}
            size="xs"
            variant="light"
            leftSection={<Gavel size={14} />}
            disabled={selected.size === 0}
            onClick={() => setDeciding(decision)}
            data-testid={`bulk-${decision}`}
          >
            {t(`progress.bulk.decide.${decision}`)}
          </Button>
        ))}
        <Button
          size="xs"
          variant="light"
          leftSection={<Gavel size={14} />}
          disabled={selected.size === 0}
          onClick={() => setDeciding('follow_meta_review')}
          data-testid="bulk-follow_meta_review"
        >
          {t('progress.bulk.decide.follow_meta_review')}
        </Button>
        <BulkFlagButton submissionIds={[...selected.keys()]} />
        {selected.size > 0 ? (
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())} data-testid="bulk-clear">
            {t('progress.bulk.clear')}
          </Button>
        ) : null}
      </Group>
      <QueryView
        query={query}
        loading={<ListSkeleton />}
        failure={t('progress.table.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'progress.table.loadFailed'))}
        inset
        empty={{
          when: (page) => page.results.length === 0,
          icon: <FileSearch size={28} />,
          title: hasTableFilters(filters) ? t('progress.table.emptyFiltered') : t('progress.table.empty'),
          testId: 'table-empty',
        }}
      >
        {(page) => (
          <Table.ScrollContainer minWidth={1100}>
            <Table verticalSpacing="sm" striped="odd" highlightOnHover data-testid="chair-table-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('progress.bulk.selectPage')}
                      checked={allOnPage}
                      indeterminate={someOnPage && !allOnPage}
                      onChange={(change) => togglePage(change.currentTarget.checked)}
                      data-testid="select-page"
                    />
                  </Table.Th>
                  <SortableHeader
                    label={t('progress.table.columns.title')}
                    column="title"
                    sort={filters.sort}
                    onSort={sortBy}
                  />
                  {withTracks ? <Table.Th>{t('progress.table.columns.track')}</Table.Th> : null}
                  <SortableHeader
                    label={t('progress.table.columns.status')}
                    column="status"
                    sort={filters.sort}
                    onSort={sortBy}
                  />
                  <SortableHeader
                    label={t('progress.table.columns.decision')}
                    column="decision"
                    sort={filters.sort}
                    onSort={sortBy}
                  />
                  <Table.Th>{t('progress.table.columns.metaReview')}</Table.Th>
                  <Table.Th>{t('areaChairs.table.column')}</Table.Th>
                  {numeric('reviews_done', t('progress.table.columns.reviews'))}
                  {numeric('average_score', t('progress.table.columns.average'))}
                  {numeric('score_spread', t('progress.table.columns.spread'))}
                  {numeric('created_at', t('progress.table.columns.submitted'))}
                  <Table.Th>
                    <VisuallyHidden>{t('progress.table.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.results.map((row) => (
                  <Table.Tr
                    key={row.id}
                    data-testid="table-row"
                    data-disagreement={row.disagreement || undefined}
                    bg={row.disagreement ? 'var(--mantine-color-orange-light)' : undefined}
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={t('progress.bulk.selectRow', { title: row.title })}
                        checked={selected.has(row.id)}
                        disabled={row.conflicted}
                        onChange={(change) => toggle(row, change.currentTarget.checked)}
                        data-testid="select-row"
                      />
                    </Table.Td>
                    <Table.Td maw={360}>
                      <Anchor
                        component={Link}
                        to={`/events/${encodeURIComponent(eventId)}/submissions/${encodeURIComponent(row.id)}`}
                        fw={600}
                        size="sm"
                        {...USER_DIR}
                      >
                        {row.title}
                      </Anchor>
                      <Text size="xs" c="dimmed" {...USER_DIR}>
                        {row.authors}
                      </Text>
                      {row.needs_discussion ? <NeedsDiscussionBadge /> : null}
                    </Table.Td>
                    {withTracks ? (
                      <Table.Td>
                        <Text size="sm" {...USER_DIR}>
                          {row.track?.name ?? t('progress.none')}
                        </Text>
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <SubmissionStatusBadge status={row.status} display={row.status_display} />
                    </Table.Td>
                    <Table.Td>
                      <DecisionBadge decision={row.decision} display={row.decision_display} />
                    </Table.Td>
                    <Table.Td data-testid="row-meta-recommendation">
                      {row.meta_recommendation ? (
                        <Badge variant="light" color={META_COLORS[row.meta_recommendation]}>
                          {decisionLabel(row.meta_recommendation)}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('progress.none')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-testid="row-area-chair">
                      {row.area_chair ? (
                        <UserText size="sm">{row.area_chair.name}</UserText>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('progress.none')}
                        </Text>
                      )}
                    </Table.Td>
                    {row.conflicted ? (
                      <Table.Td colSpan={3}>
                        <Tooltip label={t('progress.table.conflictedHelp')}>
                          <Badge color="gray" variant="outline" data-testid="row-conflicted">
                            {t('progress.table.conflicted')}
                          </Badge>
                        </Tooltip>
                      </Table.Td>
                    ) : (
                      <>
                        <Table.Td>
                          {t('progress.table.reviewsOf', {
                            done: number.format(row.reviews_done ?? 0),
                            assigned: number.format(row.reviews_assigned ?? 0),
                          })}
                        </Table.Td>
                        <Table.Td>
                          <MeanScore value={row.average_score} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            {row.score_spread === null ? t('progress.none') : number.format(row.score_spread)}
                            {row.disagreement ? (
                              <Badge color="orange" variant="light" data-testid="row-disagreement">
                                {t('progress.table.disagreement')}
                              </Badge>
                            ) : null}
                          </Group>
                        </Table.Td>
                      </>
                    )}
                    <Table.Td>
                      <Text size="sm">{formatDate(row.created_at, language)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {row.conflicted ? null : (
                        <Group gap={4} wrap="nowrap">
                          <RowFlagToggle row={row} />
                          <Tooltip label={t('submissions.list.actions.assign')} withArrow>
                            <ActionIcon
                              component={Link}
                              to={`/events/${encodeURIComponent(eventId)}/submissions/${encodeURIComponent(row.id)}/assign`}
                              variant="subtle"
                              color="teal"
                              aria-label={t('submissions.list.actions.assignNamed', { title: row.title })}
                              data-testid="row-assign"
                            >
                              <UserPlus size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryView>
      <ListPagination page={filters.page} pages={pages} onChange={list.setPage} data-testid="table-pagination" />
      {deciding ? (
        <BulkDecisionDialog
          eventId={eventId}
          decision={deciding}
          submissions={[...selected].map(([id, title]) => ({ id, title }))}
          onClose={(decided) => {
            setDeciding(null);
            if (decided) setSelected(new Map());
          }}
        />
      ) : null}
    </Paper>
  );
}
