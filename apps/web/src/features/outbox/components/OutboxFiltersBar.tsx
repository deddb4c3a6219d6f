import { isMailTemplate, MAIL_STATUSES, MAIL_TEMPLATES } from '@confero/contracts';
import { Button, Group, Select } from '@mantine/core';
import { FilterX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { optionsWithCurrent, type PickerOption } from '../../conflicts/conflict-filters.ts';
import { hasOutboxFilters, isMailStatus, type OutboxFilters, templateLabelKey } from '../outbox-filters.ts';

/** How many events the event picker renders at once; typing narrows the rest. */
const EVENT_OPTION_LIMIT = 50;

type OutboxFiltersBarProps = {
  filters: OutboxFilters;
  onChange: (change: Partial<Omit<OutboxFilters, 'page'>>) => void;
  /** Every event (value: public id, label: title). */
  events: PickerOption[];
  loadingEvents: boolean;
};

/** The outbox filters: status, event (searchable), template, and a button that clears them. */
export function OutboxFiltersBar({ filters, onChange, events, loadingEvents }: OutboxFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="outbox-filters">
      <Select
        label={t('outbox.filters.status')}
        placeholder={t('outbox.filters.anyStatus')}
        data={MAIL_STATUSES.map((status) => ({ value: status, label: t(`outbox.status.${status}`) }))}
        value={filters.status}
        onChange={(value) => onChange({ status: isMailStatus(value) ? value : null })}
        clearable
        w={{ base: '100%', xs: 170 }}
        data-testid="outbox-filter-status"
      />
      <Select
        label={t('outbox.filters.event')}
        placeholder={t('outbox.filters.anyEvent')}
        data={optionsWithCurrent(events, filters.event)}
        value={filters.event}
        onChange={(value) => onChange({ event: value || null })}
        searchable
        clearable
        limit={EVENT_OPTION_LIMIT}
        nothingFoundMessage={loadingEvents ? t('common.loading') : t('outbox.filters.nothingFound')}
        w={{ base: '100%', sm: 280 }}
        data-testid="outbox-filter-event"
      />
      <Select
        label={t('outbox.filters.template')}
        placeholder={t('outbox.filters.anyTemplate')}
        data={MAIL_TEMPLATES.map((template) => ({ value: template, label: t(templateLabelKey(template)) }))}
        value={filters.template}
        onChange={(value) => onChange({ template: isMailTemplate(value) ? value : null })}
        clearable
        w={{ base: '100%', xs: 220 }}
        data-testid="outbox-filter-template"
      />
      {hasOutboxFilters(filters) ? (
        <Button
          variant="subtle"
          leftSection={<FilterX size={16} />}
          onClick={() => onChange({ status: null, event: null, template: null })}
          data-testid="outbox-filters-clear"
        >
          {t('outbox.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
