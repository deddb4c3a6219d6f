import type { AreaChairCandidateDto } from '@confero/contracts';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserInline } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useCommitteeText } from '../../committee/use-committee-text.ts';
import { areaChairCandidatesQuery, useSetAreaChairMutation } from '../api.ts';

/**
 * The paper's area chair on its page, for its committee (`abilities.manage_reviewers`): who it is, and a choice
 * among the event's area chairs with their loads; one conflicted with the paper, or at their maximum, cannot be
 * chosen and says why. Nothing while loading or when the API refuses (the committee only reads it).
 */
export function AreaChairPicker({ submissionId }: { submissionId: string }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useCommitteeText();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const query = useQuery(areaChairCandidatesQuery(submissionId));
  const choose = useSetAreaChairMutation(submissionId);
  const [selected, setSelected] = useState<string | null>(null);
  if (!query.data) return null;
  const { current, candidates } = query.data;

  const reasonOf = (candidate: AreaChairCandidateDto) => {
    if (candidate.conflict) return t('areaChairs.picker.conflicted', { reason: candidate.conflict });
    if (!candidate.is_current && candidate.assigned >= candidate.max_papers) return t('areaChairs.picker.full');
    return null;
  };
  const data = candidates.map((candidate) => {
    const reason = reasonOf(candidate);
    const load = t('areaChairs.picker.load', {
      load: number.format(candidate.assigned),
      max: number.format(candidate.max_papers),
    });
    return {
      value: candidate.public_id,
      label: `${candidate.name} · ${load}${reason ? ` · ${reason}` : ''}`,
      disabled: reason !== null,
    };
  });

  const save = (userId: string | null) =>
    choose.mutate(userId, {
      onSuccess: () => {
        notify('success', userId ? t('areaChairs.picker.saved') : t('areaChairs.picker.cleared'));
        setSelected(null);
      },
      onError: (error) => notify('error', errorText(error, t('areaChairs.picker.failed'))),
    });

  return (
    <Paper withBorder radius="lg" p="md" component="section" data-testid="area-chair-picker">
      <Stack gap="sm">
        <Group gap="xs">
          <BookOpenCheck size={18} aria-hidden="true" />
          <Title order={2} fz="md">
            {t('areaChairs.picker.title')}
          </Title>
        </Group>
        <Text size="sm" data-testid="area-chair-current">
          {current ? <UserInline>{current.name}</UserInline> : t('areaChairs.picker.none')}
        </Text>
        {candidates.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('areaChairs.picker.noCandidates')}
          </Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('areaChairs.picker.choose')}
              data={data}
              value={selected}
              onChange={setSelected}
              searchable
              style={{ flex: '1 1 18rem' }}
              data-testid="area-chair-select"
            />
            <Button onClick={() => selected && save(selected)} disabled={!selected} loading={choose.isPending}>
              {t('areaChairs.picker.save')}
            </Button>
            {current ? (
              <Button variant="subtle" color="red" onClick={() => save(null)} loading={choose.isPending}>
                {t('areaChairs.picker.clear')}
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
