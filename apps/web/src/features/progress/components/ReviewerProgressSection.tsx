import type { ReviewerProgressDto } from '@confero/contracts';
import { Badge, Button, Checkbox, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BellRing, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { SortableHeader } from '../../../components/data/SortableHeader.tsx';
import { USER_DIR } from '../../../components/data/UserText.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { useLastPageBound, useListParams } from '../../../lib/use-list-params.ts';
import { reviewerProgressQuery, useRemindReviewersMutation } from '../api.ts';
import { REVIEWER_LIST_CODEC, REVIEWER_PAGE_SIZE, reviewerListParams } from '../reviewer-filters.ts';
import { MeanScore } from './MeanScore.tsx';

const NUMERIC_COLUMNS = ['assigned', 'completed', 'in_progress', 'late', 'average_score', 'bids'] as const;

/**
 * The reviewers' progress on the dashboard: per reviewer assigned, completed, in progress and late reviews, the mean
 * overall score they gave and their bids, sorted by any column (kept in the address), paginated; "Remind" for one
 * reviewer with a review not completed and "Remind all late" for every late one (the reminder mail of the event),
 * offered once a review is late: the reminders' group is the reviewers with reviews not completed, who are then the
 * late ones.
 */
export function ReviewerProgressSection({ eventId, lateReviews }: { eventId: string; lateReviews: number }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  const list = useListParams(REVIEWER_LIST_CODEC);
  const { filters } = list;
  const query = useQuery(reviewerProgressQuery(eventId, reviewerListParams(filters)));
  const remind = useRemindReviewersMutation(eventId);
  const pages = pageCount(query.data?.count ?? 0, REVIEWER_PAGE_SIZE);
  useLastPageBound(list, query.data && !query.isPlaceholderData ? pages : null);

  const send = (body: { user_ids?: string[]; late?: true }) =>
    remind.mutate(body, {
      onSuccess: ({ sent, already_reminded }) =>
        notify(
          'success',
          t('progress.remind.done', {
            count: sent,
            formatted: number.format(sent),
            already: number.format(already_reminded),
          }),
        ),
      onError: (error) => notify('error', text(errorMessageOr(error, 'progress.remind.failed'))),
    });

  const header = (column: (typeof NUMERIC_COLUMNS)[number]) => (
    <SortableHeader
      key={column}
      label={t(`progress.reviewers.columns.${column}`)}
      column={column}
      sort={filters.sort}
      numeric
      onSort={(sort) => list.change({ sort })}
    />
  );

  return (
    <Paper withBorder radius="lg" data-testid="reviewer-progress">
      <Group p="md" justify="space-between" align="center" wrap="wrap">
        <Title order={2} fz="lg">
          {t('progress.reviewers.title')}
        </Title>
        <Group gap="sm">
          <Checkbox
            label={t('progress.reviewers.lateOnly')}
            checked={filters.late}
            onChange={(event) => list.change({ late: event.currentTarget.checked })}
            data-testid="reviewers-late-only"
          />
          <Button
            variant="light"
            color="orange"
            leftSection={<BellRing size={16} />}
            disabled={lateReviews === 0}
            onClick={() => send({ late: true })}
            loading={remind.isPending && remind.variables?.late === true}
            data-testid="remind-all-late"
          >
            {t('progress.remind.allLate')}
          </Button>
        </Group>
      </Group>
      <QueryView
        query={query}
        loading={<ListSkeleton />}
        failure={t('progress.reviewers.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'progress.reviewers.loadFailed'))}
        inset
        empty={{
          when: (page) => page.results.length === 0,
          icon: <Users size={28} />,
          title: t('progress.reviewers.empty'),
          testId: 'reviewers-empty',
        }}
      >
        {(page) => (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" striped="odd" highlightOnHover data-testid="reviewer-table">
              <Table.Thead>
                <Table.Tr>
                  <SortableHeader
                    label={t('progress.reviewers.columns.name')}
                    column="name"
                    sort={filters.sort}
                    onSort={(sort) => list.change({ sort })}
                  />
                  {NUMERIC_COLUMNS.map(header)}
                  <Table.Th>{t('progress.reviewers.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.results.map((row: ReviewerProgressDto) => (
                  <Table.Tr key={row.user.id} data-testid="reviewer-row">
                    <Table.Td>
                      <Text size="sm" fw={600} {...USER_DIR}>
                        {row.user.full_name}
                      </Text>
                      <Text size="xs" c="dimmed" dir="ltr">
                        {row.user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{number.format(row.assigned)}</Table.Td>
                    <Table.Td>{number.format(row.completed)}</Table.Td>
                    <Table.Td>{number.format(row.in_progress)}</Table.Td>
                    <Table.Td>
                      {row.late > 0 ? (
                        <Badge color="red" variant="light">
                          {number.format(row.late)}
                        </Badge>
                      ) : (
                        number.format(0)
                      )}
                    </Table.Td>
                    <Table.Td>
                      <MeanScore value={row.average_score} />
                    </Table.Td>
                    <Table.Td>{number.format(row.bids)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={row.completed >= row.assigned}
                        loading={remind.isPending && remind.variables?.user_ids?.[0] === row.user.id}
                        onClick={() => send({ user_ids: [row.user.id] })}
                        aria-label={t('progress.remind.oneLabel', { name: row.user.full_name })}
                        data-testid="remind-one"
                      >
                        {t('progress.remind.one')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryView>
      <ListPagination page={filters.page} pages={pages} onChange={list.setPage} data-testid="reviewers-pagination" />
    </Paper>
  );
}
