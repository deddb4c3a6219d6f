import type { CandidateDto } from '@confero/contracts';
import { Badge, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/data/UserText.tsx';
import { ReviewStatusBadge } from '../../reviews/components/ReviewBadges.tsx';
import { AffinityMeter, BidBadge, ConflictReasons, LoadIndicator } from './CandidateParts.tsx';

type CandidateCardProps = {
  candidate: CandidateDto;
  /** The row's button (assign, assign anyway, not assignable, unassign). */
  action: ReactNode;
  /** A line under the button (why unassigning is refused). */
  actionNote?: ReactNode;
};

/**
 * One reviewer of the assign screen: who they are (name, affiliation, e-mail, expertise), how well they fit the
 * paper (affinity and matched terms, bid), their load against max_papers, the review's status once assigned, the
 * conflict of interest with its reasons, and the row's action.
 */
export function CandidateCard({ candidate, action, actionNote }: CandidateCardProps) {
  const { t } = useTranslation();
  const { reviewer } = candidate;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={candidate.assigned ? 'assigned-row' : 'candidate-row'}
      data-reviewer-id={reviewer.public_id}
      data-assignable={candidate.assignable}
      data-not-assignable-reason={candidate.not_assignable_reason ?? undefined}
    >
      <Stack gap="sm">
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap={4} miw={0}>
              <Group gap="xs" wrap="wrap">
                <UserText fw={600} data-testid="candidate-name" style={{ overflowWrap: 'anywhere' }}>
                  {reviewer.full_name || reviewer.email}
                </UserText>
                {candidate.review_status ? <ReviewStatusBadge status={candidate.review_status} /> : null}
                {candidate.conflict ? (
                  <Badge color="red" variant="filled" size="sm" data-testid="candidate-conflict-badge">
                    {t('assignReviewers.conflict.badge')}
                  </Badge>
                ) : null}
              </Group>
              {reviewer.affiliation ? (
                <UserText size="sm" c="dimmed" data-testid="candidate-affiliation">
                  {reviewer.affiliation}
                </UserText>
              ) : null}
              <Text size="sm" c="dimmed" data-testid="candidate-email" style={{ overflowWrap: 'anywhere' }}>
                <bdi dir="ltr">{reviewer.email}</bdi>
              </Text>
              <UserText
                size="sm"
                lineClamp={2}
                title={candidate.expertise || undefined}
                c={candidate.expertise ? undefined : 'dimmed'}
                fs={candidate.expertise ? undefined : 'italic'}
                data-testid="candidate-expertise"
              >
                {candidate.expertise || t('assignReviewers.candidate.noExpertise')}
              </UserText>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <AffinityMeter affinity={candidate.affinity} terms={candidate.affinity_terms} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
            <Stack gap={8} align="flex-start">
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {t('assignReviewers.candidate.bid')}
                </Text>
                <BidBadge bid={candidate.bid} />
              </Group>
              <LoadIndicator load={candidate.load} maxPapers={candidate.max_papers} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <Stack gap={6} align="flex-end">
              {action}
              {actionNote}
            </Stack>
          </Grid.Col>
        </Grid>
        {candidate.conflict ? <ConflictReasons conflict={candidate.conflict} /> : null}
      </Stack>
    </Paper>
  );
}
