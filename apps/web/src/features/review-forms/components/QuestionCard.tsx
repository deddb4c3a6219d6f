import {
  REVIEW_QUESTION_KINDS,
  REVIEW_QUESTION_VISIBILITIES,
  type ReviewQuestionKind,
  type ReviewQuestionVisibility,
} from '@confero/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Message, useMessageText } from '../../../components/feedback/message.ts';
import { languageOf, textIn } from '../../reviews/review-display.ts';
import { type DraftQuestion, scoreValues, withKind } from '../form-editor.ts';

type QuestionCardProps = {
  question: DraftQuestion;
  index: number;
  count: number;
  /** How many reviews hold answers to the form (a removal then asks first). */
  answeredReviews: number;
  /** The problems of this question, by the editor's field (`key`, `label.en`, `options`, `min`, …). */
  problems?: Record<string, Message>;
  /** Each a stable function of the editor's, told which question (the card is memoized). */
  onChange: (id: string, change: Partial<DraftQuestion>) => void;
  onMove: (id: string, delta: -1 | 1) => void;
  onRemove: (id: string) => void;
};

/** The fields of a kind's own part of a question, changing that question. */
type KindFieldsProps = { question: DraftQuestion; onChange: (change: Partial<DraftQuestion>) => void };

const NO_PROBLEMS: Record<string, Message> = {};

/** A pair of inputs for a text in English and in Arabic (the Arabic one right to left). */
function BilingualInputs({
  value,
  onChange,
  labels,
  error,
  multiline = false,
  testId,
}: {
  value: { en: string; ar: string };
  onChange: (next: { en: string; ar: string }) => void;
  labels: { en: string; ar: string };
  error?: { en?: string; ar?: string };
  multiline?: boolean;
  testId: string;
}) {
  const Input = multiline ? Textarea : TextInput;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Input
        label={labels.en}
        value={value.en}
        dir="ltr"
        lang="en"
        error={error?.en}
        autosize={multiline ? true : undefined}
        minRows={multiline ? 2 : undefined}
        onChange={(event) => onChange({ ...value, en: event.currentTarget.value })}
        data-testid={`${testId}-en`}
      />
      <Input
        label={labels.ar}
        value={value.ar}
        dir="rtl"
        lang="ar"
        error={error?.ar}
        autosize={multiline ? true : undefined}
        minRows={multiline ? 2 : undefined}
        onChange={(event) => onChange({ ...value, ar: event.currentTarget.value })}
        data-testid={`${testId}-ar`}
      />
    </SimpleGrid>
  );
}

/** A score question's range (a chair's question) and its labels per value, folded away until asked for. */
function ScoreFields({ question, onChange, rangeError }: KindFieldsProps & { rangeError?: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const values = scoreValues(question);
  const labels = question.value_labels ?? {};
  const setLabel = (value: number, next: { en: string; ar: string }) =>
    onChange({ value_labels: { ...labels, [String(value)]: next } });
  const toNumber = (value: string | number) => (typeof value === 'number' ? value : undefined);
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <NumberInput
          label={t('reviewFormEditor.question.min')}
          value={question.min ?? ''}
          disabled={question.builtin}
          allowDecimal={false}
          error={rangeError}
          onChange={(value) => onChange({ min: toNumber(value) })}
          dir="ltr"
        />
        <NumberInput
          label={t('reviewFormEditor.question.max')}
          value={question.max ?? ''}
          disabled={question.builtin}
          allowDecimal={false}
          onChange={(value) => onChange({ max: toNumber(value) })}
          dir="ltr"
        />
      </Group>
      {values.length > 0 ? (
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {t(open ? 'reviewFormEditor.question.hideValueLabels' : 'reviewFormEditor.question.valueLabels', {
            count: values.length,
            formatted: new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language).format(values.length),
          })}
        </Button>
      ) : null}
      <Collapse expanded={open}>
        {open ? (
          <Stack gap="xs">
            {values.map((value) => (
              <BilingualInputs
                key={value}
                value={labels[String(value)] ?? { en: '', ar: '' }}
                onChange={(next) => setLabel(value, next)}
                labels={{
                  en: t('reviewFormEditor.question.valueLabelEn', { value }),
                  ar: t('reviewFormEditor.question.valueLabelAr', { value }),
                }}
                testId={`value-label-${value}`}
              />
            ))}
          </Stack>
        ) : null}
      </Collapse>
    </Stack>
  );
}

