import type { EventDto } from '@confero/contracts';
import { Anchor, Badge, Button, DataList, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CalendarDays, CalendarPlus, ChartColumn, ExternalLink, History, Info, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { UserText } from '../../../components/data/UserText.tsx';
import { eventRef, formatEventDate } from '../event-display.ts';
import { useResearchAreas } from '../use-research-areas.ts';
import { DeadlineTime } from './DeadlineTime.tsx';

/** Description, webpage, research areas and additional information. */
export function AboutCard({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  const { primaryLabel, secondaryLabel } = useResearchAreas();
  return (
    <DetailCard title={t('events.detail.about')} icon={Info} data-testid="event-about">
      <Stack gap={4}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('events.detail.description')}
        </Text>
        <UserText multiline data-testid="event-description">
          {event.description || t('events.detail.noDescription')}
        </UserText>
      </Stack>
      {event.webpage ? (
        <Stack gap={4}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('events.detail.webpage')}
          </Text>
          <Anchor href={event.webpage} target="_blank" rel="noopener noreferrer" w="fit-content">
            <Group gap={4} wrap="nowrap">
              <Text span dir="ltr">
                {event.webpage}
              </Text>
              <ExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        </Stack>
      ) : null}
      {event.primary_research_area ? (
        <Stack gap={6}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('events.detail.researchAreas')}
          </Text>
          <Group gap={6}>
            <Badge variant="filled" tt="none">
              {primaryLabel(event.primary_research_area)}
            </Badge>
            {event.secondary_research_areas.map((key) => (
              <Badge key={key} variant="light" color="gray" tt="none">
                {secondaryLabel(event.primary_research_area, key)}
              </Badge>
            ))}
          </Group>
        </Stack>
      ) : null}
      {event.additional_information ? (
        <Stack gap={4}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('events.detail.additionalInformation')}
          </Text>
          <UserText multiline>{event.additional_information}</UserText>
        </Stack>
      ) : null}
    </DetailCard>
  );
}

/** The event's calendar feed (`GET events/{id}/calendar.ics`), its texts in the interface language. */
export function calendarFeedHref(event: EventDto, language: string): string {
  return `/api/events/${encodeURIComponent(eventRef(event))}/calendar.ics?lang=${language.startsWith('ar') ? 'ar' : 'en'}`;
}

/**
 * Start, end and notification date as MM/DD/YYYY; the deadlines at 23:59 in the event's time zone with the same
 * instant in the viewer's (DeadlineTime); the time zone; and "Add to calendar", the event's iCalendar feed.
 */
export function DatesCard({ event }: { event: EventDto }) {
  const { t, i18n } = useTranslation();
  const rows = [
    ['startDate', event.start_date],
    ['endDate', event.end_date],
  ] as const;
  const deadlines = [
    ['submissionDeadline', event.submission_deadline],
    ['reviewDeadline', event.review_deadline],
  ] as const;
  const addToCalendar = (
    <Button
      component="a"
      href={calendarFeedHref(event, i18n.resolvedLanguage ?? i18n.language)}
      download
      size="xs"
      variant="light"
      leftSection={<CalendarPlus size={14} aria-hidden="true" />}
      data-testid="event-calendar-link"
    >
      {t('events.calendar.add')}
    </Button>
  );
  return (
    <DetailCard title={t('events.detail.dates')} icon={CalendarDays} actions={addToCalendar} data-testid="event-dates">
      <DataList labelWidth={150} size="sm">
        {rows.map(([key, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{t(`events.detail.${key}`)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`event-${key}`}>{formatEventDate(value) || '-'}</DataList.ItemValue>
          </DataList.Item>
        ))}
        {deadlines.map(([key, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{t(`events.detail.${key}`)}</DataList.ItemLabel>
            <DataList.ItemValue>
              <DeadlineTime value={value} timezone={event.timezone} testId={`event-${key}`} />
            </DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.ItemLabel>{t('events.detail.notificationDate')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="event-notificationDate">
            {formatEventDate(event.notification_date) || '-'}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('events.detail.timezone')}</DataList.ItemLabel>
          <DataList.ItemValue>{event.timezone === 'AoE' ? t('events.detail.aoe') : event.timezone}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </DetailCard>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} align="center" ta="center">
      <Text fz={26} fw={750} lh={1.2} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** Submission stats: submissions, tracks, reviewers. */
export function StatsCard({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  return (
    <DetailCard title={t('events.detail.stats')} icon={ChartColumn}>
      <SimpleGrid cols={3} spacing="xs">
        <Stat label={t('events.detail.statSubmissions')} value={event.submission_count} testId="stat-submissions" />
        <Stat label={t('events.detail.statTracks')} value={event.tracks.length} testId="stat-tracks" />
        <Stat label={t('events.detail.statReviewers')} value={event.reviewer_count} testId="stat-reviewers" />
      </SimpleGrid>
    </DetailCard>
  );
}

function Person({ name, email }: { name: string; email: string }) {
  return (
    <Stack gap={0} miw={0}>
      <UserText size="sm" fw={500} truncate>
        {name || email}
      </UserText>
      {name && email ? (
        <Text size="xs" c="dimmed" truncate>
          {email}
        </Text>
      ) : null}
    </Stack>
  );
}

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** The creator, the chairs and the event admins. */
export function PeopleCard({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  const creatorName = event.creator ? fullName(event.creator) : event.creator_name;
  const creatorEmail = event.creator?.email ?? event.creator_email;
  return (
    <DetailCard title={t('events.detail.people')} icon={UsersRound} data-testid="event-people">
      <Stack gap={4}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('events.detail.creator')}
        </Text>
        {creatorName || creatorEmail ? (
          <Person name={creatorName} email={creatorEmail} />
        ) : (
          <Text size="sm" c="dimmed">
            -
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('events.detail.chairs')}
        </Text>
        {event.chairs.length > 0 ? (
          <Stack gap={6} data-testid="event-chairs">
            {event.chairs.map((chair) => (
              <Person key={chair.public_id || chair.email} name={fullName(chair)} email={chair.email} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('events.detail.noChairs')}
          </Text>
        )}
      </Stack>
      {event.event_admins.length > 0 ? (
        <Stack gap={4}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('events.detail.eventAdmins')}
          </Text>
          <Stack gap={6}>
            {event.event_admins.map((admin) => (
              <Person key={admin.public_id || admin.email} name={fullName(admin)} email={admin.email} />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </DetailCard>
  );
}

/** When the event was created and last changed. */
export function RecordCard({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  return (
    <DetailCard title={t('events.detail.record')} icon={History}>
      <DataList labelWidth={150} size="sm">
        <DataList.Item>
          <DataList.ItemLabel>{t('events.detail.created')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="event-created">
            {formatEventDate(event.created_at) || '-'}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('events.detail.updated')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="event-updated">
            {formatEventDate(event.updated_at) || '-'}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </DetailCard>
  );
}
