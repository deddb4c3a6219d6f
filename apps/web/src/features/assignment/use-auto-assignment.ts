import type { AssignmentMode, AssignmentPreviewDto, AssignmentRole, EventDto } from '@confero/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../components/feedback/notify.tsx';
import { isApiError } from '../../lib/api.ts';
import { languageOf, reviewErrorText } from '../reviews/review-display.ts';
import { perPaperOf } from './assignment-role.ts';
import {
  assignmentPreviewQuery,
  discardReplacedPreview,
  latestPreviewQuery,
  useApplyAssignmentMutation,
  useDiscardPreviewMutation,
  useStartPreviewMutation,
} from './auto-api.ts';
import {
  applyCounts,
  isPreviewActive,
  isStalePreviewError,
  readPreviewParam,
  withPreviewParam,
} from './auto-display.ts';

export type ApplyCounts = { created: number; kept: number; removed: number };

/** "What failed. Why." — the reason only when the server gave one. */
const joined = (message: string, reason: string) => (reason && reason !== message ? `${message} ${reason}` : message);

/**
 * The state of the automatic assignment workspace: which preview is on screen (the address's `?preview=<id>`, else
 * the event's latest until the chair discards or starts over), the chosen mode, the open confirmation, and the
 * start, apply and discard actions with their outcomes. Opened without `?preview=`, the latest preview's id goes into
 * the address so a reload keeps it. Starting a new preview discards the one it replaces unless that one was applied
 * (the API keeps applied previews); a discard of a preview already gone empties the screen all the same; an apply
 * refused because the preview is stale keeps the preview on screen with the reason.
 */
export function useAutoAssignment(eventId: string, event: EventDto, role: AssignmentRole = 'reviewer') {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlPreviewId = readPreviewParam(searchParams);
  // Arriving without `?preview=`: follow the event's latest preview until the chair discards or starts over.
  const [followLatest, setFollowLatest] = useState(urlPreviewId === null);
  const lookingForLatest = followLatest && urlPreviewId === null;
  const latest = useQuery({ ...latestPreviewQuery(eventId, role), enabled: lookingForLatest });
  const latestPreview = lookingForLatest ? latest.data : undefined;
  const previewId = urlPreviewId ?? latestPreview?.preview_id ?? null;
  // The chair's choice; until they make one, the mode of the preview on screen (else keep_existing).
  const [chosenMode, setMode] = useState<AssignmentMode | null>(null);
  const [confirm, setConfirm] = useState<'apply' | 'discard' | null>(null);
  const [applied, setApplied] = useState<{ previewId: string; counts: ApplyCounts } | null>(null);
  const [stale, setStale] = useState<{ previewId: string; message: string } | null>(null);
  const preview = useQuery({
    ...assignmentPreviewQuery(eventId, previewId ?? '', role),
    enabled: previewId !== null,
    // The latest preview is already at hand: shown at once, then polled like any other while it is computed.
    initialData: latestPreview && latestPreview.preview_id === previewId ? latestPreview : undefined,
    initialDataUpdatedAt: latest.dataUpdatedAt,
  });
  const start = useStartPreviewMutation(eventId, role);
  const discard = useDiscardPreviewMutation(eventId, role);
  const apply = useApplyAssignmentMutation(eventId, role);
  const number = new Intl.NumberFormat(i18n.language);

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
        if (replaced && replaced !== created.preview_id)
          void discardReplacedPreview(queryClient, eventId, replaced, role);
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

  // What was applied: the apply's own answer on this visit, else the preview's figures (after a reload).
  const appliedCounts = (done: AssignmentPreviewDto & { result: NonNullable<AssignmentPreviewDto['result']> }) =>
    applied?.previewId === done.preview_id
      ? applied.counts
      : done.status === 'applied'
        ? applyCounts(done.result)
        : null;
  const staleMessage = (done: AssignmentPreviewDto) =>
    stale?.previewId === done.preview_id && done.status === 'done' ? stale.message : null;

  return {
    perPaper: perPaperOf(role, event.review_settings?.reviewers_per_paper),
    previewId,
    latest,
    lookingForLatest,
    preview,
    current,
    active,
    mode,
    setMode,
    confirm,
    setConfirm,
    appliedCounts,
    staleMessage,
    starting: start.isPending,
    applying: apply.isPending,
    discarding: discard.isPending,
    handleStart,
    handleDiscard,
    handleApply,
    clearPreview,
  };
}

export type AutoAssignmentState = ReturnType<typeof useAutoAssignment>;
