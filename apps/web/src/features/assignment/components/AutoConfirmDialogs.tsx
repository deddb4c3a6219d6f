import { Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { applyCounts } from '../auto-display.ts';
import type { AutoAssignmentState } from '../use-auto-assignment.ts';

/**
 * The confirmations of the workspace: Apply names how many assignments are created and kept (and, replacing, how
 * many removed); Discard asks before the preview is dropped.
 */
export function AutoConfirmDialogs({ state }: { state: AutoAssignmentState }) {
  const { t, i18n } = useAssignmentTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { current, confirm } = state;
  const counts = current?.result ? applyCounts(current.result) : null;
  const replace = current?.mode === 'replace';
  return (
    <>
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
        onConfirm={state.handleApply}
        onClose={() => state.setConfirm(null)}
        loading={state.applying}
      />
      <ConfirmDialog
        opened={confirm === 'discard'}
        title={t('autoAssignment.actions.discardTitle')}
        message={t('autoAssignment.actions.discardMessage')}
        confirmLabel={t('autoAssignment.actions.discard')}
        cancelLabel={t('autoAssignment.actions.cancel')}
        onConfirm={state.handleDiscard}
        onClose={() => state.setConfirm(null)}
        loading={state.discarding}
        danger
      />
    </>
  );
}
