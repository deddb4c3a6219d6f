import type { AssignmentMode, EventDto } from '@confero/contracts';
import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RefreshCw, RotateCcw, Trash2, Workflow } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { eventDetailQuery } from '../../events/api.ts';
import { EventLoadError } from '../../events/components/EventLoadError.tsx';
import { eventRef } from '../../events/event-display.ts';
import { languageOf, reviewErrorText } from '../../reviews/review-display.ts';
import {
  assignmentPreviewQuery,
  discardReplacedPreview,
  latestPreviewQuery,
  useApplyAssignmentMutation,
  useDiscardPreviewMutation,
  useStartPreviewMutation,
} from '../auto-api.ts';
import {
  applyCounts,
  isPreviewActive,
  isStalePreviewError,
  previewErrorText,
  readPreviewParam,
  withPreviewParam,
} from '../auto-display.ts';
import { AutoAccessPanel } from './AutoAccessPanel.tsx';
import { AutoSetupCard } from './AutoSetupCard.tsx';
import { PreviewProgress } from './PreviewProgress.tsx';
import { type PreviewLinks, PreviewResult } from './PreviewResult.tsx';

type Counts = { created: number; kept: number; removed: number };

/** "What failed. Why." — the reason only when the server gave one. */
const joined = (message: string, reason: string) => (reason && reason !== message ? `${message} ${reason}` : message);

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
 * progress while computed, its failure, or its result with Apply and Discard. Opened without `?preview=`, it shows
 * the event's latest preview (`GET events/{id}/assignment/preview/`) and puts its id in the address, so a chair
 * coming back later finds it; after a discard it stays empty. Starting a new preview discards the one it replaces
 * (unless that one was applied: the API keeps applied previews).
 */
