import type { EventAbilities, EventDto } from '@confero/contracts';
import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { eventDetailQuery } from '../api.ts';
import { eventRef } from '../event-display.ts';
import { EventLoadError } from './EventLoadError.tsx';

/** The link back to the event's page, and the event's reference for the tool's own links. */
export type EventToolNav = { ref: string; back: { to: string; label: string } };

type EventToolGateProps = {
  eventId: string;
  /** The screen's title, shown in every state. */
  title: string;
  /** The test id prefix of the screen's states (`<testId>-loading`, `<testId>-denied`). */
  testId: string;
  /** The ability that opens the tool (read from the rule its API routes apply). */
  ability: keyof EventAbilities;
  /** The tool's own wording of the load failure, the refusal and the links back. */
  texts: { eventLoadFailed: string; denied: string; backToEvent: string; backToEvents: string };
  /** What stands while the event loads (a list skeleton unless given). */
  skeleton?: ReactNode;
  children: (event: EventDto, nav: EventToolNav) => ReactNode;
};

/**
 * The frame of an event's committee tools (committee, conflicts, mail, exports, audit log): loads the event, shows its
 * load failure, a skeleton while it loads, and a refusal to anyone without the tool's ability (the rule the API
 * applies to the tool's routes); else the tool itself.
 */
export function EventToolGate({ eventId, title, testId, ability, texts, skeleton, children }: EventToolGateProps) {
  const query = useQuery({ ...eventDetailQuery(eventId), enabled: Boolean(eventId) });
  const event = query.data;
  const ref = event ? eventRef(event) : eventId;
  const back = { to: `/events/${encodeURIComponent(ref)}`, label: texts.backToEvent };

  if (!eventId || query.isError) {
    return (
      <>
        <ScreenHeader title={title} />
        <EventLoadError
          message={texts.eventLoadFailed}
          error={query.error}
          back={{ to: '/events', label: texts.backToEvents }}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  if (query.isPending || !event) {
    return (
      <>
        <ScreenHeader title={title} />
        {skeleton ?? (
          <Paper withBorder radius="lg">
            <ListSkeleton data-testid={`${testId}-loading`} />
          </Paper>
        )}
      </>
    );
  }
  if (!event.abilities[ability]) {
    return (
      <>
        <ScreenHeader title={title} description={event.title} back={back} />
        <LoadFailure message={texts.denied} back={back} testId={`${testId}-denied`} />
      </>
    );
  }
  return children(event, { ref, back });
}
