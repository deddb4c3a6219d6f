import type { EventListItemDto } from '@confero/contracts';
import { Badge, Button, EmptyState, Group, Paper, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarClock, CalendarX2, MapPin, Search } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { EventLocation } from '../../events/components/EventLocation.tsx';
import { eventLocationText, eventRef, formatEventDate } from '../../events/event-display.ts';
import { openEventsQuery } from '../api.ts';
import { useSubmissionText } from '../use-submission-text.ts';

function matches(event: EventListItemDto, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase();
  if (!wanted) return true;
  return [event.title, event.acronym, event.location?.city, event.location?.country]
    .filter(Boolean)
    .some((value) => String(value).toLocaleLowerCase().includes(wanted));
}

function EventChoice({ event }: { event: EventListItemDto }) {
  const { t, i18n } = useTranslation();
  const location = eventLocationText(event.location, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Radio.Card value={eventRef(event)} radius="md" p="md" data-testid="open-event">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Radio.Indicator mt={3} />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            {event.acronym ? (
              <Badge variant="default" radius="sm" tt="none" mt={2} style={{ flexShrink: 0 }} {...USER_DIR}>
                {event.acronym}
              </Badge>
            ) : null}
            <UserText fw={600} lineClamp={2}>
              {event.title}
            </UserText>
          </Group>
          <Group gap="md">
            <Group gap={4} wrap="nowrap">
              <CalendarClock size={14} aria-hidden="true" />
              <Text size="xs" c="dimmed">
                {t('submissions.create.closes', {
                  date: formatEventDate(event.submission_deadline),
                  timezone: event.timezone,
                })}
              </Text>
            </Group>
            {location ? (
              <Group gap={4} wrap="nowrap">
                <MapPin size={14} aria-hidden="true" />
                <EventLocation location={event.location} size="xs" c="dimmed" />
              </Group>
            ) : null}
            {event.track_count > 0 ? (
              <Text size="xs" c="dimmed">
                {t('submissions.create.tracks', { count: event.track_count })}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * /submissions/create: the open events — active events whose submission deadline has not passed — to pick one from,
 * then on to its submission form.
 */
export function OpenEventPicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { errorText } = useSubmissionText();
  const query = useQuery(openEventsQuery());
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const events = useMemo(() => (query.data ?? []).filter((event) => matches(event, search)), [query.data, search]);

  const handleContinue = (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    if (chosen) navigate(`/events/${encodeURIComponent(chosen)}/submit`);
  };

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={74} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <LoadFailure
        message={t('submissions.create.loadFailed')}
        detail={errorText(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if ((query.data ?? []).length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<CalendarX2 size={28} />}
        withIndicatorBackground
        title={t('submissions.create.emptyTitle')}
        description={t('submissions.create.emptyText')}
        data-testid="open-events-empty"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/events" variant="default">
            {t('submissions.create.browseEvents')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <form onSubmit={handleContinue}>
        <Stack gap="md">
          <TextInput
            leftSection={<Search size={16} />}
            placeholder={t('submissions.create.search')}
            aria-label={t('submissions.create.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={420}
          />
          <Radio.Group value={chosen} onChange={setChosen} aria-label={t('submissions.create.pick')}>
            <Stack gap="sm" data-testid="open-events">
              {events.map((event) => (
                <EventChoice key={eventRef(event)} event={event} />
              ))}
              {events.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('submissions.create.noMatch')}
                </Text>
              ) : null}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!chosen}
              rightSection={<ArrowRight size={16} className="mirror-rtl" />}
              data-testid="continue-to-form"
            >
              {t('submissions.create.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <>
      <ScreenHeader title={t('submissions.create.title')} description={t('submissions.create.description')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="open-event-picker">
        {body}
      </Paper>
    </>
  );
}
