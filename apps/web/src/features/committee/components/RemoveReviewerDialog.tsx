import type { CommitteeReviewerDto, ReviewerRemovalChoice } from '@confero/contracts';
import { Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useRemoveCommitteeReviewerMutation } from '../api.ts';
import { unfinishedOf } from '../committee-display.ts';
import { useCommitteeText } from '../use-committee-text.ts';

/**
 * Removing a reviewer: who it is and, when they hold reviews, what becomes of the unfinished ones (a choice the
 * confirm button waits for; completed reviews always stay). Used by the committee screen and the event page.
 */
export function RemoveReviewerDialog({
  eventId,
  reviewer,
  onClose,
}: {
  eventId: string;
  reviewer: CommitteeReviewerDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { errorText } = useCommitteeText();
  const remove = useRemoveCommitteeReviewerMutation(eventId);
  const [choice, setChoice] = useState<ReviewerRemovalChoice | null>(null);
  const holds = reviewer !== null && reviewer.load > 0;
  // With completed reviews only there is nothing to choose: they are kept.
  const needsChoice = reviewer !== null && unfinishedOf(reviewer) > 0;

  const close = () => {
    setChoice(null);
    onClose();
  };
  const handleConfirm = () => {
    if (!reviewer) return;
    remove.mutate(
      { reviewer, reviews: needsChoice ? choice : holds ? 'keep' : null },
      {
        onSuccess: () => {
          notify('success', t('committee.reviewers.removed'));
          close();
        },
        onError: (error) => notify('error', errorText(error, t('committee.reviewers.removeFailed'))),
      },
    );
  };

  return (
    <ConfirmDialog
      opened={reviewer !== null}
      title={t('committee.reviewers.removeTitle')}
      message={t('committee.reviewers.removeConfirm', {
        name: isolate(reviewer?.display_name ?? ''),
        email: reviewer?.email ?? '',
      })}
      confirmLabel={t('committee.reviewers.remove')}
      cancelLabel={t('committee.reviewers.cancel')}
      danger
      loading={remove.isPending}
      confirmDisabled={needsChoice && choice === null}
      onConfirm={handleConfirm}
      onClose={close}
    >
      {holds && reviewer ? (
        <Stack gap="sm" data-testid="remove-reviewer-choice">
          <Text size="sm" c="orange" fw={500}>
            {t('committee.reviewers.removeHolds', {
              unfinished: unfinishedOf(reviewer),
              completed: reviewer.completed,
            })}
          </Text>
          {needsChoice ? (
            <Radio.Group
              label={t('committee.reviewers.removeChoice')}
              value={choice}
              onChange={(value) => setChoice(value as ReviewerRemovalChoice)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="keep" label={t('committee.reviewers.removeKeep')} />
                <Radio value="delete" label={t('committee.reviewers.removeDelete')} />
              </Stack>
            </Radio.Group>
          ) : null}
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
}
