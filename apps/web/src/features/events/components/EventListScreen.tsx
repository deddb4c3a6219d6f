import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useActiveRole } from '../../roles/active-role-context.ts';
import { eventKeys, fetchEventList } from '../api.ts';
import {
  DEFAULT_ROLE_SOURCES,
  type DefaultRoleSource,
  EVENT_LIST_CODEC,
  type EventListSource,
  listSourceForRole,
} from '../event-lists.ts';
import { EventList } from './EventList.tsx';

/**
 * /events: the list of the active role — reviewer events, the author's events, the events an event admin manages, the
 * events a chair chairs; other roles see the open events and may switch to the events they take part in (the choice
 * is kept in the address).
 */
export function EventListScreen() {
  const { t } = useTranslation();
  const { activeRole } = useActiveRole();
  const roleSource = listSourceForRole(activeRole);
  const list = useListParams(EVENT_LIST_CODEC);
  const chosen = list.filters.list;
  const source: EventListSource = roleSource === 'active' ? chosen : roleSource;

  return (
    <>
      <PageHeader title={t('pages.events.title')} description={t('pages.events.description')} />
      <EventList
        key={source}
        title={t(`events.list.titles.${source}`)}
        queryKey={eventKeys.list(source)}
        fetchEvents={() => fetchEventList(source)}
        showCreateButton
        loadErrorMessage={t(`events.list.loadFailed.${source}`)}
        emptyText={t(`events.list.emptyText.${source}`)}
        toolbar={
          roleSource === 'active' ? (
            <SegmentedControl
              value={chosen}
              onChange={(value) => list.change({ list: value as DefaultRoleSource })}
              data={DEFAULT_ROLE_SOURCES.map((value) => ({ value, label: t(`events.list.titles.${value}`) }))}
              aria-label={t('events.list.sourceLabel')}
            />
          ) : undefined
        }
      />
    </>
  );
}
