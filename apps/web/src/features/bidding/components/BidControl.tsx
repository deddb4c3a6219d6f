import type { BidDto, BidValue } from '@confero/contracts';
import { Alert, Box, Button, Chip, Group, Loader, Radio, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { Ban, CircleAlert, Flame, Hourglass, Lock, type LucideIcon, ThumbsDown, ThumbsUp, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { reviewErrorText } from '../../reviews/review-display.ts';
import { usePutBidMutation } from '../api.ts';
import { type BidOption, bidLabel, bidOptions, isBidValue, type Language, needsConfirmation } from '../bid-display.ts';

/** One icon per bid, drawn in the bid's colour. */
export const BID_ICONS: Record<BidValue, LucideIcon> = {
  eager: Flame,
  willing: ThumbsUp,
  in_a_pinch: Hourglass,
  not_willing: ThumbsDown,
  conflict: Ban,
};

type BidControlProps = {
  /** The paper's public id (or numeric id), as the bid endpoint takes it. */
  submissionId: string;
  /** The saved bid, or null before the first one. */
  value: BidValue | null;
  /** The caller has a conflict of interest with the paper: the control is shown disabled. */
  conflict: boolean;
  /** Bidding has closed (review deadline passed): the control is shown disabled. */
  closed?: boolean;
  /** `cards`: a full choice with help texts (the bid page); `compact`: a row of chips (the bidding list). */
  variant?: 'cards' | 'compact';
  /** The paper's title, naming the control for screen readers in a list of many. */
  title?: string;
};

function OptionCard({
  option,
  checked,
  pending,
  disabled,
  onChoose,
}: {
  option: BidOption;
  checked: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: (value: BidValue) => void;
}) {
  const { t } = useTranslation();
  const Icon = BID_ICONS[option.value];
  return (
    <Radio.Card
      checked={checked}
      disabled={disabled}
      onClick={() => onChoose(option.value)}
      radius="md"
      p="sm"
      data-testid={`bid-option-${option.value}`}
      data-checked={checked || undefined}
      style={{
        borderColor: checked ? `var(--mantine-color-${option.color}-filled)` : undefined,
        backgroundColor: checked ? `var(--mantine-color-${option.color}-light)` : undefined,
        opacity: disabled && !checked ? 0.55 : 1,
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Radio.Indicator color={option.color} disabled={disabled && !checked} />
        <ThemeIcon variant="light" color={option.color} size={34} radius="md" aria-hidden="true">
          <Icon size={18} />
        </ThemeIcon>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text fw={600} size="sm">
            {option.label}
          </Text>
          <Text size="xs" c="dimmed">
            {t(option.helpKey)}
          </Text>
        </Stack>
        {pending ? <Loader size="xs" color={option.color} aria-label={t('bidding.control.saving')} /> : null}
      </Group>
    </Radio.Card>
  );
}

/**
 * The bid choice shared by the bid page and the bidding list: eager, willing, in a pinch, not willing, conflict, each
 * with its colour and help text. Choosing saves at once (`PUT submissions/{id}/bid/`) and shows the chosen value while
 * the save runs; a failure puts the saved value back and says why. The conflict choice declares a conflict of interest
 * that only the chairs can lift, so it is confirmed first. Any other saved bid can be cleared ("Clear my bid",
 * `{"value": null}`), which puts the paper back among those not bid on. A paper the caller is conflicted with, or
 * bidding after the review deadline, shows the control disabled with the reason.
 */
export function BidControl({
  submissionId,
  value,
  conflict,
  closed = false,
  variant = 'cards',
  title,
}: BidControlProps) {
  const { t, i18n } = useTranslation();
  const language: Language = (i18n.resolvedLanguage ?? i18n.language).startsWith('ar') ? 'ar' : 'en';
  const options = bidOptions(language);
  const mutation = usePutBidMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pendingValue = mutation.isPending ? mutation.variables.value : null;
  const clearing = mutation.isPending && mutation.variables.value === null;
  const shown: BidValue | null = clearing ? null : (pendingValue ?? (conflict ? 'conflict' : value));
  const locked = conflict || closed;
  const disabled = locked || mutation.isPending;
  // A 'conflict' bid declared a conflict of interest: only the chairs lift it, so it is never cleared here.
  const clearable = !locked && value !== null && value !== 'conflict';

  const save = (next: BidValue | null) => {
    setError(null);
    const failed = t(next === null ? 'bidding.control.clearFailed' : 'bidding.control.saveFailed');
    mutation.mutate(
      { submissionId, value: next },
      {
        onSuccess: (bid: BidDto) => {
          setConfirming(false);
          const saved = bid.value ?? next;
          notify(
            'success',
            saved === null
              ? t('bidding.control.cleared')
              : t('bidding.control.saved', { value: bidLabel(saved, language) }),
          );
        },
        onError: (failure) => {
          setConfirming(false);
          const text = reviewErrorText(failure, language, failed);
          setError(text);
          notify('error', text, failed);
        },
      },
    );
  };

  const handleChoose = (next: string) => {
    if (disabled || !isBidValue(next) || next === value) return;
    if (needsConfirmation(next, value)) setConfirming(true);
    else save(next);
  };

  const groupLabel = title ? t('bidding.control.labelFor', { title }) : t('bidding.control.label');
  const clearButton = clearable ? (
    <Button
      variant="subtle"
      color="gray"
      size={variant === 'compact' ? 'compact-xs' : 'xs'}
      w="fit-content"
      leftSection={<X size={12} />}
      onClick={() => save(null)}
      loading={clearing}
      disabled={mutation.isPending && !clearing}
      aria-label={title ? t('bidding.control.clearFor', { title }) : undefined}
      data-testid="bid-clear"
    >
      {t('bidding.control.clear')}
    </Button>
  ) : null;
  const common = {
    'data-testid': 'bid-control',
    'data-value': shown ?? '',
    'data-pending': mutation.isPending || undefined,
    'data-disabled': locked || undefined,
  };

  const notice = conflict ? (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<Ban size={18} />}
      title={t('bidding.control.conflictTitle')}
      data-testid="bid-conflict-notice"
    >
      {t('bidding.control.conflictText')}
    </Alert>
  ) : closed ? (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      icon={<Lock size={18} />}
      title={t('bidding.control.closedTitle')}
      data-testid="bid-closed-notice"
    >
      {t('bidding.control.closedText')}
    </Alert>
  ) : null;

  const errorLine = error ? (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<CircleAlert size={18} />}
      role="alert"
      p="xs"
      data-testid="bid-error"
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => setError(null)}
    >
      <Text size="sm">{error}</Text>
    </Alert>
  ) : null;

  const dialog = (
    <ConfirmDialog
      opened={confirming}
      title={t('bidding.control.confirmConflict.title')}
      message={
        <Text size="sm" data-testid="bid-confirm-conflict">
          {t('bidding.control.confirmConflict.message')}
        </Text>
      }
      confirmLabel={t('bidding.control.confirmConflict.confirm')}
      cancelLabel={t('bidding.control.confirmConflict.cancel')}
      onConfirm={() => save('conflict')}
      onClose={() => setConfirming(false)}
      loading={mutation.isPending}
      danger
    />
  );

  if (variant === 'compact') {
    return (
      <Stack gap={6} {...common}>
        <Group gap={6} wrap="wrap">
          <Group gap={6} wrap="wrap" role="radiogroup" aria-label={groupLabel}>
            <Chip.Group value={shown} onChange={handleChoose}>
              {options.map((option) => {
                const Icon = BID_ICONS[option.value];
                const pending = pendingValue === option.value;
                return (
                  <Tooltip key={option.value} label={t(option.helpKey)} withArrow openDelay={400} disabled={disabled}>
                    {/* The chip's input is visually hidden: the test id goes on what is seen and clicked. */}
                    <Box component="span" display="inline-block" data-testid={`bid-option-${option.value}`}>
                      <Chip
                        value={option.value}
                        type="radio"
                        size="xs"
                        variant="light"
                        color={option.color}
                        disabled={disabled && shown !== option.value}
                        icon={pending ? <Loader size={10} color={option.color} /> : <Icon size={12} />}
                      >
                        {option.label}
                      </Chip>
                    </Box>
                  </Tooltip>
                );
              })}
            </Chip.Group>
          </Group>
          {clearButton}
        </Group>
        {errorLine}
        {dialog}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" {...common}>
      {notice}
      <Stack gap="xs" role="radiogroup" aria-label={groupLabel} aria-disabled={locked || undefined}>
        {options.map((option) => (
          <OptionCard
            key={option.value}
            option={option}
            checked={shown === option.value}
            pending={pendingValue === option.value}
            disabled={disabled}
            onChoose={handleChoose}
          />
        ))}
      </Stack>
      {clearButton}
      {errorLine}
      {dialog}
    </Stack>
  );
}
