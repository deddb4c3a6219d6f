import { ActionIcon, Badge, Button, Tooltip } from '@mantine/core';
import { Flag, FlagOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { useFlagMutation } from '../api.ts';

/*
 * The "needs discussion" flag in the chair's submissions table: a badge on a flagged paper, a per-row toggle, and
 * flagging the selected rows at once (each paper through `PUT submissions/{id}/discussion/flag/`).
 */

/** The badge of a paper a chair flagged for discussion. */
export function NeedsDiscussionBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="sm" color="orange" variant="light" data-testid="row-needs-discussion">
      {t('discussion.needsDiscussion')}
    </Badge>
  );
}

/** The per-row toggle of the flag. */
export function RowFlagToggle({ row }: { row: { id: string; title: string; needs_discussion: boolean } }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const flag = useFlagMutation();
  const label = t(row.needs_discussion ? 'discussion.table.unflagRow' : 'discussion.table.flagRow', {
    title: row.title,
  });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={row.needs_discussion ? 'light' : 'subtle'}
        color="orange"
        aria-label={label}
        aria-pressed={row.needs_discussion}
        loading={flag.isPending}
        onClick={() =>
          flag.mutate(
            { submissionIds: [row.id], value: !row.needs_discussion },
            { onError: (error) => notify('error', text(errorMessageOr(error, 'discussion.actionFailed'))) },
          )
        }
        data-testid="row-flag"
      >
        {row.needs_discussion ? <FlagOff size={16} /> : <Flag size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Flags the selected rows for discussion. */
export function BulkFlagButton({ submissionIds }: { submissionIds: string[] }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const flag = useFlagMutation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Button
      size="xs"
      variant="light"
      color="orange"
      leftSection={<Flag size={14} />}
      disabled={submissionIds.length === 0}
      loading={flag.isPending}
      onClick={() =>
        flag.mutate(
          { submissionIds, value: true },
          {
            onSuccess: () =>
              notify('success', t('discussion.table.bulkFlagged', { formatted: number.format(submissionIds.length) })),
            onError: (error) => notify('error', text(errorMessageOr(error, 'discussion.actionFailed'))),
          },
        )
      }
      data-testid="bulk-flag"
    >
      {t('discussion.table.bulkFlag')}
    </Button>
  );
}
