import type { CandidateDto } from '@confero/contracts';
import { Button, Group, Pagination, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Ban, Search, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { candidateAction, filterCandidates, pageCount, pageOf } from '../candidates-display.ts';
import { CandidateCard } from './CandidateCard.tsx';

type CandidateListProps = {
  /** The reviewers not assigned to the paper, already in the list's order. */
  candidates: readonly CandidateDto[];
  pendingReviewerId: string | null;
  busy: boolean;
  onAssign: (candidate: CandidateDto) => void;
  /** A reviewer at max_papers: the screen asks before sending `force`. */
  onAssignAnyway: (candidate: CandidateDto) => void;
};

function CandidateButton({
  candidate,
  pending,
  disabled,
  onAssign,
  onAssignAnyway,
}: {
  candidate: CandidateDto;
  pending: boolean;
  disabled: boolean;
  onAssign: (candidate: CandidateDto) => void;
  onAssignAnyway: (candidate: CandidateDto) => void;
}) {
  const { t } = useTranslation();
  const name = candidate.reviewer.full_name || candidate.reviewer.email;
  const action = candidateAction(candidate);
  if (action === 'blocked') {
    return (
      <Button size="xs" variant="default" leftSection={<Ban size={14} />} disabled data-testid="assign-button">
        {t('assignReviewers.actions.notAssignable')}
      </Button>
    );
  }
  if (action === 'force') {
    return (
      <Button
        size="xs"
        variant="light"
        color="orange"
        leftSection={<UserPlus size={14} />}
        onClick={() => onAssignAnyway(candidate)}
        loading={pending}
        disabled={disabled}
        aria-label={t('assignReviewers.actions.assignAnywayNamed', { name })}
        data-testid="assign-anyway-button"
      >
        {t('assignReviewers.actions.assignAnyway')}
      </Button>
    );
  }
  return (
    <Button
      size="xs"
      leftSection={<UserPlus size={14} />}
      onClick={() => onAssign(candidate)}
      loading={pending}
      disabled={disabled}
      aria-label={t('assignReviewers.actions.assignNamed', { name })}
      data-testid="assign-button"
    >
      {t('assignReviewers.actions.assign')}
    </Button>
  );
}

/**
 * The 'Candidates' group: the reviewers not yet assigned, best score first, with a search by name, affiliation,
 * e-mail or expertise, a switch that shows the conflicted reviewers (hidden by default: they can never be assigned)
 * and a pager. Each row offers Assign, 'Assign anyway' at capacity, or nothing with the conflict's reason.
 */
export function CandidateList({ candidates, pendingReviewerId, busy, onAssign, onAssignAnyway }: CandidateListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [showConflicted, setShowConflicted] = useState(false);
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () => filterCandidates(candidates, { search, showConflicted }),
    [candidates, search, showConflicted],
  );
  const conflicted = candidates.filter((candidate) => candidate.conflict !== null).length;
  const pages = pageCount(shown.length);
  const current = Math.min(page, pages);
  const visible = pageOf(shown, current);

  return (
    <Stack gap="sm" component="section" aria-labelledby="candidates-heading" data-testid="candidates-section">
      <Stack gap={2}>
        <Title order={2} size="h4" id="candidates-heading">
          {t('assignReviewers.candidates.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('assignReviewers.candidates.description')}
        </Text>
      </Stack>
      {candidates.length === 0 ? (
        <Paper withBorder radius="md" p="lg" data-testid="candidates-all-assigned">
          <Text c="dimmed" size="sm">
            {t('assignReviewers.candidates.allAssigned')}
          </Text>
        </Paper>
      ) : (
        <>
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              label={t('assignReviewers.candidates.searchLabel')}
              placeholder={t('assignReviewers.candidates.searchPlaceholder')}
              leftSection={<Search size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: '1 1 280px' }}
              data-testid="candidate-search"
            />
            <Switch
              label={t('assignReviewers.candidates.showConflicted', { total: conflicted })}
              checked={showConflicted}
              onChange={(event) => {
                setShowConflicted(event.currentTarget.checked);
                setPage(1);
              }}
              disabled={conflicted === 0}
              mb={8}
              data-testid="show-conflicted-toggle"
            />
          </Group>
          <Text size="xs" c="dimmed" data-testid="candidates-count" aria-live="polite">
            {t('assignReviewers.candidates.count', { shown: shown.length, total: candidates.length })}
          </Text>
          {shown.length === 0 ? (
            <Paper withBorder radius="md" p="lg" data-testid="candidates-no-match">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Text c="dimmed" size="sm">
                  {t('assignReviewers.candidates.noMatch')}
                </Text>
                {search ? (
                  <Button size="xs" variant="subtle" onClick={() => setSearch('')}>
                    {t('assignReviewers.candidates.clearSearch')}
                  </Button>
                ) : null}
              </Group>
            </Paper>
          ) : (
            <Stack gap="sm" data-testid="candidates-list">
              {visible.map((candidate) => {
                const pending = pendingReviewerId === candidate.reviewer.public_id;
                return (
                  <CandidateCard
                    key={candidate.reviewer.public_id}
                    candidate={candidate}
                    action={
                      <CandidateButton
                        candidate={candidate}
                        pending={pending}
                        disabled={busy && !pending}
                        onAssign={onAssign}
                        onAssignAnyway={onAssignAnyway}
                      />
                    }
                  />
                );
              })}
            </Stack>
          )}
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                size="sm"
                data-testid="candidates-pagination"
              />
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