/**
 * A choice question's options: a value and a label in both languages each, added and removed; read only when the form
 * fixes them (`fixed`: the server keeps its own).
 */
function ChoiceFields({
  question,
  onChange,
  optionsError,
  fixed = false,
}: KindFieldsProps & { optionsError?: string; fixed?: boolean }) {
  const { t } = useTranslation();
  const options = question.options ?? [];
  const set = (next: typeof options) => onChange({ options: next });
  const patch = (index: number, change: Partial<(typeof options)[number]>) =>
    set(options.map((item, at) => (at === index ? { ...item, ...change } : item)));
  return (
    <Fieldset legend={t('reviewFormEditor.question.options')} data-testid="question-options">
      <Stack gap="sm">
        {options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their place while edited
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('reviewFormEditor.question.optionValue', { n: index + 1 })}
              value={option.value}
              readOnly={fixed}
              dir="ltr"
              w={140}
              onChange={(event) => patch(index, { value: event.currentTarget.value })}
            />
            {(['en', 'ar'] as const).map((language) => (
              <TextInput
                key={language}
                flex={1}
                label={t(
                  language === 'en' ? 'reviewFormEditor.question.optionEn' : 'reviewFormEditor.question.optionAr',
                  {
                    n: index + 1,
                  },
                )}
                value={option.label[language]}
                readOnly={fixed}
                dir={language === 'ar' ? 'rtl' : 'ltr'}
                lang={language}
                onChange={(event) =>
                  patch(index, { label: { ...option.label, [language]: event.currentTarget.value } })
                }
              />
            ))}
            {fixed ? null : (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={t('reviewFormEditor.question.removeOption', { n: index + 1 })}
                onClick={() => set(options.filter((_item, at) => at !== index))}
              >
                <Trash2 size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {optionsError ? (
          <Text size="sm" c="red" role="alert" data-testid="question-options-error">
            {optionsError}
          </Text>
        ) : null}
        {fixed ? null : (
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<Plus size={14} />}
            onClick={() => set([...options, { value: '', label: { en: '', ar: '' } }])}
          >
            {t('reviewFormEditor.question.addOption')}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}

/**
 * One question of the form being edited: its key, label and help in English and Arabic, kind (fixed for a built-in
 * question), whether it is required (always for the overall score and the confidence), who reads it (with a
 * sentence saying who that is), its range and value labels or its options; moved up and down, and removed (not a
 * question the form must keep; asked first when reviews hold answers).
 */
export const QuestionCard = memo(function QuestionCard({
  question,
  index,
  count,
  answeredReviews,
  problems = NO_PROBLEMS,
  onChange: changeById,
  onMove: moveById,
  onRemove: removeById,
}: QuestionCardProps) {
  const onChange = (change: Partial<DraftQuestion>) => changeById(question.id, change);
  const onMove = (delta: -1 | 1) => moveById(question.id, delta);
  const onRemove = () => removeById(question.id);
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = languageOf(i18n.language);
  const [confirming, setConfirming] = useState(false);
  const name = textIn(question.label, language).trim() || t('reviewFormEditor.question.untitled');
  const headingId = `question-${question.id}-heading`;
  const fixedVisibility = question.builtin && question.key === 'confidential_remarks_for_pc';
  // A question the form must keep (built in, or the meta-review form's recommendation the bulk decision reads) keeps
  // its key, kind and options: the server takes them from the default form whatever is sent.
  const fixedShape = question.builtin || !question.removable;
  const other = Object.entries(problems).filter(
    ([field]) => !['key', 'label.en', 'label.ar', 'help.en', 'help.ar', 'options', 'min'].includes(field),
  );
  const remove = () => {
    if (answeredReviews > 0 && !confirming) setConfirming(true);
    else onRemove();
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="question-card"
      data-key={question.key}
      data-invalid={Object.keys(problems).length > 0 ? 'true' : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Title order={2} fz="md" id={headingId}>
              {t('reviewFormEditor.question.heading', { n: index + 1 })}: <bdi dir="auto">{name}</bdi>
            </Title>
            {question.builtin ? (
              <Badge variant="light" size="sm">
                {t('reviewFormEditor.question.builtin')}
              </Badge>
            ) : null}
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              disabled={index === 0}
              aria-label={t('reviewFormEditor.question.moveUp', { label: name })}
              onClick={() => onMove(-1)}
            >
              <ArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              disabled={index === count - 1}
              aria-label={t('reviewFormEditor.question.moveDown', { label: name })}
              onClick={() => onMove(1)}
            >
              <ArrowDown size={16} />
            </ActionIcon>
            {question.removable ? (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('reviewFormEditor.question.remove', { label: name })}
                onClick={remove}
              >
                <Trash2 size={16} />
              </ActionIcon>
            ) : null}
          </Group>
        </Group>
        {confirming ? (
          <Alert color="orange" radius="md" data-testid="question-remove-confirm">
            <Stack gap="xs">
              <Text size="sm">
                {t('reviewFormEditor.question.removeConfirm', {
                  count: answeredReviews,
                  formatted: new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language).format(answeredReviews),
                })}
              </Text>
              <Group gap="xs">
                <Button size="xs" color="red" onClick={onRemove}>
                  {t('reviewFormEditor.question.confirmRemove')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  {t('reviewFormEditor.question.cancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {other.map(([field, message]) => (
          <Text key={field} size="sm" c="red" role="alert">
            {text(message)}
          </Text>
        ))}
        <TextInput
          label={t('reviewFormEditor.question.key')}
          description={t('reviewFormEditor.question.keyHelp')}
          value={question.key}
          readOnly={fixedShape}
          dir="ltr"
          error={problems.key ? text(problems.key) : undefined}
          onChange={(event) => onChange({ key: event.currentTarget.value.trim() })}
          data-testid="question-key"
        />
        <BilingualInputs
          value={question.label}
          onChange={(label) => onChange({ label })}
          labels={{ en: t('reviewFormEditor.question.labelEn'), ar: t('reviewFormEditor.question.labelAr') }}
          error={{
            en: problems['label.en'] ? text(problems['label.en']) : undefined,
            ar: problems['label.ar'] ? text(problems['label.ar']) : undefined,
          }}
          testId="question-label"
        />
        <BilingualInputs
          value={question.help}
          onChange={(help) => onChange({ help })}
          labels={{ en: t('reviewFormEditor.question.helpEn'), ar: t('reviewFormEditor.question.helpAr') }}
          error={{
            en: problems['help.en'] ? text(problems['help.en']) : undefined,
            ar: problems['help.ar'] ? text(problems['help.ar']) : undefined,
          }}
          multiline
          testId="question-help"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('reviewFormEditor.question.kind')}
            description={
              question.builtin
                ? t('reviewFormEditor.question.kindFixed')
                : fixedShape
                  ? t('reviewFormEditor.question.shapeFixed')
                  : undefined
            }
            data={REVIEW_QUESTION_KINDS.map((kind) => ({ value: kind, label: t(`reviewFormEditor.kinds.${kind}`) }))}
            value={question.kind}
            disabled={fixedShape}
            allowDeselect={false}
            onChange={(kind) => {
              if (kind) onChange(withKind(question, kind as ReviewQuestionKind));
            }}
          />
          <Select
            label={t('reviewFormEditor.question.visibility')}
            description={t(`reviewFormEditor.who.${question.visibility}`)}
            data={REVIEW_QUESTION_VISIBILITIES.map((visibility) => ({
              value: visibility,
              label: t(`reviewFormEditor.visibilities.${visibility}`),
            }))}
            value={question.visibility}
            disabled={fixedVisibility}
            allowDeselect={false}
            onChange={(visibility) => {
              if (visibility) onChange({ visibility: visibility as ReviewQuestionVisibility });
            }}
          />
        </SimpleGrid>
        <Switch
          label={t('reviewFormEditor.question.required')}
          description={question.removable ? undefined : t('reviewFormEditor.question.requiredFixed')}
          checked={question.removable ? question.required : true}
          disabled={!question.removable}
          onChange={(event) => onChange({ required: event.currentTarget.checked })}
        />
        {question.kind === 'score' ? (
          <ScoreFields question={question} onChange={onChange} rangeError={problems.min && text(problems.min)} />
        ) : null}
        {question.kind === 'choice' ? (
          <ChoiceFields
            question={question}
            onChange={onChange}
            optionsError={problems.options && text(problems.options)}
            fixed={fixedShape}
          />
        ) : null}
      </Stack>
    </Paper>
  );
});
