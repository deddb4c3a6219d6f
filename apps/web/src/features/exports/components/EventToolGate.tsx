import type { EventAbilities, EventDto } from '@confero/contracts';
import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { eventDetailQuery } from '../../events/api.ts';
import { EventLoadError } from '../../events/components/EventLoadError.tsx';
import { eventRef } from '../../events/event-display.ts';

type EventToolGateProps = {
  eventId: string;
  /** The screen's title, shown in every state. */
  title: string;
  /** The test id prefix of the screen's states (`<testId>-loading`, `<testId>-denied`). */
  testId: string;
  /** The ability that opens the tool (read from the rule its API routes apply). */
  ability: keyof Pick<EventAbilities, 'export' | 'view_audit'>;
  children: (event: EventDto, back: { to: string; label: string }) => ReactNode;
};

/**
 * The frame of an event's committee tools (exports, audit log): loads the event, shows its load failure, a skeleton
 * while it loads, and a refusal to anyone without the tool's ability (`export`, `view_audit`: the rule the API
 * applies to the tool's routes); else the tool itself.
 */
export function EventToolGate({ eventId, title, testId, ability, children }: EventToolGateProps) {
  const { t } = useTranslation();
  const query = useQuery({ ...eventDetailQuery(eventId), enabled: Boolean(eventId) });
  const event = query.data;
  const back = {
    to: `/events/${encodeURIComponent(event ? eventRef(event) : eventId)}`,
    label: t('exports.backToEvent'),
  };

  if (!eventId || query.isError) {
    return (
      <>
        <ScreenHeader title={title} />
        <EventLoadError
          message={t('exports.eventLoadFailed')}
          error={query.error}
          back={{ to: '/events', label: t('exports.backToEvents') }}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  if (query.isPending || !event) {
    return (
      <>
        <ScreenHeader title={title} />
        <Paper withBorder radius="lg">
          <ListSkeleton data-testid={`${testId}-loading`} />
        </Paper>
      </>
    );
  }
  if (!event.abilities[ability]) {
    return (
      <>
        <ScreenHeader title={title} description={event.title} back={back} />
        <LoadFailure message={t('exports.denied')} back={back} testId={`${testId}-denied`} />
      </>
    );
  }
  return children(event, back);
}
