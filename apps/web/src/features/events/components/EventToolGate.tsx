import type { EventAbilities, EventDto } from '@confero/contracts';
import { Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { eventDetailQuery } from '../api.ts';
import { eventRef } from '../event-display.ts';
import { EventLoadError } from './EventLoadError.tsx';

/** The link back to the event's page, and the event's reference for the tool's own links. */
export type EventToolNav = { ref: string; back: { to: string; label: string } };

/**
 * Where the tool's wording of the load failure, the refusal and the links back stands in the catalogue:
 * `<textsFrom>.eventLoadFailed`, `.denied`, `.backToEvent`, `.backToEvents`; the conflicts' refusal is given.
 */
type GateTexts =
  | {
      textsFrom:
        | 'exports'
        | 'committee.screen'
        | 'communications.screen'
        | 'reviewFormEditor.screen'
        | 'finalVersions.chair';
    }
  | { textsFrom: 'conflicts.screen'; denied: string };

type EventToolGateProps = GateTexts & {
  eventId: string;
  /** The screen's title, shown in every state. */
  title: string;
  /** The test id prefix of the screen's states (`<testId>-loading`, `<testId>-denied`). */
  testId: string;
  /** The ability that opens the tool (read from the rule its API routes apply). */
  ability: keyof EventAbilities;
  /** The tool renders its own header (with actions); else the gate gives it the event's, over `intro`. */
  ownHeader?: boolean;
  /** The line under the title of the gate's header. */
  intro?: ReactNode;
  /** What stands while the event loads (a list skeleton unless given). */
  skeleton?: ReactNode;
  children: (event: EventDto, nav: EventToolNav) => ReactNode;
};

/**
 * The frame of an event's committee tools (committee, conflicts, mail, exports, audit log): loads the event, shows its
 * load failure, a skeleton while it loads, and a refusal to anyone without the tool's ability (the rule the API
 * applies to the tool's routes); else the tool itself.
 */
export function EventToolGate(props: EventToolGateProps) {
  const { eventId, title, testId, ability, textsFrom, skeleton, children } = props;
  const { t } = useTranslation();
  const query = useQuery({ ...eventDetailQuery(eventId), enabled: Boolean(eventId) });
  const event = query.data;
  const ref = event ? eventRef(event) : eventId;
  const back = { to: `/events/${encodeURIComponent(ref)}`, label: t(`${textsFrom}.backToEvent`) };

  if (!eventId || query.isError) {
    return (
      <>
        <ScreenHeader title={title} />
        <EventLoadError
          message={t(`${textsFrom}.eventLoadFailed`)}
          error={query.error}
          back={{ to: '/events', label: t(`${textsFrom}.backToEvents`) }}
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
        <LoadFailure
          message={props.textsFrom === 'conflicts.screen' ? props.denied : t(`${props.textsFrom}.denied`)}
          back={back}
          testId={`${testId}-denied`}
        />
      </>
    );
  }
  if (props.ownHeader) return children(event, { ref, back });
  return (
    <>
      <ScreenHeader title={title} description={event.title} back={back} documentTitle={`${event.title} – ${title}`}>
        {props.intro ? (
          <Text size="sm" c="dimmed">
            {props.intro}
          </Text>
        ) : null}
      </ScreenHeader>
      {children(event, { ref, back })}
    </>
  );
}
