import type { ConflictSource, ConflictType } from '@confero/contracts';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONFLICT_SOURCE_COLORS, CONFLICT_TYPE_COLORS } from '../conflict-display.ts';
import { useConflictText } from '../use-conflict-text.ts';

/** Badges keep their whole label; the table scrolls sideways instead. */
const NO_TRUNCATION = { label: { overflow: 'visible' } };

type ConflictBadgeProps = {
  /** What the badge tells: its test id is `conflict-{kind}`, and it carries the value as `data-{kind}`. */
  kind: 'type' | 'source';
  value: string;
  color: MantineColor;
  variant: 'light' | 'outline';
  label: string;
};

/** One fact about a conflict as a badge that is never cut short, with the value for the journeys to read. */
function ConflictBadge({ kind, value, color, variant, label }: ConflictBadgeProps) {
  const data = { 'data-testid': `conflict-${kind}`, [`data-${kind}`]: value };
  return (
    <Badge color={color} variant={variant} styles={NO_TRUNCATION} {...data}>
      {label}
    </Badge>
  );
}

/** A conflict's type (authorship, co-author, same institution…) in the interface language, coloured by type. */
export function ConflictTypeBadge({ type }: { type: ConflictType }) {
  const { typeLabel } = useConflictText();
  return (
    <ConflictBadge
      kind="type"
      value={type}
      color={CONFLICT_TYPE_COLORS[type]}
      variant="light"
      label={typeLabel(type)}
    />
  );
}

/** Where a conflict comes from: found by detection, or declared by a person. */
export function ConflictSourceBadge({ source }: { source: ConflictSource }) {
  const { t } = useTranslation();
  return (
    <ConflictBadge
      kind="source"
      value={source}
      color={CONFLICT_SOURCE_COLORS[source]}
      variant="outline"
      label={t(`conflicts.source.${source}`)}
    />
  );
}
