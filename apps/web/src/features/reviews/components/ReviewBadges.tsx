import type { Recommendation, ReviewStatus } from '@confero/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  languageOf,
  RECOMMENDATION_COLORS,
  recommendationLabel,
  STATUS_COLORS,
  statusLabel,
} from '../review-display.ts';

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { i18n } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="review-status">
      {statusLabel(status, languageOf(i18n.language))}
    </Badge>
  );
}

export function RecommendationBadge({ recommendation }: { recommendation: Recommendation | null }) {
  const { i18n } = useTranslation();
  if (!recommendation) return null;
  return (
    <Badge color={RECOMMENDATION_COLORS[recommendation]} variant="outline" data-testid="review-recommendation">
      {recommendationLabel(recommendation, languageOf(i18n.language))}
    </Badge>
  );
}
