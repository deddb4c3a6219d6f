import type { EventDto } from '@confero/contracts';
import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ArrowLeft, FileText, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_DIR } from '../../../components/data/UserText.tsx';
import { eventLocationText } from '../event-display.ts';
import { EventStatusBadge, EventTypeBadge } from './EventBadges.tsx';
import { EventLocation } from './EventLocation.tsx';

type EventHeaderProps = {
  event: EventDto;
  back: { to: string; label: string };
  actions?: ReactNode;
};

/**
 * The head of an event screen: title, type badge, status badge, submission count and location (nothing when the event
 * has none), with the screen's actions.
 */
export function EventHeader({ event, back, actions }: EventHeaderProps) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${event.title} · ${t('app.name')}`);
  const location = eventLocationText(event.location, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Stack gap="sm" mb="xl">
      <Anchor component={Link} to={back.to} size="sm" c="dimmed" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <ArrowLeft size={14} className="mirror-rtl" aria-hidden="true" />
          {back.label}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={8} miw={0} maw={820}>
          <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} data-testid="event-title" {...USER_DIR}>
            {event.title}
          </Title>
          <Group gap={8}>
            {event.acronym ? (
              <Badge variant="default" radius="sm" tt="none" {...USER_DIR}>
                {event.acronym}
              </Badge>
            ) : null}
            <EventTypeBadge type={event.type} display={event.type_display} />
            <EventStatusBadge status={event.status} display={event.status_display} data-testid="event-status" />
            <Badge variant="light" color="gray" leftSection={<FileText size={12} />} tt="none">
              {t('events.detail.submissionCount', { count: event.submission_count })}
            </Badge>
            {location ? (
              <Group gap={4} wrap="nowrap" c="dimmed" data-testid="event-location">
                <MapPin size={14} aria-hidden="true" />
                <EventLocation location={event.location} size="sm" />
              </Group>
            ) : null}
          </Group>
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
