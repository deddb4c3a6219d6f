import type { EventDto } from '@confero/contracts';
import { Button, Group, Text } from '@mantine/core';
import { FileText, Inbox, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { EventToolGate } from '../../events/components/EventToolGate.tsx';

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
 * The frame of the event's mail screens: the event's tool gate (only its organizers, `abilities.send_mail`, read from
 * the rule the API's mail routes apply, get the screen), and a header with links between compose, templates and outbox.
 */
export function CommunicationsFrame({ eventId, page, title, description, children }: FrameProps) {
  const { t } = useTranslation();
  return (
    <EventToolGate
      eventId={eventId}
      title={title}
      testId="communications"
      ability="send_mail"
      textsFrom="communications.screen"
      ownHeader
    >
      {(event, { ref, back }) => (
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
      )}
    </EventToolGate>
  );
}
