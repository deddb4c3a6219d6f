import { DEFAULT_REVIEW_FORM, type ReviewQuestionDto } from '@confero/contracts';
import { ActionIcon, Button, Group, Input, Paper, Radio, Select, Stack, Textarea, Title } from '@mantine/core';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import type { ReviewFormValues } from '../forms/review-form.ts';
import { languageOf, type ReviewSectionName, scoreChoices, sectionsOf, textIn } from '../review-display.ts';

type ReviewFormSectionsProps = {
  value: ReviewFormValues;
  onChange: (next: ReviewFormValues) => void;
  disabled?: boolean;
  /** The questions of the review's form, in its order (the default form when not given). */
  questions?: readonly ReviewQuestionDto[];
  /** A problem to show at a question, by its key (a chair's question refused by the server or the submit check). */
  errors?: Record<string, string>;
};

/** Where the form keeps the answer of a built-in question: the spec's structured review. */
const BUILTIN_FIELDS = {
  overall_score: 'score',
  strengths: 'strengths',
  weaknesses: 'weaknesses',
  justification: 'justification',
  confidence: 'confidence',
  confidence_comment: 'confidenceComment',
  confidential_remarks_for_pc: 'confidentialRemarks',
} as const satisfies Record<string, keyof ReviewFormValues>;

type BuiltinField = (typeof BUILTIN_FIELDS)[keyof typeof BUILTIN_FIELDS];

const builtinField = (question: ReviewQuestionDto): BuiltinField | undefined =>
  question.builtin ? (BUILTIN_FIELDS as Record<string, BuiltinField>)[question.key] : undefined;

/** The input value of a question: a built-in one's field, a criterion's score, or the chair's question's answer. */
function inputValue(form: ReviewFormValues, question: ReviewQuestionDto): string | string[] {
  const field = builtinField(question);
  if (field) return form[field];
  if (question.builtin) return form.criteria?.[question.key] ?? '';
  return form.answers?.[question.key] ?? (question.kind === 'list' ? [''] : '');
}

/** The form with a question's input changed. */
function withValue(form: ReviewFormValues, question: ReviewQuestionDto, next: string | string[]): ReviewFormValues {
  const field = builtinField(question);
  if (field) return { ...form, [field]: next };
  if (question.builtin) return { ...form, criteria: { ...form.criteria, [question.key]: next as string } };
  return { ...form, answers: { ...form.answers, [question.key]: next } };
}

/** The test ids the journeys know the built-in inputs by. */
const TEST_IDS: Record<string, string> = { overall_score: 'review-score', confidence: 'review-confidence' };

const SECTION_TITLES = {
  overall: 'reviews.form.overallTitle',
  criteria: 'reviews.form.criteriaTitle',
  confidence: 'reviews.form.confidenceTitle',
  remarks: 'reviews.form.remarksTitle',
  custom: 'reviews.form.moreTitle',
} as const satisfies Record<ReviewSectionName, string>;

type QuestionInputProps = {
  question: ReviewQuestionDto;
  value: string | string[];
  onChange: (next: string | string[]) => void;
  disabled?: boolean;
  error?: string;
};

/** A list of short texts with a row per entry, rows added and removed (strengths, weaknesses, a chair's list). */
function EditableList({ question, value, onChange, disabled, error }: QuestionInputProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const rows = Array.isArray(value) ? value : [];
  const label = textIn(question.label, language);
  const known = question.builtin && (question.key === 'strengths' || question.key === 'weaknesses');
  const placeholder = (n: number) =>
    known
      ? t(question.key === 'strengths' ? 'reviews.form.strengthPlaceholder' : 'reviews.form.weaknessPlaceholder', { n })
      : t('reviews.form.entryPlaceholder', { label, n });
  const help = textIn(question.help, language);
  return (
    <Input.Wrapper
      label={label}
      description={help || undefined}
      withAsterisk={question.required}
      error={error}
      data-testid={question.builtin ? `review-${question.key}` : `review-question-${question.key}`}
      labelElement="div"
    >
      <Stack gap="xs" mt={4}>
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
              aria-label={placeholder(index + 1)}
              placeholder={placeholder(index + 1)}
              onChange={(event) => onChange(rows.map((item, at) => (at === index ? event.currentTarget.value : item)))}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              disabled={disabled}
              aria-label={
                known
                  ? t('reviews.form.removeRow', { n: index + 1 })
                  : t('reviews.form.removeEntry', { label, n: index + 1 })
              }
              onClick={() => onChange(rows.filter((_item, at) => at !== index))}
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
          onClick={() => onChange([...rows, ''])}
        >
          {question.key === 'strengths' && question.builtin
            ? t('reviews.form.addStrength')
            : question.key === 'weaknesses' && question.builtin
              ? t('reviews.form.addWeakness')
              : t('reviews.form.addEntry', { label })}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}

/** The input of one question by its kind: a select of scores, a radio group of options, a text, a list. */
export function QuestionInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled, error } = props;
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const label = textIn(question.label, language);
  const description = textIn(question.help, language) || undefined;
  const text = typeof value === 'string' ? value : '';
  switch (question.kind) {
    case 'list':
      return <EditableList {...props} />;
    case 'score':
      return (
        <Select
          label={label}
          description={description}
          withAsterisk={question.required}
          placeholder={t('reviews.form.choosePlaceholder')}
          data={scoreChoices(question, language)}
          value={text || null}
          disabled={disabled}
          error={error}
          clearable={!question.required}
          onChange={(next) => onChange(next ?? '')}
          data-testid={TEST_IDS[question.key] ?? `review-question-${question.key}`}
        />
      );
    case 'choice':
      return (
        <Radio.Group
          label={label}
          description={description}
          withAsterisk={question.required}
          value={text}
          error={error}
          onChange={onChange}
          data-testid={`review-question-${question.key}`}
        >
          <Group gap="md" mt={6}>
            {(question.options ?? []).map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={textIn(option.label, language)}
                disabled={disabled}
              />
            ))}
          </Group>
        </Radio.Group>
      );
    default:
      return (
        <Textarea
          label={label}
          description={description}
          withAsterisk={question.required}
          autosize
          minRows={3}
          value={text}
          disabled={disabled}
          error={error}
          classNames={USER_INPUT_CLASS_NAMES}
          onChange={(event) => onChange(event.currentTarget.value)}
          data-testid={question.builtin ? undefined : `review-question-${question.key}`}
        />
      );
  }
}

/**
 * The review form: the questions of the review's form in its order, grouped as the spec's sections (overall
 * evaluation, criteria, confidence, confidential remarks) and the chair's own questions; each label and help in the
 * interface language, a mark on the required ones.
 */
export function ReviewFormSections({
  value,
  onChange,
  disabled,
  questions = DEFAULT_REVIEW_FORM,
  errors = {},
}: ReviewFormSectionsProps) {
  const { t } = useTranslation();
  const groups = sectionsOf(questions.map((question) => ({ question })));
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <Paper
          key={`${group.section}:${group.items[0]?.question.key}`}
          withBorder
          radius="lg"
          p="xl"
          component="section"
          data-section={group.section}
        >
          <Stack gap="md">
            <Title order={3}>{t(SECTION_TITLES[group.section])}</Title>
            {group.items.map(({ question }) => (
              // The review assistant's "go to question" finds a question's input by this key.
              <div key={question.key} data-question-key={question.key}>
                <QuestionInput
                  question={question}
                  value={inputValue(value, question)}
                  disabled={disabled}
                  error={errors[question.key]}
                  onChange={(next) => onChange(withValue(value, question, next))}
                />
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
