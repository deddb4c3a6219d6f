import { BID_LABELS, type ProposedPairDto } from '@confero/contracts';
import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Search } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { USER_DIR, UserInline, UserText } from '../../../components/data/UserText.tsx';
import { languageOf } from '../../reviews/review-display.ts';
import { useAssignmentTranslation } from '../assignment-role.ts';
import {
  BID_COLORS,
  filterPaperGroups,
  formatScore,
  groupPairsByPaper,
  type PairFilter,
  type PaperGroup,
  paginate,
} from '../auto-display.ts';

/** Papers per page of the proposed pairs (each with its few reviewers). */
export const PAIRS_PAGE_SIZE = 20;

function PairRow({ pair }: { pair: ProposedPairDto }) {
  const { t, i18n } = useAssignmentTranslation();
  const language = languageOf(i18n.language);
  const { reviewer } = pair;
  return (
    <Table.Tr
      data-testid="pair-row"
      data-reviewer={reviewer.public_id}
      data-existing={pair.existing ? 'true' : 'false'}
    >
      <Table.Td miw={180}>
        <UserText size="sm" fw={500}>
          {reviewer.full_name}
        </UserText>
        <Text size="xs" c="dimmed">
          <span dir="ltr">{reviewer.email}</span>
          {reviewer.affiliation ? (
            <>
              {' · '}
              <UserInline>{reviewer.affiliation}</UserInline>
            </>
          ) : null}
        </Text>
      </Table.Td>
      <Table.Td ta="center">
        <Text size="sm" data-testid="pair-affinity">
          {formatScore(pair.affinity, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td>
        {pair.bid ? (
          <Badge
            color={BID_COLORS[pair.bid]}
            variant="light"
            miw="max-content"
            data-testid="pair-bid"
            data-bid={pair.bid}
          >
            {BID_LABELS[pair.bid][language]}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            {t('autoAssignment.pairs.noBid')}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="center">
        <Text size="sm" fw={600} data-testid="pair-score">
          {formatScore(pair.score, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td miw={200}>
        {pair.reasons.length > 0 ? (
          <Group gap={4}>
            {pair.reasons.map((term) => (
              <Badge key={term} variant="outline" color="gray" tt="none" fw={500} data-testid="pair-reason">
                {term}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('autoAssignment.pairs.noTerms')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {pair.existing ? (
          <Badge color="gray" variant="light" miw="max-content" data-testid="pair-kept-badge">
            {t('autoAssignment.pairs.kept')}
          </Badge>
        ) : (
          <Badge color="teal" variant="light" miw="max-content" data-testid="pair-new-badge">
            {t('autoAssignment.pairs.new')}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function PaperBlock({ group, paperHref }: { group: PaperGroup; paperHref: (publicId: string) => string }) {
  const { t, i18n } = useAssignmentTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="pairs-paper" data-submission={group.submission.public_id}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs" wrap="nowrap">
        <Anchor
          component={Link}
          to={paperHref(group.submission.public_id)}
          fw={600}
          size="sm"
          title={t('autoAssignment.pairs.openPaper')}
          style={{ overflowWrap: 'anywhere' }}
          {...USER_DIR}
        >
          {group.submission.title}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="pairs-paper-score">
          {t('autoAssignment.pairs.paperScore', { score: formatScore(group.score, i18n.language) })}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing={6} horizontalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('autoAssignment.pairs.reviewer')}</Table.Th>
              <Table.Th ta="center">{t('autoAssignment.pairs.affinity')}</Table.Th>
              <Table.Th>{t('autoAssignment.pairs.bid')}</Table.Th>
              <Table.Th ta="center">{t('autoAssignment.pairs.score')}</Table.Th>
              <Table.Th>{t('autoAssignment.pairs.matched')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.pairs.map((pair) => (
              <PairRow key={pair.reviewer.public_id} pair={pair} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

type PreviewPairListProps = {
  pairs: readonly ProposedPairDto[];
  paperHref: (publicId: string) => string;
};

/**
 * The proposed pairs grouped by paper: each paper's reviewers with affinity, bid, score, the expertise terms that
 * matched (the reason for the pair) and whether the pair is kept or new. Searched and paged in the browser, since
 * the preview holds every pair at once (thousands in a large event).
 */
export function PreviewPairList({ pairs, paperHref }: PreviewPairListProps) {
  const { t, i18n } = useAssignmentTranslation();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<PairFilter>('all');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const groups = useMemo(() => groupPairsByPaper(pairs), [pairs]);
  const matching = useMemo(() => filterPaperGroups(groups, deferredSearch, filter), [groups, deferredSearch, filter]);
  const shown = paginate(matching, page, PAIRS_PAGE_SIZE);
  const narrowed = deferredSearch.trim() !== '' || filter !== 'all';

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="preview-pairs">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="md">
              {t('autoAssignment.pairs.title')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="pairs-count">
              {t('autoAssignment.pairs.matches', {
                count: matching.length,
                formatted: new Intl.NumberFormat(i18n.language).format(matching.length),
              })}
            </Text>
          </Stack>
          <Group gap="sm" align="flex-end">
            <SegmentedControl
              value={filter}
              onChange={(value) => {
                setFilter(value as PairFilter);
                setPage(1);
              }}
              aria-label={t('autoAssignment.pairs.filter')}
              data={[
                { value: 'all', label: t('autoAssignment.pairs.filterAll') },
                { value: 'new', label: t('autoAssignment.pairs.filterNew') },
                { value: 'kept', label: t('autoAssignment.pairs.filterKept') },
              ]}
              size="sm"
              data-testid="pairs-filter"
            />
            <TextInput
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              placeholder={t('autoAssignment.pairs.searchPlaceholder')}
              aria-label={t('autoAssignment.pairs.search')}
              leftSection={<Search size={16} />}
              w={{ base: '100%', sm: 300 }}
              data-testid="pairs-search"
            />
          </Group>
        </Group>
        {shown.items.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center" data-testid="pairs-empty">
            {narrowed ? t('autoAssignment.pairs.noMatch') : t('autoAssignment.pairs.none')}
          </Text>
        ) : (
          <Stack gap="sm">
            {shown.items.map((group) => (
              <PaperBlock key={group.submission.id} group={group} paperHref={paperHref} />
            ))}
          </Stack>
        )}
        {shown.pages > 1 ? (
          <Group justify="center">
            <Pagination
              total={shown.pages}
              value={shown.page}
              onChange={setPage}
              size="sm"
              data-testid="pairs-pagination"
            />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
