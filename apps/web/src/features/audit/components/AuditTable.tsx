import type { AuditEntryDto } from '@confero/contracts';
import { Badge, Group, Table, Text } from '@mantine/core';
import { EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { USER_DIR } from '../../../components/data/UserText.tsx';
import { formatDateTime } from '../../outbox/outbox-display.ts';
import { actionLabelKey, dataSummary, entityLabelKey } from '../audit-display.ts';

type AuditTableProps = {
  entries: AuditEntryDto[];
  /** The platform's log names each entry's event; an event's log does not repeat it. */
  showEvent: boolean;
};

/**
 * One page of an audit log: when, who, what was done, to what, the fields it changed and what it recorded. Names,
 * titles and recorded values are what people wrote, so they take their own direction; ids and codes read left to
 * right. A redacted entry says why its details are hidden.
 */
export function AuditTable({ entries, showEvent }: AuditTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Table.ScrollContainer
      minWidth={showEvent ? 1100 : 960}
      // Nothing in the rows takes the focus: the region itself does, so the keyboard can scroll it sideways.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('audit.tableRegion') } }}
    >
      <Table verticalSpacing="sm" horizontalSpacing="md" striped="odd" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.columns.at')}</Table.Th>
            <Table.Th>{t('audit.columns.actor')}</Table.Th>
            <Table.Th>{t('audit.columns.action')}</Table.Th>
            <Table.Th>{t('audit.columns.entity')}</Table.Th>
            {showEvent ? <Table.Th>{t('audit.columns.event')}</Table.Th> : null}
            <Table.Th>{t('audit.columns.fields')}</Table.Th>
            <Table.Th>{t('audit.columns.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const actionKey = actionLabelKey(entry.action);
            const entityKey = entityLabelKey(entry.entity);
            return (
              <Table.Tr
                key={entry.id}
                data-testid="audit-row"
                data-action={entry.action}
                data-redacted={entry.redacted}
              >
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.at, language)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {entry.actor ? (
                    <Text size="sm" {...USER_DIR} data-testid="audit-actor">
                      {entry.actor.name || entry.actor.public_id}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed" data-testid="audit-actor">
                      {entry.redacted ? t('audit.none') : t('audit.system')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} dir={actionKey ? undefined : 'ltr'} data-testid="audit-action">
                    {actionKey ? t(actionKey) : entry.action}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entityKey ? t(entityKey) : entry.entity}</Text>
                  {entry.entity_id ? (
                    <Text size="xs" c="dimmed" dir="ltr" ta="start">
                      {entry.entity_id}
                    </Text>
                  ) : null}
                </Table.Td>
                {showEvent ? (
                  <Table.Td>
                    <Text size="sm" {...USER_DIR}>
                      {entry.event?.title ?? t('audit.none')}
                    </Text>
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Group gap={4}>
                    {entry.fields.length > 0
                      ? entry.fields.map((field) => (
                          <Badge key={field} variant="outline" color="gray" tt="none" dir="ltr">
                            {field}
                          </Badge>
                        ))
                      : t('audit.none')}
                  </Group>
                </Table.Td>
                <Table.Td maw={420}>
                  {entry.redacted ? (
                    <Group gap={6} wrap="nowrap" data-testid="audit-redacted">
                      <EyeOff size={14} aria-hidden="true" />
                      <Text size="sm" c="dimmed">
                        {t('audit.redacted')}
                      </Text>
                    </Group>
                  ) : (
                    <Text size="xs" c="dimmed" {...USER_DIR} style={{ overflowWrap: 'anywhere' }}>
                      {dataSummary(entry.data)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
