import type { BiddingPageDto, EventDto } from '@confero/contracts';
import {
  Alert,
  Badge,
  Button,
  Chip,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileSearch, Inbox, Lock, Search, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/data/format.ts';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { type ListChange, useLastPageBound, useListParams, useListSearch } from '../../../lib/use-list-params.ts';
import { eventDetailQuery } from '../../events/api.ts';
import { reviewErrorText } from '../../reviews/review-display.ts';
import { biddingListQuery } from '../api.ts';
import {
  BIDDING_LIST_CODEC,
  BIDDING_PAGE_SIZE,
  BIDDING_SEARCH_MAX_LENGTH,
  type BiddingListParams,
  type BidFilter,
  type BidSummary,
  biddingParamsToSearch,
  bidLabel,
  buildBidSummary,
  isBiddingClosed,
  type Language,
  pageCount,
} from '../bid-display.ts';
import { BID_ICONS } from './BidControl.tsx';
import { BiddingRow } from './BiddingRow.tsx';

const SEARCH_DEBOUNCE_MS = 300;

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language).startsWith('ar') ? 'ar' : 'en';
}

function ListSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="bidding-loading">
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Skeleton height={18} width="60%" radius="sm" />
            <Skeleton height={12} width="35%" radius="sm" />
            <Skeleton height={48} radius="sm" />
            <Skeleton height={26} width="70%" radius="xl" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The filter, which is also the summary: all papers, not bid yet, or one bid value, each chip with its count
 * (`bidding-count-{key}`).
 */
