import type { BidValue, CandidateDto } from '@confero/contracts';
import { Alert, Badge, Group, List, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UserInline } from '../../../components/data/UserText.tsx';
import { languageOf } from '../../reviews/review-display.ts';
import {
  affinityPercent,
  BID_COLORS,
  bidLabel,
  conflictReasonLines,
  conflictTypeLabel,
  LOAD_COLORS,
  loadState,
  loadText,
} from '../candidates-display.ts';

/** A reviewer's bid on the paper in the interface language, or 'No bid'. */
export function BidBadge({ bid }: { bid: BidValue | null }) {
  const { t, i18n } = useTranslation();
  if (!bid) {
    return (
      <Badge color="gray" variant="outline" data-testid="candidate-bid" data-bid="none">
        {t('assignReviewers.candidate.noBid')}
      </Badge>
    );
  }
  return (
    <Badge color={BID_COLORS[bid]} variant="light" miw="max-content" data-testid="candidate-bid" data-bid={bid}>
      {bidLabel(bid, languageOf(i18n.language))}
    </Badge>
  );
}

/** '2 / 6' papers of the event against max_papers: orange at capacity, red past it (forced assignments). */
export function LoadIndicator({ load, maxPapers }: { load: number; maxPapers: number }) {
  const { t } = useTranslation();
  const state = loadState(load, maxPapers);
  return (
    <Tooltip label={t('assignReviewers.candidate.loadHint')} withArrow>
      <Group gap={6} wrap="nowrap" data-testid="candidate-load" data-load-state={state}>
        <Text size="xs" c="dimmed">
          {t('assignReviewers.candidate.load')}
        </Text>
        <Text size="sm" fw={600} c={LOAD_COLORS[state]} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {loadText(load, maxPapers)}
        </Text>
        {state !== 'available' ? (
          <Badge size="xs" color={LOAD_COLORS[state]} variant="light" miw="max-content">
            {state === 'full' ? t('assignReviewers.candidate.atCapacity') : t('assignReviewers.candidate.overCapacity')}
          </Badge>
        ) : null}
      </Group>
    </Tooltip>
  );
}

/** Affinity (0–1) as a bar and a percentage, with the terms of the reviewer's profile that matched the paper. */
export function AffinityMeter({ affinity, terms }: { affinity: number; terms: readonly string[] }) {
  const { t } = useTranslation();
  const percent = affinityPercent(affinity);
  return (
    <Stack gap={6} data-testid="candidate-affinity" data-affinity={percent}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('assignReviewers.candidate.affinity')}
        </Text>
        <Text size="sm" fw={600}>
          {t('assignReviewers.candidate.percent', { percent })}
        </Text>
      </Group>
      <Progress value={percent} size="sm" radius="xl" aria-label={t('assignReviewers.candidate.affinity')} />
      {terms.length > 0 ? (
        <Group gap={4} wrap="wrap" aria-label={t('assignReviewers.candidate.matchedTerms')}>
          {terms.map((term) => (
            <Badge key={term} size="xs" variant="outline" color="gray" tt="none" data-testid="affinity-term">
              <UserInline>{term}</UserInline>
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

/** Why a reviewer has a conflict of interest with the paper (never assignable): the type and each reason. */
export function ConflictReasons({ conflict }: { conflict: NonNullable<CandidateDto['conflict']> }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const lines = conflictReasonLines(conflict, language);
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      p="xs"
      icon={<ShieldAlert size={16} />}
      title={t('assignReviewers.conflict.title', { type: conflictTypeLabel(conflict.type, language) })}
      data-testid="conflict-reason"
      data-conflict-type={conflict.type}
    >
      {lines.length === 1 ? (
        <Text size="sm">{lines[0]}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