function AutoWorkspace({ eventId, event }: { eventId: string; event: EventDto }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlPreviewId = readPreviewParam(searchParams);
  // Arriving without `?preview=`: follow the event's latest preview until the chair discards or starts over.
  const [followLatest, setFollowLatest] = useState(urlPreviewId === null);
  const lookingForLatest = followLatest && urlPreviewId === null;
  const latest = useQuery({ ...latestPreviewQuery(eventId), enabled: lookingForLatest });
  const latestPreview = lookingForLatest ? latest.data : undefined;
  const previewId = urlPreviewId ?? latestPreview?.preview_id ?? null;
  // The chair's choice; until they make one, the mode of the preview on screen (else keep_existing).
  const [chosenMode, setMode] = useState<AssignmentMode | null>(null);
  const [confirm, setConfirm] = useState<'apply' | 'discard' | null>(null);
  const [applied, setApplied] = useState<{ previewId: string; counts: Counts } | null>(null);
  const [stale, setStale] = useState<{ previewId: string; message: string } | null>(null);
  const preview = useQuery({
    ...assignmentPreviewQuery(eventId, previewId ?? ''),
    enabled: previewId !== null,
    // The latest preview is already at hand: shown at once, then polled like any other while it is computed.
    initialData: latestPreview && latestPreview.preview_id === previewId ? latestPreview : undefined,
    initialDataUpdatedAt: latest.dataUpdatedAt,
  });
  const start = useStartPreviewMutation(eventId);
  const discard = useDiscardPreviewMutation(eventId);
  const apply = useApplyAssignmentMutation(eventId);
  const number = new Intl.NumberFormat(i18n.language);

  const base = `/events/${encodeURIComponent(eventRef(event))}`;
  const links: PreviewLinks = {
    paper: (publicId) => `${base}/submissions/${encodeURIComponent(publicId)}`,
    assign: (publicId) => `${base}/submissions/${encodeURIComponent(publicId)}/assign`,
    submissions: `${base}/submissions`,
  };

  const setPreviewId = useCallback(
    (id: string | null) => setSearchParams((current) => withPreviewParam(current, id), { replace: true }),
    [setSearchParams],
  );
  // No preview on screen any more (discarded, or gone): the screen stays empty rather than fall back on an older one.
  const clearPreview = () => {
    setFollowLatest(false);
    setPreviewId(null);
  };

  // The latest preview found goes into the address, so a reload keeps it.
  const latestId = latestPreview?.preview_id ?? null;
  useEffect(() => {
    if (latestId !== null && urlPreviewId === null) setPreviewId(latestId);
  }, [latestId, urlPreviewId, setPreviewId]);

  const current = previewId !== null ? preview.data : undefined;
  const active = isPreviewActive(current?.status);
  const mode = chosenMode ?? current?.mode ?? 'keep_existing';

  function handleStart(nextMode: AssignmentMode) {
    // Only a preview known not to be applied is discarded (the API would delete an applied one's record too).
    const replaced = previewId !== null && current !== undefined && current.status !== 'applied' ? previewId : null;
    start.mutate(nextMode, {
      onSuccess: (created) => {
        setPreviewId(created.preview_id);
        if (replaced && replaced !== created.preview_id) void discardReplacedPreview(queryClient, eventId, replaced);
      },
      onError: (error) => {
        notify('error', joined(t('autoAssignment.setup.computeFailed'), reviewErrorText(error, language, '')));
      },
    });
  }

  function handleDiscard() {
    if (previewId === null) return;
    discard.mutate(previewId, {
      onSuccess: () => {
        setConfirm(null);
        clearPreview();
      },
      onError: (error) => {
        setConfirm(null);
        // Already gone: the screen goes back to its empty state all the same.
        if (isApiError(error) && error.status === 404) {
          clearPreview();
          return;
        }
        notify('error', joined(t('autoAssignment.actions.discardFailed'), reviewErrorText(error, language, '')));
      },
    });
  }

  function handleApply() {
    if (previewId === null || !current) return;
    const appliedId = previewId;
    apply.mutate(
      { previewId: appliedId, mode: current.mode },
      {
        onSuccess: (outcome) => {
          setConfirm(null);
          const counts = { created: outcome.created, kept: outcome.kept, removed: outcome.removed };
          setApplied({ previewId: appliedId, counts });
          notify(
            'success',
            t('autoAssignment.actions.applySuccess', {
              created: number.format(counts.created),
              kept: number.format(counts.kept),
              removed: number.format(counts.removed),
            }),
          );
        },
        onError: (error) => {
          setConfirm(null);
          if (isStalePreviewError(error)) {
            setStale({
              previewId: appliedId,
              message: reviewErrorText(error, language, t('autoAssignment.stale.title')),
            });
            return;
          }
          notify('error', joined(t('autoAssignment.actions.applyFailed'), reviewErrorText(error, language, '')));
        },
      },
    );
  }

  let body: ReactNode;
  if (previewId === null && lookingForLatest && latest.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" data-testid="preview-loading">
        <Skeleton height={96} radius="lg" />
        <Skeleton height={220} radius="lg" />
      </Stack>
    );
  } else if (previewId === null && lookingForLatest && latest.isError) {
    const status = isApiError(latest.error) ? latest.error.status : 0;
    body =
      status === 403 ? (
        <AutoAccessPanel kind="denied" back={{ to: base, label: t('autoAssignment.backToEvent') }} />
      ) : (
        <div data-testid="latest-load-failure">
          <LoadFailure
            message={t('autoAssignment.loadLatestFailed')}
            detail={reviewErrorText(latest.error, language, '')}
            onRetry={() => void latest.refetch()}
          />
        </div>
      );
  } else if (previewId === null) {
    body = (
      <Paper withBorder radius="lg">
        <EmptyState
          py="xl"
          icon={<Workflow size={28} />}
          withIndicatorBackground
          title={t('autoAssignment.empty.title')}
          description={t('autoAssignment.empty.text')}
          data-testid="auto-empty"
        />
      </Paper>
    );
  } else if (preview.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" data-testid="preview-loading">
        <Skeleton height={96} radius="lg" />
        <Skeleton height={220} radius="lg" />
      </Stack>
    );
  } else if (preview.isError) {
    const status = isApiError(preview.error) ? preview.error.status : 0;
    if (status === 404) {
      body = (
        <Alert
          color="gray"
          icon={<CircleAlert size={20} />}
          title={t('autoAssignment.missing.title')}
          radius="lg"
          data-testid="preview-missing"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('autoAssignment.missing.text')}</Text>
            <Button
              size="xs"
              variant="white"
              color="gray"
              leftSection={<RotateCcw size={14} />}
              onClick={clearPreview}
              data-testid="preview-start-over"
            >
              {t('autoAssignment.missing.startOver')}
            </Button>
          </Stack>
        </Alert>
      );
    } else if (status === 403) {
      body = <AutoAccessPanel kind="denied" back={{ to: base, label: t('autoAssignment.backToEvent') }} />;
    } else {
      body = (
        <div data-testid="preview-load-failure">
          <LoadFailure
            message={t('autoAssignment.loadPreviewFailed')}
            detail={reviewErrorText(preview.error, language, '')}
            onRetry={() => void preview.refetch()}
          />
        </div>
      );
    }
  } else if (active) {
    body = (
      <PreviewProgress preview={preview.data} onDiscard={() => setConfirm('discard')} discarding={discard.isPending} />
    );
  } else if (preview.data.status === 'failed' || !preview.data.result) {
    const failed = preview.data;
    body = (
      <Alert
        color="red"
        icon={<CircleAlert size={20} />}
        title={t('autoAssignment.failed.title')}
        role="alert"
        radius="lg"
        data-testid="preview-failed"
      >
        <Stack gap="sm" align="flex-start">
          {failed.error ? <Text size="sm">{previewErrorText(failed.error, language)}</Text> : null}
          <Group gap="sm">
            <Button
              size="xs"
              color="red"
              leftSection={<RefreshCw size={14} />}
              onClick={() => handleStart(failed.mode)}
              loading={start.isPending}
              data-testid="preview-retry"
            >
              {t('autoAssignment.failed.retry')}
            </Button>
            <Button
              size="xs"
              variant="white"
              color="red"
              leftSection={<Trash2 size={14} />}
              onClick={handleDiscard}
              loading={discard.isPending}
              data-testid="preview-discard"
            >
              {t('autoAssignment.actions.discard')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    const done = { ...preview.data, result: preview.data.result };
    // What was applied: the apply's own answer on this visit, else the preview's figures (after a reload).
    const appliedCounts =
      applied?.previewId === done.preview_id
        ? applied.counts
        : done.status === 'applied'
          ? applyCounts(done.result)
          : null;
    body = (
      <PreviewResult
        preview={done}
        links={links}
        onApply={() => setConfirm('apply')}
        onDiscard={() => setConfirm('discard')}
        applying={apply.isPending}
        discarding={discard.isPending}
        applied={appliedCounts}
        stale={stale?.previewId === done.preview_id && done.status === 'done' ? stale.message : null}
        onRerun={() => handleStart(done.mode)}
        rerunning={start.isPending}
      />
    );
  }

  const counts = current?.result ? applyCounts(current.result) : null;
  const replace = current?.mode === 'replace';
  return (
    <Stack gap="lg" data-testid="auto-assignment-screen">
      <AutoSetupCard
        perPaper={event.review_settings?.reviewers_per_paper}
        settingsHref={base}
        mode={mode}
        onModeChange={setMode}
        onCompute={() => handleStart(mode)}
        hasPreview={current !== undefined}
        computing={start.isPending}
        disabled={active}
      />
      {body}
      <ConfirmDialog
        opened={confirm === 'apply' && counts !== null}
        title={t('autoAssignment.actions.applyTitle')}
        message={
          counts ? (
            <Stack gap={4} data-testid="apply-confirm-message">
              <Text size="sm">
                {t('autoAssignment.actions.applyCreate', {
                  count: counts.created,
                  formatted: number.format(counts.created),
                })}
              </Text>
              <Text size="sm">
                {t('autoAssignment.actions.applyKeep', { count: counts.kept, formatted: number.format(counts.kept) })}
              </Text>
              {replace ? (
                <Text size="sm">
                  {t('autoAssignment.actions.applyRemove', {
                    count: counts.removed,
                    formatted: number.format(counts.removed),
                  })}
                </Text>
              ) : null}
            </Stack>
          ) : null
        }
        confirmLabel={t('autoAssignment.actions.apply')}
        cancelLabel={t('autoAssignment.actions.cancel')}
        onConfirm={handleApply}
        onClose={() => setConfirm(null)}
        loading={apply.isPending}
      />
      <ConfirmDialog
        opened={confirm === 'discard'}
        title={t('autoAssignment.actions.discardTitle')}
        message={t('autoAssignment.actions.discardMessage')}
        confirmLabel={t('autoAssignment.actions.discard')}
        cancelLabel={t('autoAssignment.actions.cancel')}
        onConfirm={handleDiscard}
        onClose={() => setConfirm(null)}
        loading={discard.isPending}
        danger
      />
    </Stack>
  );
}

/**
 * /events/{id}/assignment: the event's committee computes an automatic assignment as a background job, watches its
 * progress, reviews the preview (pairs with their reasons, scores, load histogram, papers left short) and applies or
 * discards it. Others see why they cannot (403), and a missing event says so (404).
 */
export function AutoAssignmentScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
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