function FilterChips({
  value,
  summary,
  onChange,
}: {
  value: BidFilter;
  summary: BidSummary;
  onChange: (value: BidFilter) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const chips: { key: BidFilter; label: string; color: string; count: number }[] = [
    { key: 'all', label: t('bidding.list.filters.all'), color: 'brand', count: summary.total },
    ...summary.counters.map((counter) => ({
      key: counter.key,
      label: counter.key === 'none' ? t('bidding.list.filters.none') : bidLabel(counter.key, language),
      color: counter.color,
      count: counter.count,
    })),
  ];
  return (
    <Group
      gap={6}
      wrap="wrap"
      role="radiogroup"
      aria-label={t('bidding.list.filterLabel')}
      data-testid="bidding-filters"
    >
      <Chip.Group value={value} onChange={(next) => onChange(next as BidFilter)}>
        {chips.map((chip) => {
          const Icon = chip.key === 'all' || chip.key === 'none' ? null : BID_ICONS[chip.key];
          return (
            <Chip
              key={chip.key}
              value={chip.key}
              type="radio"
              size="sm"
              variant="outline"
              color={chip.color}
              icon={Icon ? <Icon size={13} /> : undefined}
              data-testid={`bidding-filter-${chip.key}`}
            >
              {chip.label}
              <Text span size="xs" fw={700} ms={6} c="dimmed" data-testid={`bidding-count-${chip.key}`}>
                {chip.count}
              </Text>
            </Chip>
          );
        })}
      </Chip.Group>
    </Group>
  );
}

/**
 * The summary of the caller's bids: "You have bid on 3 of 12 papers", the stacked bar of the values, and the
 * filter chips with the count of each value and of the papers not bid on yet.
 */
function SummaryCard({
  summary,
  filter,
  onFilter,
}: {
  summary: BidSummary;
  filter: BidFilter;
  onFilter: (value: BidFilter) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="bidding-summary">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fw={600} data-testid="bidding-progress-text">
            {t('bidding.list.progress', { count: summary.total, done: summary.bid })}
          </Text>
          {summary.total > 0 && summary.bid === summary.total ? (
            <Badge color="teal" variant="light" tt="none" data-testid="bidding-all-done">
              {t('bidding.list.allDone')}
            </Badge>
          ) : null}
        </Group>
        <Progress.Root size="lg" radius="xl" role="group" aria-label={t('bidding.list.progressLabel')}>
          {summary.sections.map((section) => {
            const label = `${bidLabel(section.key, language)}: ${section.count}`;
            return (
              <Tooltip key={section.key} label={label} withArrow>
                <Progress.Section value={section.percent} color={section.color} aria-label={label} />
              </Tooltip>
            );
          })}
        </Progress.Root>
        <FilterChips value={filter} summary={summary} onChange={onFilter} />
      </Stack>
    </Paper>
  );
}

function EmptyList({
  params,
  summary,
  onReset,
}: {
  params: BiddingListParams;
  summary: BidSummary;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const filtered = params.bid !== 'all' || params.search !== '';
  const { bid, search } = params;
  let description = t('bidding.list.emptyAll');
  if (summary.total > 0) {
    if (search) description = t('bidding.list.emptySearch', { search });
    else if (bid === 'none') description = t('bidding.list.emptyNone');
    else if (bid !== 'all') description = t('bidding.list.emptyValue', { value: bidLabel(bid, language) });
  }
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="bidding-empty">
      <EmptyState
        icon={filtered ? <FileSearch size={28} /> : <Inbox size={28} />}
        withIndicatorBackground
        title={filtered && summary.total > 0 ? t('bidding.list.emptyFilteredTitle') : t('bidding.list.emptyTitle')}
        description={description}
      >
        {filtered && summary.total > 0 ? (
          <EmptyState.Actions>
            <Button variant="light" onClick={onReset} data-testid="bidding-reset-filters">
              {t('bidding.list.showAll')}
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
}

/** The list answered 403 (not a reviewer of the event) or 404 (no such event, or not one's to see). */
function RefusalPanel({
  kind,
  detail,
  eventHref,
}: {
  kind: 'forbidden' | 'notFound';
  detail?: string;
  eventHref: string;
}) {
  const { t } = useTranslation();
  const forbidden = kind === 'forbidden';
  return (
    <Alert
      color={forbidden ? 'orange' : 'red'}
      radius="lg"
      icon={<ShieldAlert size={20} />}
      title={forbidden ? t('bidding.list.forbiddenTitle') : t('bidding.list.notFoundTitle')}
      role="alert"
      data-testid={forbidden ? 'bidding-forbidden' : 'bidding-not-found'}
    >
      <Stack gap="sm">
        <Text size="sm">{forbidden ? t('bidding.list.forbiddenText') : t('bidding.list.notFoundText')}</Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Button
          component={Link}
          to={forbidden ? eventHref : '/events'}
          variant="white"
          color={forbidden ? 'orange' : 'red'}
          size="xs"
          w="fit-content"
          leftSection={<ArrowLeft size={14} className="mirror-rtl" />}
        >
          {forbidden ? t('bidding.list.backToEvent') : t('bidding.list.backToEvents')}
        </Button>
      </Stack>
    </Alert>
  );
}

function ClosedNotice({ event }: { event: Pick<EventDto, 'review_deadline' | 'timezone'> }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color="yellow"
      radius="lg"
      icon={<Lock size={18} />}
      title={t('bidding.control.closedTitle')}
      data-testid="bidding-closed"
    >
      {t('bidding.list.closedText', {
        date: formatDate(event.review_deadline, i18n.resolvedLanguage ?? i18n.language),
        timezone: event.timezone,
      })}
    </Alert>
  );
}

function ListBody({
  page,
  params,
  eventId,
  closed,
  fetching,
  onParams,
}: {
  page: BiddingPageDto;
  params: BiddingListParams;
  eventId: string;
  closed: boolean;
  fetching: boolean;
  onParams: (next: ListChange<BiddingListParams>) => void;
}) {
  const { t } = useTranslation();
  const summary = buildBidSummary(page.summary);
  const pages = pageCount(page.count);
  const query = biddingParamsToSearch(params).toString();
  const nav = {
    listHref: `/events/${encodeURIComponent(eventId)}/bids${query ? `?${query}` : ''}`,
    ids: page.results.map((row) => row.public_id),
  };
  return (
    <Stack gap="md" style={{ opacity: fetching ? 0.65 : 1, transition: 'opacity 120ms' }} aria-busy={fetching}>
      {page.results.length === 0 ? (
        <EmptyList params={params} summary={summary} onReset={() => onParams({ bid: 'all', search: '' })} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="bidding-result-count">
            {t('bidding.list.resultCount', { count: page.count })}
          </Text>
          <Stack gap="md" data-testid="bidding-list">
            {page.results.map((item) => (
              <BiddingRow key={item.public_id} item={item} nav={nav} closed={closed} />
            ))}
          </Stack>
        </>
      )}
      {pages > 1 ? (
        <Group justify="center" pt="xs">
          <Pagination
            total={pages}
            value={Math.min(params.page, pages)}
            onChange={(next) => {
              onParams({ page: next });
              window.scrollTo({ top: 0 });
            }}
            size="sm"
            data-testid="bidding-pagination"
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * /events/{id}/bids: the event's papers for its reviewers to bid on, one page at a time (`GET events/{id}/bids/`): the
 * summary of the caller's bids, filter chips by bid value or "not bid yet", a title search, and for each paper its
 * title, track, authors unless double-blind, keywords, abstract and an inline bid control. Filter, search and page live
 * in the address, so the way back from a paper's bid page keeps them. A caller who is not a reviewer of the event sees
 * a 403 panel; an unknown event a 404 panel.
 */
export function BiddingListScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useListParams(BIDDING_LIST_CODEC, { history: 'push' });
  const params = list.filters;
  const [searchText, setSearchText] = useListSearch(list, {
    delayMs: SEARCH_DEBOUNCE_MS,
    maxLength: BIDDING_SEARCH_MAX_LENGTH,
  });
  const event = useQuery(eventDetailQuery(eventId));
  const listQuery = useQuery(biddingListQuery(eventId, params));
  const eventHref = `/events/${encodeURIComponent(eventId)}`;
  // After bids move papers out of a filter, the page asked for may no longer exist.
  useLastPageBound(
    list,
    listQuery.data && !listQuery.isPlaceholderData ? pageCount(listQuery.data.count, BIDDING_PAGE_SIZE) : null,
  );

  const title = event.data?.title ?? t('bidding.list.title');
  const header = (
    <ScreenHeader
      title={title}
      documentTitle={t('bidding.list.documentTitle', { title })}
      description={t('bidding.list.description')}
      back={{ to: eventHref, label: t('bidding.list.backToEvent') }}
    >
      {event.data ? (
        <Badge variant="light" size="lg" tt="none" w="fit-content" data-testid="bidding-heading-badge">
          {t('bidding.list.heading')}
        </Badge>
      ) : null}
    </ScreenHeader>
  );

  const eventMissing = isApiError(event.error) && event.error.status === 404;
  const listStatus = isApiError(listQuery.error) ? listQuery.error.status : null;
  let body: ReactNode;
  if (eventMissing || listStatus === 404) {
    body = <RefusalPanel kind="notFound" eventHref={eventHref} />;
  } else if (listStatus === 403) {
    body = (
      <RefusalPanel
        kind="forbidden"
        detail={reviewErrorText(listQuery.error, language, '') || undefined}
        eventHref={eventHref}
      />
    );
  } else if (listQuery.isError) {
    body = (
      <LoadFailure
        message={t('bidding.list.loadError')}
        detail={reviewErrorText(listQuery.error, language, '') || undefined}
        back={{ to: eventHref, label: t('bidding.list.backToEvent') }}
        onRetry={() => void listQuery.refetch()}
      />
    );
  } else {
    const summary = listQuery.data ? buildBidSummary(listQuery.data.summary) : null;
    const closed = event.data ? isBiddingClosed(event.data) : false;
    body = (
      <Stack gap="lg">
        {closed && event.data ? <ClosedNotice event={event.data} /> : null}
        {summary ? (
          <SummaryCard summary={summary} filter={params.bid} onFilter={(bid) => list.change({ bid })} />
        ) : (
          <Skeleton height={132} radius="lg" />
        )}
        <TextInput
          value={searchText}
          onChange={(change) => setSearchText(change.currentTarget.value)}
          placeholder={t('bidding.list.searchPlaceholder')}
          aria-label={t('bidding.list.search')}
          leftSection={<Search size={16} />}
          maxLength={BIDDING_SEARCH_MAX_LENGTH}
          w={{ base: '100%', sm: 380 }}
          type="search"
          data-testid="bidding-search"
        />
        {listQuery.data ? (
          <ListBody
            page={listQuery.data}
            params={params}
            eventId={eventId}
            closed={closed}
            fetching={listQuery.isPlaceholderData}
            onParams={(next) => list.change(next)}
          />
        ) : (
          <ListSkeleton />
        )}
      </Stack>
    );
  }

  return (
    <>
      {header}
      {body}
    </>
  );
}
