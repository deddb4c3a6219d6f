import type { EventListItemDto } from '@confero/contracts';
import { Badge, Button, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { CalendarPlus, CalendarX, Plus } from 'lucide-react';
import { Fragment, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { InvalidEventListError } from '../event-lists.ts';
import { EventListItem } from './EventListItem.tsx';

export type EventListProps = {
  /** The list's heading. */
  title: string;
  /** Fetches the events (the list takes any fetch function); cached under `queryKey`. */
  fetchEvents: () => Promise<EventListItemDto[]>;
  queryKey: QueryKey;
  /** Shows the 'create new' link to /events/create, and 'create first' in the empty state. */
  showCreateButton?: boolean;
  /** Where the rows link to: `{baseUrl}/{public_id or id}` (default /events). */
  baseUrl?: string;
  /** The notice and message of a failed load (e.g. 'Failed to load reviewer events'). */
  loadErrorMessage?: string;
  emptyTitle?: string;
  emptyText?: string;
  /** Narrows what is shown (the admin's status filter); the count follows it. */
  filter?: (event: EventListItemDto) => boolean;
  /** Controls shown between the heading and the rows (filters). */
  toolbar?: ReactNode;
  headingOrder?: 2 | 3;
};

/**
 * The generic event list: a heading with the number of events (singular or plural), an optional 'create new' link, the
 * rows, an empty state with a 'create first' link, and the common error heading with the message when the load fails
 * (also notified once). Exported for other screens (the dashboard) to reuse.
 */
export function EventList({
  title,
  fetchEvents,
  queryKey,
  showCreateButton = false,
  baseUrl = '/events',
  loadErrorMessage,
  emptyTitle,
  emptyText,
  filter,
  toolbar,
  headingOrder = 2,
}: EventListProps) {
  const { t } = useTranslation();
  const events = useQuery({
    queryKey,
    queryFn: fetchEvents,
    retry: (failures, error) => !(error instanceof InvalidEventListError) && failures < 2,
  });
  const failure = events.isError
    ? events.error instanceof InvalidEventListError
      ? t('events.list.invalidFormat')
      : (loadErrorMessage ?? t('events.list.loadFailed.events'))
    : null;

  // A load failure is notified, once per failure.
  useEffect(() => {
    if (failure && events.errorUpdatedAt) notify('error', failure);
  }, [failure, events.errorUpdatedAt]);

  const shown = events.data ? (filter ? events.data.filter(filter) : events.data) : [];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" data-testid="event-list">
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Group gap="sm" align="center">
          <Title order={headingOrder} fz="lg">
            {title}
          </Title>
          {events.isSuccess ? (
            <Badge variant="light" size="lg" data-testid="event-count">
              {t('events.list.count', { count: shown.length })}
            </Badge>
          ) : null}
        </Group>
        {showCreateButton ? (
          <Button component={Link} to="/events/create" leftSection={<Plus size={16} />} size="sm">
            {t('events.list.createNew')}
          </Button>
        ) : null}
      </Group>
      {toolbar ? <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>{toolbar}</div> : null}
      <QueryView
        query={events}
        loading={<ListSkeleton rows={3} rowHeight={56} data-testid="event-list-loading" />}
        failure={() => failure ?? ''}
        failureTestId="event-list-error"
        empty={{
          when: () => shown.length === 0,
          icon: <CalendarX size={26} />,
          title: emptyTitle ?? t('events.list.emptyTitle'),
          description: emptyText,
          testId: 'event-list-empty',
          actions: showCreateButton ? (
            <Button component={Link} to="/events/create" leftSection={<CalendarPlus size={16} />}>
              {t('events.list.createFirst')}
            </Button>
          ) : undefined,
        }}
      >
        {() => (
          <Stack gap={0} data-testid="event-list-items">
            {shown.map((event, index) => (
              <Fragment key={event.public_id || event.id}>
                {index > 0 ? <Divider /> : null}
                <EventListItem event={event} baseUrl={baseUrl} />
              </Fragment>
            ))}
          </Stack>
        )}
      </QueryView>
    </Paper>
  );
}
