import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { CircleAlert, RefreshCw, RotateCcw, Trash2, Workflow } from 'lucide-react';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { isApiError } from '../../../lib/api.ts';
import { languageOf, reviewErrorText } from '../../reviews/review-display.ts';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { previewErrorText } from '../auto-display.ts';
import type { AutoAssignmentState } from '../use-auto-assignment.ts';
import { AutoAccessPanel } from './AutoAccessPanel.tsx';
import { PreviewProgress } from './PreviewProgress.tsx';
import { type PreviewLinks, PreviewResult } from './PreviewResult.tsx';

type AutoPreviewBodyProps = {
  state: AutoAssignmentState;
  links: PreviewLinks;
  /** Where "back to the event" leads when the viewer may not see the preview. */
  back: { to: string; label: string };
};

const previewLoading = (
  <Stack gap="md" aria-busy="true" data-testid="preview-loading">
    <Skeleton height={96} radius="lg" />
    <Skeleton height={220} radius="lg" />
  </Stack>
);

/** The preview's error status, 0 when the request did not reach the server. */
const statusOf = (error: unknown) => (isApiError(error) ? error.status : 0);

/**
 * What the workspace shows under the settings, for each state of the preview: the latest preview being looked
 * for, nothing yet, the preview loading or gone, its progress, its failure with Retry and Discard, or its result.
 */
export function AutoPreviewBody({ state, links, back }: AutoPreviewBodyProps) {
  const { t, i18n } = useAssignmentTranslation();
  const language = languageOf(i18n.language);
  const { previewId, latest, lookingForLatest, preview } = state;

  if (previewId === null && lookingForLatest && latest.isPending) return previewLoading;
  if (previewId === null && lookingForLatest && latest.isError) {
    return statusOf(latest.error) === 403 ? (
      <AutoAccessPanel kind="denied" back={back} />
    ) : (
      <div data-testid="latest-load-failure">
        <LoadFailure
          message={t('autoAssignment.loadLatestFailed')}
          detail={reviewErrorText(latest.error, language, '')}
          onRetry={() => void latest.refetch()}
        />
      </div>
    );
  }
  if (previewId === null) {
    return (
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
  }
  if (preview.isPending) return previewLoading;
  if (preview.isError) {
    const status = statusOf(preview.error);
    if (status === 404) return <PreviewMissing onStartOver={state.clearPreview} />;
    if (status === 403) return <AutoAccessPanel kind="denied" back={back} />;
    return (
      <div data-testid="preview-load-failure">
        <LoadFailure
          message={t('autoAssignment.loadPreviewFailed')}
          detail={reviewErrorText(preview.error, language, '')}
          onRetry={() => void preview.refetch()}
        />
      </div>
    );
  }
  if (state.active) {
    return (
      <PreviewProgress
        preview={preview.data}
        onDiscard={() => state.setConfirm('discard')}
        discarding={state.discarding}
      />
    );
  }
  const result = preview.data.result;
  if (preview.data.status === 'failed' || !result) {
    const failed = preview.data;
    return (
      <Alert
        color="red"
        icon={<CircleAlert size={20} />}
        title={t('autoAssignment.failed.title')}
        role="alert"
        radius="lg"
        data-testid="preview-failed"
      >
        <Stack gap="sm" align="flex-start">
          {failed.error ? <Text size="sm">{previewErrorText(failed, language)}</Text> : null}
          <Group gap="sm">
            <Button
              size="xs"
              color="red"
              leftSection={<RefreshCw size={14} />}
              onClick={() => state.handleStart(failed.mode)}
              loading={state.starting}
              data-testid="preview-retry"
            >
              {t('autoAssignment.failed.retry')}
            </Button>
            <Button
              size="xs"
              variant="white"
              color="red"
              leftSection={<Trash2 size={14} />}
              onClick={state.handleDiscard}
              loading={state.discarding}
              data-testid="preview-discard"
            >
              {t('autoAssignment.actions.discard')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const done = { ...preview.data, result };
  return (
    <PreviewResult
      preview={done}
      links={links}
      onApply={() => state.setConfirm('apply')}
      onDiscard={() => state.setConfirm('discard')}
      applying={state.applying}
      discarding={state.discarding}
      applied={state.appliedCounts(done)}
      stale={state.staleMessage(done)}
      onRerun={() => state.handleStart(done.mode)}
      rerunning={state.starting}
    />
  );
}

/** The preview in the address no longer exists: say so, and offer to start over. */
function PreviewMissing({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useAssignmentTranslation();
  return (
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
          onClick={onStartOver}
          data-testid="preview-start-over"
        >
          {t('autoAssignment.missing.startOver')}
        </Button>
      </Stack>
    </Alert>
  );
}
