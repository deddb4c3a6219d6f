import type { ConflictSource, ConflictType } from '@confero/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONFLICT_SOURCE_COLORS, CONFLICT_TYPE_COLORS } from '../conflict-display.ts';
import { useConflictText } from '../use-conflict-text.ts';

/** Badges keep their whole label; the table scrolls sideways instead. */
const NO_TRUNCATION = { label: { overflow: 'visible' } };

/** A conflict's type (authorship, co-author, same institution…) in the interface language, coloured by type. */
export function ConflictTypeBadge({ type }: { type: ConflictType }) {
  const { typeLabel } = useConflictText();
  return (
    <Badge
      color={CONFLICT_TYPE_COLORS[type]}
      variant="light"
      styles={NO_TRUNCATION}
      data-testid="conflict-type"
      data-type={type}
    >
      {typeLabel(type)}
    </Badge>
  );
}

/** Where a conflict comes from: found by detection, or declared by a person. */
export function ConflictSourceBadge({ source }: { source: ConflictSource }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={CONFLICT_SOURCE_COLORS[source]}
      variant="outline"
      styles={NO_TRUNCATION}
      data-testid="conflict-source"
      data-source={source}
    >
      {t(`conflicts.source.${source}`)}
    </Badge>
  );
}
