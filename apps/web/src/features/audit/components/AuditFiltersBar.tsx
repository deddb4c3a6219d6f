import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@confero/contracts';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { FilterX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { actionLabelKey, entityLabelKey } from '../audit-display.ts';
import { type AuditFilterName, type AuditFilters, hasAuditFilters } from '../audit-filters.ts';

type AuditFiltersBarProps = {
  filters: AuditFilters;
  onChange: (change: Partial<Omit<AuditFilters, 'page'>>) => void;
  /** The platform's log also filters by event. */
  withEvent: boolean;
};

const CLEARED = { action: null, entity: null, actor: null, from: null, to: null, event: null };

/** The audit log's filters: action, kind of thing, who (a user id), a span of days, and the event (site admins). */
export function AuditFiltersBar({ filters, onChange, withEvent }: AuditFiltersBarProps) {
  const { t } = useTranslation();
  const typed = useDebouncedCallback(
    (name: AuditFilterName, value: string) => onChange({ [name]: value.trim() || null }),
    400,
  );
  const idInput = (name: 'actor' | 'event', placeholder: string) => (
    <TextInput
      key={`${name}-${filters[name] ?? ''}`}
      label={t(`audit.filters.${name}`)}
      placeholder={placeholder}
      defaultValue={filters[name] ?? ''}
      onChange={(change) => typed(name, change.currentTarget.value)}
      dir="ltr"
      w={{ base: '100%', xs: 170 }}
      data-testid={`audit-filter-${name}`}
    />
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="audit-filters">
      <Select
        label={t('audit.filters.action')}
        placeholder={t('audit.filters.anyAction')}
        data={AUDIT_ACTIONS.map((action) => {
          const key = actionLabelKey(action);
          return { value: action, label: key ? t(key) : action };
        })}
        value={filters.action}
        onChange={(value) => onChange({ action: value || null })}
        searchable
        clearable
        nothingFoundMessage={t('audit.filters.nothingFound')}
        w={{ base: '100%', xs: 240 }}
        data-testid="audit-filter-action"
      />
      <Select
        label={t('audit.filters.entity')}
        placeholder={t('audit.filters.anyEntity')}
        data={AUDIT_ENTITIES.map((entity) => {
          const key = entityLabelKey(entity);
          return { value: entity, label: key ? t(key) : entity };
        })}
        value={filters.entity}
        onChange={(value) => onChange({ entity: value || null })}
        clearable
        w={{ base: '100%', xs: 190 }}
        data-testid="audit-filter-entity"
      />
      {idInput('actor', t('audit.filters.actorPlaceholder'))}
      {(['from', 'to'] as const).map((name) => (
        <TextInput
          key={name}
          type="date"
          label={t(`audit.filters.${name}`)}
          value={filters[name] ?? ''}
          onChange={(change) => onChange({ [name]: change.currentTarget.value || null })}
          w={{ base: '100%', xs: 160 }}
          data-testid={`audit-filter-${name}`}
        />
      ))}
      {withEvent ? idInput('event', t('audit.filters.eventPlaceholder')) : null}
      {hasAuditFilters(filters) ? (
        <Button
          variant="subtle"
          leftSection={<FilterX size={16} />}
          onClick={() => onChange(CLEARED)}
          data-testid="audit-filters-clear"
        >
          {t('audit.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
