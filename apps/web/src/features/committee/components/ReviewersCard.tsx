import type { CommitteeReviewerDto } from '@confero/contracts';
import { Badge, Group, Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, RowAction } from '../../../components/data/DataTable.tsx';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { useLastPageBound, useListParams } from '../../../lib/use-list-params.ts';
import { reviewerStatusColor } from '../../events/event-display.ts';
import { committeeReviewersQuery } from '../api.ts';
import { loadColor, REVIEWER_LIST_CODEC, REVIEWERS_PAGE_SIZE, reviewersPage } from '../committee-display.ts';
import { useCommitteeText } from '../use-committee-text.ts';
import { EditReviewerModal } from './EditReviewerModal.tsx';
import { RemoveReviewerDialog } from './RemoveReviewerDialog.tsx';

const STATUS_KEYS = {
  active: 'committee.reviewers.statusActive',
  pending: 'committee.reviewers.statusPending',
  declined: 'committee.reviewers.statusDeclined',
} as const;

function ReviewerRow({
  reviewer,
  onEdit,
  onRemove,
}: {
  reviewer: CommitteeReviewerDto;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Table.Tr data-testid="committee-reviewer" data-email={reviewer.email}>
      <Table.Td>
        <UserText size="sm" fw={600}>
          {reviewer.display_name}
        </UserText>
        <Text size="xs" c="dimmed">
          {reviewer.email}
        </Text>
      </Table.Td>
      <Table.Td {...USER_DIR}>
        <UserText size="sm" lineClamp={2}>
          {reviewer.expertise}
        </UserText>
      </Table.Td>
      <Table.Td>{number.format(reviewer.max_papers)}</Table.Td>
      <Table.Td>
        <Text size="sm" c={loadColor(reviewer)} data-testid="committee-reviewer-load">
          {t('committee.reviewers.loadValue', {
            load: number.format(reviewer.load),
            max: number.format(reviewer.max_papers),
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('committee.reviewers.completedValue', {
            count: reviewer.completed,
            formatted: number.format(reviewer.completed),
          })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={reviewerStatusColor(reviewer.status)} variant="light">
          {t(STATUS_KEYS[reviewer.status])}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {reviewer.public_id ? (
            <RowAction
              label={t('committee.reviewers.edit')}
              ariaLabel={t('committee.reviewers.editAria', { name: reviewer.display_name })}
              icon={Pencil}
              onClick={onEdit}
            />
          ) : null}
          <RowAction
            label={t('committee.reviewers.remove')}
            ariaLabel={t('committee.reviewers.removeAria', { name: reviewer.display_name })}
            icon={Trash2}
            onClick={onRemove}
            color="red"
          />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The reviewers with their expertise, limit, load and status; a page of twenty at a time (the page in the address). */
export function ReviewersCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { errorText } = useCommitteeText();
  const reviewers = useQuery(committeeReviewersQuery(eventId));
  const list = useListParams(REVIEWER_LIST_CODEC);
  const [editing, setEditing] = useState<CommitteeReviewerDto | null>(null);
  const [removing, setRemoving] = useState<CommitteeReviewerDto | null>(null);
  const count = reviewers.data?.length ?? 0;
  const pages = pageCount(count, REVIEWERS_PAGE_SIZE);
  useLastPageBound(list, reviewers.data ? pages : null);

  return (
    <Paper withBorder radius="lg" component="section" data-testid="committee-reviewers">
      <Group p="md" justify="space-between" gap="sm">
        <Group gap="sm">
          <UsersRound size={18} aria-hidden="true" />
          <Text component="h2" fw={700} fz="md">
            {t('committee.reviewers.title')}
          </Text>
        </Group>
        {reviewers.data ? (
          <Badge variant="light" size="lg" data-testid="committee-reviewers-count" data-count={count}>
            {t('committee.reviewers.count', { count })}
          </Badge>
        ) : null}
      </Group>
      <QueryView
        query={reviewers}
        loading={<ListSkeleton rowHeight={52} />}
        failure={t('committee.reviewers.loadFailed')}
        failureDetail={(error) => errorText(error, '')}
        inset
        empty={{
          when: (rows) => rows.length === 0,
          icon: <UsersRound size={28} />,
          title: t('committee.reviewers.emptyTitle'),
          description: t('committee.reviewers.empty'),
          testId: 'committee-reviewers-empty',
        }}
      >
        {(rows) => (
          <>
            <DataTable
              minWidth={720}
              headers={[
                t('committee.reviewers.name'),
                t('committee.reviewers.expertise'),
                t('committee.reviewers.maxPapers'),
                t('committee.reviewers.load'),
                t('committee.reviewers.status'),
              ]}
              actionsLabel={t('committee.reviewers.actions')}
            >
              {reviewersPage(rows, list.filters.page).map((reviewer) => (
                <ReviewerRow
                  key={reviewer.public_id ?? reviewer.email}
                  reviewer={reviewer}
                  onEdit={() => setEditing(reviewer)}
                  onRemove={() => setRemoving(reviewer)}
                />
              ))}
            </DataTable>
            <ListPagination
              page={list.filters.page}
              pages={pages}
              onChange={list.setPage}
              data-testid="committee-reviewers-pagination"
            />
          </>
        )}
      </QueryView>
      <EditReviewerModal eventId={eventId} reviewer={editing} onClose={() => setEditing(null)} />
      <RemoveReviewerDialog eventId={eventId} reviewer={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}
