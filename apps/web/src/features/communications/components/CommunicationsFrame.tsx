import type { EventDto } from '@confero/contracts';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FileText, Inbox, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { eventDetailQuery } from '../../events/api.ts';
import { EventLoadError } from '../../events/components/EventLoadError.tsx';
import { eventRef } from '../../events/event-display.ts';

export type CommunicationsPage = 'compose' | 'templates' | 'outbox';

const PAGES: { page: CommunicationsPage; path: string; icon: ReactNode }[] = [
  { page: 'compose', path: 'mail', icon: <Send size={16} /> },
  { page: 'templates', path: 'mail/templates', icon: <FileText size={16} /> },
  { page: 'outbox', path: 'outbox', icon: <Inbox size={16} /> },
];

type FrameProps = {
  eventId: string;
  page: CommunicationsPage;
  title: string;
  description: string;
  /** The screen, for an event whose mail the viewer may manage. */
  children: (event: EventDto, ref: string) => ReactNode;
};

/**
 * The frame of the event's mail screens: the event is loaded (an error panel when it cannot be), only its organizers
 * (`abilities.send_mail`, read from the rule the API's mail routes apply) get the screen, and a header
 * with links between compose, templates and outbox.
 */
export function CommunicationsFrame({ eventId, page, title, description, children }: FrameProps) {
  const { t } = useTranslation();
  const eventQuery = useQuery({ ...eventDetailQuery(eventId), enabled: Boolean(eventId) });
  const event = eventQuery.data;
  const ref = event ? eventRef(event) : eventId;
  const back = { to: `/events/${encodeURIComponent(ref)}`, label: t('communications.screen.backToEvent') };

  if (!eventId || eventQuery.isError) {
    return (
      <>
        <ScreenHeader title={title} />
        <EventLoadError
          message={t('communications.screen.eventLoadFailed')}
          error={eventQuery.error}
          back={{ to: '/events', label: t('communications.screen.backToEvents') }}
          onRetry={() => void eventQuery.refetch()}
        />
      </>
    );
  }
  if (eventQuery.isPending) {
    return (
      <>
        <ScreenHeader title={title} />
        <Paper withBorder radius="lg">
          <ListSkeleton data-testid="communications-loading" />
        </Paper>
      </>
    );
  }
  if (!event?.abilities.send_mail) {
    return (
      <>
        <ScreenHeader title={title} description={event?.title} back={back} />
        <LoadFailure message={t('communications.screen.denied')} back={back} testId="communications-denied" />
      </>
    );
  }
  return (
    <>
      <ScreenHeader
        title={title}
        description={event.title}
        back={back}
        documentTitle={`${event.title} – ${title}`}
        actions={
          <Group gap="xs" role="navigation" aria-label={t('communications.screen.title')}>
            {PAGES.map((item) => (
              <Button
                key={item.page}
                component={Link}
                to={`/events/${encodeURIComponent(ref)}/${item.path}`}
                variant={item.page === page ? 'filled' : 'default'}
                leftSection={item.icon}
                aria-current={item.page === page ? 'page' : undefined}
                data-testid={`communications-nav-${item.page}`}
              >
                {t(`communications.nav.${item.page}`)}
              </Button>
            ))}
          </Group>
        }
      >
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </ScreenHeader>
      {children(event, ref)}
    </>
  );
}
