import type { EventListItemDto } from '@confero/contracts';
import { Badge, Flex, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { CalendarDays, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { eventHref, eventLocationText, formatEventDateRange } from '../event-display.ts';
import { EventStatusBadge, EventTypeBadge } from './EventBadges.tsx';
import classes from './EventList.module.css';
import { EventLocation } from './EventLocation.tsx';
import { PassedDeadlineBadge } from './PassedDeadlines.tsx';

/** The fields a list row reads; every role list and the dashboard's lists carry them. */
export type EventListEntry = Pick<EventListItemDto, 'title' | 'type' | 'status' | 'start_date' | 'end_date'> &
  Partial<
    Pick<
      EventListItemDto,
      | 'id'
      | 'public_id'
      | 'acronym'
      | 'type_display'
      | 'status_display'
      | 'location'
      | 'submission_deadline'
      | 'review_deadline'
      | 'timezone'
    >
  >;

/**
 * One event of a list: title, dates, location, type and status badges (and a warning on a pending event whose
 * deadlines already passed); the whole row links to the event.
 */
export function EventListItem({ event, baseUrl = '/events' }: { event: EventListEntry; baseUrl?: string }) {
  const { i18n } = useTranslation();
  const dates = formatEventDateRange(event.start_date, event.end_date);
  const location = eventLocationText(event.location, i18n.resolvedLanguage ?? i18n.language);
  return (
    <UnstyledButton
      component={Link}
      to={eventHref(event, baseUrl)}
      className={classes.row}
      data-testid="event-list-item"
    >
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'flex-start', sm: 'center' }}
        gap={{ base: 6, sm: 'md' }}
      >
        <Stack gap={4} miw={0}>
          <Group gap={8} wrap="nowrap" align="flex-start" miw={0}>
            {event.acronym ? (
              <Badge variant="default" radius="sm" tt="none" mt={2} style={{ flexShrink: 0 }} {...USER_DIR}>
                {event.acronym}
              </Badge>
            ) : null}
            <UserText fw={600} lineClamp={2}>
              {event.title}
            </UserText>
          </Group>
          <Group gap="md" className={classes.meta}>
            {dates ? (
              <Group gap={4} wrap="nowrap">
                <CalendarDays size={14} aria-hidden="true" />
                <Text size="xs">{dates}</Text>
              </Group>
            ) : null}
            {location ? (
              <Group gap={4} wrap="nowrap">
                <MapPin size={14} aria-hidden="true" />
                <EventLocation location={event.location} size="xs" />
              </Group>
            ) : null}
          </Group>
        </Stack>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <PassedDeadlineBadge event={event} />
          <EventTypeBadge type={event.type} display={event.type_display} />
          <EventStatusBadge status={event.status} display={event.status_display} />
        </Group>
      </Flex>
    </UnstyledButton>
  );
}
