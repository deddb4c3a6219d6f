import { SUBMISSION_DECISIONS, SUBMISSION_STATUSES, TABLE_META_REVIEW_FILTERS } from '@confero/contracts';
import { Checkbox, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { useListSearch } from '../../../lib/use-list-params.ts';
import { useSubmissionText } from '../../submissions/use-submission-text.ts';
import type { TableFilters } from '../table-filters.ts';

type TableFiltersBarProps = {
  list: ListParams<TableFilters>;
  tracks: { public_id: string; name: string }[];
};

const META_REVIEW_LABELS = {
  completed: 'progress.table.metaReviewCompleted',
  missing: 'progress.table.metaReviewMissing',
} as const;

/**
 * The chair table's search (title or author) and filters: status, decision, track, meta-review (completed or not),
 * average score range, disagreement, needs discussion, without an area chair.
 */
export function TableFiltersBar({ list, tracks }: TableFiltersBarProps) {
  const { t } = useTranslation();
  const { statusLabel, decisionLabel } = useSubmissionText();
  const { filters, change } = list;
  const [search, setSearch] = useListSearch(list, { maxLength: 200 });
  const score = (value: string | number) => (value === '' || Number.isNaN(Number(value)) ? null : Number(value));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="table-filters">
      <TextInput
        label={t('progress.table.search')}
        placeholder={t('progress.table.searchPlaceholder')}
        leftSection={<Search size={14} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        dir="auto"
        w={240}
        data-testid="table-search"
      />
      <Select
        label={t('progress.table.status')}
        placeholder={t('progress.table.any')}
        data={SUBMISSION_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
        value={filters.status}
        onChange={(value) => change({ status: (value as TableFilters['status']) ?? null })}
        clearable
        w={180}
        data-testid="table-status"
      />
      <Select
        label={t('progress.table.decision')}
        placeholder={t('progress.table.any')}
        data={SUBMISSION_DECISIONS.map((decision) => ({ value: decision, label: decisionLabel(decision) }))}
        value={filters.decision}
        onChange={(value) => change({ decision: (value as TableFilters['decision']) ?? null })}
        clearable
        w={160}
        data-testid="table-decision"
      />
      {tracks.length > 0 ? (
        <Select
          label={t('progress.table.track')}
          placeholder={t('progress.table.any')}
          data={tracks.map((track) => ({ value: track.public_id, label: track.name }))}
          value={filters.track}
          onChange={(value) => change({ track: value ?? null })}
          clearable
          w={180}
          data-testid="table-track"
        />
      ) : null}
      <Select
        label={t('progress.table.metaReview')}
        placeholder={t('progress.table.any')}
        data={TABLE_META_REVIEW_FILTERS.map((value) => ({ value, label: t(META_REVIEW_LABELS[value]) }))}
        value={filters.metaReview}
        onChange={(value) => change({ metaReview: (value as TableFilters['metaReview']) ?? null })}
        clearable
        w={170}
        data-testid="table-meta-review"
      />
      <NumberInput
        label={t('progress.table.minScore')}
        min={-3}
        max={3}
        step={0.5}
        decimalScale={2}
        value={filters.minScore ?? ''}
        onChange={(value) => change({ minScore: score(value) })}
        w={120}
        data-testid="table-min-score"
      />
      <NumberInput
        label={t('progress.table.maxScore')}
        min={-3}
        max={3}
        step={0.5}
        decimalScale={2}
        value={filters.maxScore ?? ''}
        onChange={(value) => change({ maxScore: score(value) })}
        w={120}
        data-testid="table-max-score"
      />
      <Checkbox
        label={t('progress.table.disagreementOnly')}
        checked={filters.disagreement}
        onChange={(event) => change({ disagreement: event.currentTarget.checked })}
        mb={8}
        data-testid="table-disagreement"
      />
      <Checkbox
        label={t('discussion.table.filter')}
        checked={filters.needsDiscussion}
        onChange={(event) => change({ needsDiscussion: event.currentTarget.checked })}
        mb={8}
        data-testid="table-needs-discussion"
      />
      <Checkbox
        label={t('areaChairs.table.withoutFilter')}
        checked={filters.withoutAreaChair}
        onChange={(event) => change({ withoutAreaChair: event.currentTarget.checked })}
        mb={8}
        data-testid="table-without-area-chair"
      />
    </Group>
  );
}
