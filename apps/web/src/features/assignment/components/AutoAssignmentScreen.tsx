import type { AssignmentRole, EventDto } from '@confero/contracts';
import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { eventDetailQuery } from '../../events/api.ts';
import { EventLoadError } from '../../events/components/EventLoadError.tsx';
import { eventRef } from '../../events/event-display.ts';
import { AssignmentRoleContext, useAssignmentTranslation } from '../assignment-role.ts';
import { useAutoAssignment } from '../use-auto-assignment.ts';
import { AutoAccessPanel } from './AutoAccessPanel.tsx';
import { AutoConfirmDialogs } from './AutoConfirmDialogs.tsx';
import { AutoPreviewBody } from './AutoPreviewBody.tsx';
import { AutoSetupCard } from './AutoSetupCard.tsx';
import type { PreviewLinks } from './PreviewResult.tsx';

function AutoSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="auto-loading">
      <Skeleton height={14} width={140} />
      <Skeleton height={32} width="50%" />
      <Skeleton height={220} radius="lg" />
      <Skeleton height={160} radius="lg" />
    </Stack>
  );
}

/**
 * The committee's workspace: the settings and mode, then the preview kept in the address (`?preview=<id>`): its
 * progress while computed, its failure, or its result with Apply and Discard. The state lives in
 * `useAutoAssignment`; this component only lays out its views.
 */
function AutoWorkspace({ eventId, event }: { eventId: string; event: EventDto }) {
  const { t, role } = useAssignmentTranslation();
  const state = useAutoAssignment(eventId, event, role);
  const base = `/events/${encodeURIComponent(eventRef(event))}`;
  const paper = (publicId: string) => `${base}/submissions/${encodeURIComponent(publicId)}`;
  const links: PreviewLinks = {
    paper,
    // A paper left short is completed by hand: its reviewers' assignment page, or the paper (its area chair).
    assign: (publicId) => (role === 'reviewer' ? `${paper(publicId)}/assign` : paper(publicId)),
    submissions: `${base}/submissions`,
  };
  return (
    <Stack gap="lg" data-testid="auto-assignment-screen">
      <AutoSetupCard
        perPaper={state.perPaper}
        settingsHref={base}
        mode={state.mode}
        onModeChange={state.setMode}
        onCompute={() => state.handleStart(state.mode)}
        hasPreview={state.current !== undefined}
        computing={state.starting}
        disabled={state.active}
      />
      <AutoPreviewBody state={state} links={links} back={{ to: base, label: t('autoAssignment.backToEvent') }} />
      <AutoConfirmDialogs state={state} />
    </Stack>
  );
}

/**
 * /events/{id}/assignment (reviewers) and /events/{id}/area-chair-assignment (`assigns` 'area_chair': one area chair
 * per paper): the event's committee computes an automatic assignment as a background job, watches its progress,
 * reviews the preview (pairs with their reasons, scores, load histogram, papers left short) and applies or discards
 * it. Others see why they cannot (403), and a missing event says so (404). Every part words its texts by the role.
 */
export function AutoAssignmentScreen({ eventId, assigns = 'reviewer' }: { eventId: string; assigns?: AssignmentRole }) {
  return (
    <AssignmentRoleContext.Provider value={assigns}>
      <AutoAssignmentPage eventId={eventId} />
    </AssignmentRoleContext.Provider>
  );
}

function AutoAssignmentPage({ eventId }: { eventId: string }) {
  const { t } = useAssignmentTranslation();
  const query = useQuery(eventDetailQuery(eventId));
  const backToEvents = { to: '/events', label: t('autoAssignment.backToEvents') };

  if (query.isPending) return <AutoSkeleton />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    return (
      <>
        <ScreenHeader title={t('autoAssignment.title')} back={backToEvents} />
        {status === 404 || status === 403 ? (
          <AutoAccessPanel kind={status === 404 ? 'notFound' : 'denied'} back={backToEvents} />
        ) : (
          <EventLoadError
            message={t('autoAssignment.loadEventFailed')}
            error={query.error}
            back={backToEvents}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  }

  const event = query.data;
  const back = { to: `/events/${encodeURIComponent(eventRef(event))}`, label: t('autoAssignment.backToEvent') };
  return (
    <>
      <ScreenHeader
        title={t('autoAssignment.title')}
        description={event.title}
        documentTitle={`${t('autoAssignment.title')} · ${event.title}`}
        back={back}
      />
      {event.abilities.manage_reviewing ? (
        <AutoWorkspace eventId={eventId} event={event} />
      ) : (
        <AutoAccessPanel kind="denied" back={back} />
      )}
    </>
  );
}
