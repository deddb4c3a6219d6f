import { CONFLICT_SOURCES, CONFLICT_TYPES } from '@confero/contracts';
import { Button, Group, Select } from '@mantine/core';
import { FilterX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { USER_CHOICE_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { isConflictSource, isConflictType } from '../conflict-display.ts';
import {
  type ConflictFilters,
  hasConflictFilters,
  optionsWithCurrent,
  type PickerOption,
} from '../conflict-filters.ts';
import { useConflictText } from '../use-conflict-text.ts';

/** How many options a searchable picker renders at once; typing narrows the rest. */
export const PICKER_OPTION_LIMIT = 50;

type ConflictFiltersBarProps = {
  filters: ConflictFilters;
  onChange: (change: Partial<Omit<ConflictFilters, 'page'>>) => void;
  submissions: PickerOption[];
  people: PickerOption[];
  /** Whether the submission and person pickers are still loading their options. */
  loadingOptions: boolean;
  /** Labels for the chosen submission and person when their pickers do not hold them (from the rows shown). */
  currentLabels?: { submission?: string; user?: string };
};

/**
 * The filters of the conflicts list: type, source, submission and person (the pickers search the event's
 * submissions and committee), and a button that clears them all.
 */
export function ConflictFiltersBar({
  filters,
  onChange,
  submissions,
  people,
  loadingOptions,
  currentLabels,
}: ConflictFiltersBarProps) {
  const { t } = useTranslation();
  const { typeLabel } = useConflictText();
  const nothingFound = loadingOptions ? t('common.loading') : t('conflicts.filters.nothingFound');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="conflict-filters">
      <Select
        label={t('conflicts.filters.type')}
        placeholder={t('conflicts.filters.anyType')}
        data={CONFLICT_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
        value={filters.type}
        onChange={(value) => onChange({ type: isConflictType(value) ? value : null })}
        clearable
        w={{ base: '100%', xs: 190 }}
        data-testid="conflict-filter-type"
      />
      <Select
        label={t('conflicts.filters.source')}
        placeholder={t('conflicts.filters.anySource')}
        data={CONFLICT_SOURCES.map((source) => ({ value: source, label: t(`conflicts.source.${source}`) }))}
        value={filters.source}
        onChange={(value) => onChange({ source: isConflictSource(value) ? value : null })}
        clearable
        w={{ base: '100%', xs: 160 }}
        data-testid="conflict-filter-source"
      />
      <Select
        label={t('conflicts.filters.submission')}
        placeholder={t('conflicts.filters.anySubmission')}
        data={optionsWithCurrent(submissions, filters.submission, currentLabels?.submission)}
        value={filters.submission}
        onChange={(value) => onChange({ submission: value || null })}
        searchable
        clearable
        limit={PICKER_OPTION_LIMIT}
        nothingFoundMessage={nothingFound}
        w={{ base: '100%', sm: 280 }}
        classNames={USER_CHOICE_CLASS_NAMES}
        data-testid="conflict-filter-submission"
      />
      <Select
        label={t('conflicts.filters.person')}
        placeholder={t('conflicts.filters.anyPerson')}
        data={optionsWithCurrent(people, filters.user, currentLabels?.user)}
        value={filters.user}
        onChange={(value) => onChange({ user: value || null })}
        searchable
        clearable
        limit={PICKER_OPTION_LIMIT}
        nothingFoundMessage={nothingFound}
        w={{ base: '100%', sm: 260 }}
        classNames={USER_CHOICE_CLASS_NAMES}
        data-testid="conflict-filter-person"
      />
      {hasConflictFilters(filters) ? (
        <Button
          variant="subtle"
          leftSection={<FilterX size={16} />}
          onClick={() => onChange({ type: null, source: null, submission: null, user: null })}
          data-testid="conflict-filters-clear"
        >
          {t('conflicts.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
