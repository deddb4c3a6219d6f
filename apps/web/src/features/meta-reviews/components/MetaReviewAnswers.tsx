import type { MetaReviewDto } from '@confero/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RowValue } from '../../reviews/components/SubmissionReviewBody.tsx';
import { languageOf, textIn } from '../../reviews/review-display.ts';
import { metaReviewRows } from '../meta-review-display.ts';

/**
 * A meta-review's answers in its form's order, each under its label in the interface language; the answers only the
 * chairs read are marked so. The reviews' own answer rendering (`RowValue`) shows each.
 */
export function MetaReviewAnswers({ metaReview }: { metaReview: Pick<MetaReviewDto, 'questions' | 'answers'> }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <Stack gap="md" data-testid="meta-review-answers">
      {metaReviewRows(metaReview).map((row) => (
        <Stack key={row.question.key} gap={4} data-testid={`meta-review-field-${row.question.key}`}>
          <Group gap="xs">
            <Text size="sm" fw={600} dir="auto">
              {textIn(row.question.label, language)}
            </Text>
            {row.confidential ? (
              <Badge size="xs" variant="light" color="gray" leftSection={<Lock size={10} />}>
                {t('metaReviews.chairsOnly')}
              </Badge>
            ) : null}
          </Group>
          <RowValue row={row} />
        </Stack>
      ))}
    </Stack>
  );
}
