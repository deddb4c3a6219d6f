import type { DeclaredConflictDto } from '@confero/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { isolate, UserText } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { isApiError } from '../../../lib/api.ts';
import { declaredConflictsQuery, useWithdrawConflictMutation } from '../api.ts';
import { type DeclaredConflictView, declaredConflictView, showsDeclaredConflicts } from '../declared-conflicts.ts';
import { useConflictText } from '../use-conflict-text.ts';
import { ConflictTypeBadge } from './ConflictBadges.tsx';

type DeclaredConflictsCardProps = {
  /** The event's public id: the same one the DeclareConflictButton declares under, so declaring refreshes this. */
  eventRef: string;
  /** The submission's public id. */
  submissionId: string;
  /** The submission's title, for the confirmation. */
  title: string;
};

/** One declaration: who, their address (left to right in Arabic too), the type, the note, the day, Withdraw. */
function DeclaredConflictItem({
  conflict,
  view,
  onWithdraw,
}: {
  conflict: DeclaredConflictDto;
  view: DeclaredConflictView;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      gap={4}
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="declared-conflict"
      data-conflict-id={conflict.id}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <UserText size="sm" fw={600} data-testid="declared-conflict-person">
            {view.name}
          </UserText>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="declared-conflict-email">
            <span dir="ltr">{view.email}</span>
          </Text>
        </Stack>
        <ConflictTypeBadge type={conflict.type} />
      </Group>
      {view.note ? (
        <UserText size="sm" multiline style={{ overflowWrap: 'anywhere' }} data-testid="declared-conflict-note">
          {view.note}
        </UserText>
      ) : null}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="declared-conflict-date">
          {t('conflicts.declared.date', { date: view.date })}
        </Text>
        {view.canWithdraw ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<Undo2 size={14} />}
            onClick={onWithdraw}
            aria-label={t('conflicts.declared.withdrawAria', { name: view.name })}
            data-testid="declared-conflict-withdraw"
          >
            {t('conflicts.declared.withdraw')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * For the authors of a submission, next to "Declare a conflict of interest": the conflicts they declared on it
 * (`GET submissions/{id}/declared-conflicts/` — their own declarations only, never a co-author's or the chairs'),
 * each with the person, the address, the type, their note and the day, and Withdraw after a confirmation
 * (`DELETE events/{id}/conflicts/{conflict_id}/`). Declaring and withdrawing refresh the list. Nothing is shown
 * while it loads or when they declared nothing; a failed load says so with a retry.
 */
export function DeclaredConflictsCard({ eventRef, submissionId, title }: DeclaredConflictsCardProps) {
  const { t, i18n } = useTranslation();
  const { errorText } = useConflictText();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery(declaredConflictsQuery(eventRef, submissionId));
  const withdraw = useWithdrawConflictMutation(eventRef);
  const [withdrawing, setWithdrawing] = useState<DeclaredConflictView | null>(null);

  if (query.isError) {
    const final = isApiError(query.error) && (query.error.status === 403 || query.error.status === 404);
    return (
      <LoadFailure
        message={t('conflicts.declared.loadFailed')}
        detail={errorText(query.error, '')}
        onRetry={final ? undefined : () => void query.refetch()}
      />
    );
  }
  if (!showsDeclaredConflicts(query.data)) return null;
  const conflicts = query.data?.results ?? [];

  const handleWithdraw = () => {
    if (!withdrawing) return;
    const { name } = withdrawing;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => {
        notify('success', t('conflicts.declared.withdrawn', { name }));
        setWithdrawing(null);
      },
      onError: (error) => {
        notify('error', errorText(error, t('conflicts.declared.withdrawFailed')));
        setWithdrawing(null);
      },
    });
  };

  return (
    <DetailCard title={t('conflicts.declared.title')} icon={ShieldAlert} data-testid="declared-conflicts">
      <Text size="sm" c="dimmed">
        {t('conflicts.declared.intro')}
      </Text>
      <Stack gap={0}>
        {conflicts.map((conflict) => {
          const view = declaredConflictView(conflict, locale);
          return (
            <DeclaredConflictItem
              key={conflict.id}
              conflict={conflict}
              view={view}
              onWithdraw={() => setWithdrawing(view)}
            />
          );
        })}
      </Stack>
      <ConfirmDialog
        opened={withdrawing !== null}
        title={t('conflicts.declared.confirmTitle')}
        message={t('conflicts.declared.confirm', {
          name: isolate(withdrawing?.name ?? ''),
          title: isolate(title),
        })}
        confirmLabel={t('conflicts.declared.withdraw')}
        cancelLabel={t('conflicts.common.cancel')}
        danger
        loading={withdraw.isPending}
        onConfirm={handleWithdraw}
        onClose={() => setWithdrawing(null)}
      />
    </DetailCard>
  );
}
