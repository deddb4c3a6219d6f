import type { CandidateDto } from '@confero/contracts';
import { Button, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/data/UserText.tsx';
import { unassignImpact } from '../candidates-display.ts';
import { CandidateCard } from './CandidateCard.tsx';

type AssignedListProps = {
  assigned: readonly CandidateDto[];
  /** The reviewer whose change is on its way (their button spins). */
  pendingReviewerId: string | null;
  /** Another change is on its way: the other buttons wait. */
  busy: boolean;
  onUnassign: (candidate: CandidateDto) => void;
};

/**
 * The 'Assigned' group: the paper's reviewers with their review's status and an Unassign action (confirmed by the
 * screen). A submitted review cannot be unassigned (the API refuses with 409), so its button is disabled and says why.
 */
export function AssignedList({ assigned, pendingReviewerId, busy, onUnassign }: AssignedListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="assigned-heading" data-testid="assigned-section">
      <Title order={2} size="h4" id="assigned-heading">
        {t('assignReviewers.assigned.title', { total: assigned.length })}
      </Title>
      {assigned.length === 0 ? (
        <Paper withBorder radius="md" p="lg" data-testid="assigned-empty">
          <Text c="dimmed" size="sm">
            {t('assignReviewers.assigned.empty')}
          </Text>
        </Paper>
      ) : (
        assigned.map((candidate) => {
          const name = candidate.reviewer.full_name || candidate.reviewer.email;
          const refused = unassignImpact(candidate.review_status) === 'refused';
          const pending = pendingReviewerId === candidate.reviewer.public_id;
          const button = (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<UserMinus size={14} />}
              onClick={() => onUnassign(candidate)}
              loading={pending}
              disabled={refused || (busy && !pending)}
              aria-label={t('assignReviewers.actions.unassignNamed', { name })}
              data-testid="unassign-button"
            >
              {t('assignReviewers.actions.unassign')}
            </Button>
          );
          return (
            <CandidateCard
              key={candidate.reviewer.public_id}
              candidate={candidate}
              action={
                refused ? (
                  <Tooltip
                    label={t('assignReviewers.unassign.refused', { name: isolate(name) })}
                    withArrow
                    multiline
                    w={240}
                  >
                    <span>{button}</span>
                  </Tooltip>
                ) : (
                  button
                )
              }
              actionNote={
                refused ? (
                  <Text size="xs" c="dimmed" ta="end" data-testid="unassign-refused">
                    {t('assignReviewers.unassign.refusedShort')}
                  </Text>
                ) : null
              }
            />
          );
        })
      )}
    </Stack>
  );
}
