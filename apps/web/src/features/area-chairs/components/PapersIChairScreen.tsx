import type { AreaChairSubmissionDto } from '@confero/contracts';
import { Anchor, Badge, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data/DataTable.tsx';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { AREA_CHAIRS_PAGE_SIZE, myChairedSubmissionsQuery } from '../api.ts';

const META_REVIEW_KEYS = {
  none: 'areaChairs.mine.metaReviewNone',
  in_progress: 'areaChairs.mine.metaReviewInProgress',
  completed: 'areaChairs.mine.metaReviewCompleted',
} as const;
const META_REVIEW_COLORS = { none: 'gray', in_progress: 'yellow', completed: 'green' } as const;
/** A badge's label in a narrow column shows whole ("Not started", not "NOT STA…"), as the submissions' badges do. */
const NO_TRUNCATION = { label: { overflow: 'visible' } };

const paperPath = (paper: AreaChairSubmissionDto) => `/submissions/${encodeURIComponent(paper.public_id)}`;
const metaReviewPath = (paper: AreaChairSubmissionDto) =>
  `/events/${encodeURIComponent(paper.event.public_id)}/submissions/${encodeURIComponent(paper.public_id)}/meta-review`;

function PaperRow({ paper }: { paper: AreaChairSubmissionDto }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const meta = paper.meta_review_status ?? 'none';
  const share = paper.reviews_assigned === 0 ? 0 : (paper.reviews_completed / paper.reviews_assigned) * 100;
  return (
    <Table.Tr data-testid="chaired-paper" data-id={paper.public_id}>
      <Table.Td>
        <Anchor component={Link} to={paperPath(paper)} fw={600} size="sm" {...USER_DIR}>
          {paper.title}
        </Anchor>
        <UserText size="xs" c="dimmed">
          {paper.event.title}
        </UserText>
      </Table.Td>
      <Table.Td miw={140}>
        <Text size="sm" data-testid="chaired-paper-reviews">
          {t('areaChairs.mine.reviewsValue', {
            completed: number.format(paper.reviews_completed),
            assigned: number.format(paper.reviews_assigned),
          })}
        </Text>
        <Progress
          value={share}
          size="sm"
          mt={4}
          aria-label={t('areaChairs.mine.reviewsProgress', { title: paper.title })}
        />
      </Table.Td>
      <Table.Td>
        <Badge
          color={META_REVIEW_COLORS[meta]}
          variant="light"
          styles={NO_TRUNCATION}
          data-testid="chaired-paper-meta-review"
        >
          {t(META_REVIEW_KEYS[meta])}
        </Badge>
      </Table.Td>
      <Table.Td>
        {paper.needs_discussion ? (
          <Badge color="orange" variant="light" styles={NO_TRUNCATION}>
            {t('areaChairs.mine.needsDiscussion')}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('areaChairs.mine.comments', { count: paper.comment_count, formatted: number.format(paper.comment_count) })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Anchor component={Link} to={`${paperPath(paper)}#discussion`} size="sm">
            {t('areaChairs.mine.discussion')}
          </Anchor>
          <Anchor component={Link} to={metaReviewPath(paper)} size="sm">
            {t('areaChairs.mine.metaReview')}
          </Anchor>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /area-chair "Papers I chair" (`docs/domain.md#area-chair`): the papers the caller leads as their area chair, a page
 * at a time, each with its reviews' progress, its meta-review's status, the discussion flag and links to the paper,
 * its discussion and its meta-review.
 */
export function PapersIChairScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(myChairedSubmissionsQuery(page));
  return (
    <>
      <ScreenHeader title={t('areaChairs.mine.title')} description={t('areaChairs.mine.description')} />
      <Paper withBorder radius="lg" component="section" data-testid="papers-i-chair">
        <QueryView
          query={query}
          failure={t('areaChairs.mine.loadFailed')}
          inset
          empty={{
            when: (data) => data.results.length === 0,
            icon: <BookOpenCheck size={28} />,
            title: t('areaChairs.mine.emptyTitle'),
            description: t('areaChairs.mine.empty'),
            testId: 'papers-i-chair-empty',
          }}
        >
          {(data) => (
            <Stack gap={0}>
              <DataTable
                minWidth={760}
                headers={[
                  t('areaChairs.mine.paper'),
                  t('areaChairs.mine.reviews'),
                  t('areaChairs.mine.metaReviewStatus'),
                  t('areaChairs.mine.discussionColumn'),
                  t('areaChairs.mine.links'),
                ]}
              >
                {data.results.map((paper) => (
                  <PaperRow key={paper.public_id} paper={paper} />
                ))}
              </DataTable>
              <ListPagination
                page={page}
                pages={pageCount(data.count, AREA_CHAIRS_PAGE_SIZE)}
                onChange={setPage}
                data-testid="papers-i-chair-pagination"
              />
            </Stack>
          )}
        </QueryView>
      </Paper>
    </>
  );
}
