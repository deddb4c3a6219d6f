import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { CONFIDENCE_OPTIONS, type ReviewFormValues, SCORE_OPTIONS } from '../forms/review-form.ts';
import { confidenceLabel, languageOf, scoreLabel } from '../review-display.ts';

type ListName = 'strengths' | 'weaknesses';

type ReviewFormSectionsProps = {
  value: ReviewFormValues;
  onChange: (next: ReviewFormValues) => void;
  disabled?: boolean;
};

/** A list of short texts with a row per entry, rows added and removed (strengths, weaknesses). */
function EditableList({ name, value, onChange, disabled }: ReviewFormSectionsProps & { name: ListName }) {
  const { t } = useTranslation();
  const rows = value[name];
  const update = (rowsNext: string[]) => onChange({ ...value, [name]: rowsNext });
  const placeholderKey = name === 'strengths' ? 'reviews.form.strengthPlaceholder' : 'reviews.form.weaknessPlaceholder';
  return (
    <Stack gap="xs" data-testid={`review-${name}`}>
      <Text size="sm" fw={500}>
        {t(name === 'strengths' ? 'reviews.form.strengths' : 'reviews.form.weaknesses')}
      </Text>
      {rows.map((row, index) => (
        // Rows have no identity but their place; removing one re-renders the ones after it.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are plain texts identified by their position
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <Textarea
            flex={1}
            autosize
            minRows={1}
            value={row}
            disabled={disabled}
            classNames={USER_INPUT_CLASS_NAMES}
            aria-label={t(placeholderKey, { n: index + 1 })}
            placeholder={t(placeholderKey, { n: index + 1 })}
            onChange={(event) => update(rows.map((item, at) => (at === index ? event.currentTarget.value : item)))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            disabled={disabled}
            aria-label={t('reviews.form.removeRow', { n: index + 1 })}
            onClick={() => update(rows.filter((_item, at) => at !== index))}
          >
            <Trash2 size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<Plus size={14} />}
        disabled={disabled}
        onClick={() => update([...rows, ''])}
      >
        {t(name === 'strengths' ? 'reviews.form.addStrength' : 'reviews.form.addWeakness')}
      </Button>
    </Stack>
  );
}

/** The three sections of the structured review form. */
export function ReviewFormSections({ value, onChange, disabled }: ReviewFormSectionsProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const scoreData = SCORE_OPTIONS.map((score) => ({
    value: String(score),
    label: scoreLabel(score, language) ?? '',
  }));
  const confidenceData = CONFIDENCE_OPTIONS.map((level) => ({
    value: String(level),
    label: confidenceLabel(level, language) ?? '',
  }));
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="xl" component="section">
        <Stack gap="md">
          <Title order={3}>{t('reviews.form.overallTitle')}</Title>
          <Select
            label={t('reviews.form.score')}
            placeholder={t('reviews.form.scorePlaceholder')}
            data={scoreData}
            value={value.score || null}
            disabled={disabled}
            onChange={(score) => onChange({ ...value, score: score ?? '' })}
            data-testid="review-score"
          />
          <EditableList name="strengths" value={value} onChange={onChange} disabled={disabled} />
          <EditableList name="weaknesses" value={value} onChange={onChange} disabled={disabled} />
          <Textarea
            label={t('reviews.form.justification')}
            autosize
            minRows={4}
            value={value.justification}
            disabled={disabled}
            classNames={USER_INPUT_CLASS_NAMES}
            onChange={(event) => onChange({ ...value, justification: event.currentTarget.value })}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="xl" component="section">
        <Stack gap="md">
          <Title order={3}>{t('reviews.form.confidenceTitle')}</Title>
          <Select
            label={t('reviews.form.confidenceLevel')}
            placeholder={t('reviews.form.confidencePlaceholder')}
            data={confidenceData}
            value={value.confidence || null}
            disabled={disabled}
            onChange={(level) => onChange({ ...value, confidence: level ?? '' })}
            data-testid="review-confidence"
          />
          <Textarea
            label={t('reviews.form.confidenceComment')}
            autosize
            minRows={3}
            value={value.confidenceComment}
            disabled={disabled}
            classNames={USER_INPUT_CLASS_NAMES}
            onChange={(event) => onChange({ ...value, confidenceComment: event.currentTarget.value })}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="xl" component="section">
        <Stack gap="md">
          <Title order={3}>{t('reviews.form.remarksTitle')}</Title>
          <Textarea
            label={t('reviews.form.remarks')}
            description={t('reviews.form.remarksHint')}
            autosize
            minRows={3}
            value={value.confidentialRemarks}
            disabled={disabled}
            classNames={USER_INPUT_CLASS_NAMES}
            onChange={(event) => onChange({ ...value, confidentialRemarks: event.currentTarget.value })}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
