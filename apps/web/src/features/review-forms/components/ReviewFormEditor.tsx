import type { ReviewFormDto, ReviewFormKind } from '@confero/contracts';
import { Alert, Button, Group, Menu, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, CircleAlert, Info, Plus, Save } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type Message, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { isApiError } from '../../../lib/api.ts';
import { ReviewFormSections } from '../../reviews/components/ReviewFormSections.tsx';
import { StaleNotice } from '../../reviews/components/StaleNotice.tsx';
import { EMPTY_REVIEW_FORM, type ReviewFormValues } from '../../reviews/forms/review-form.ts';
import { languageOf, textIn } from '../../reviews/review-display.ts';
import { reviewFormKeys, useSaveReviewFormMutation } from '../api.ts';
import {
  changeQuestion,
  type DraftQuestion,
  formBody,
  fromLibrary,
  keyProblems,
  libraryChoices,
  makesNewVersion,
  moveQuestion,
  newQuestion,
  placeProblems,
  toDraft,
} from '../form-editor.ts';
import { QuestionCard } from './QuestionCard.tsx';

/** Whether a save lost to another chair's save (409 STALE_REVIEW_FORM). */
const isStaleFormError = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.code === 'STALE_REVIEW_FORM';

/** The form's version, how many reviews answered it, and what a change does to the version. */
function VersionBanner({ form, newVersion }: { form: ReviewFormDto; newVersion: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Alert color="blue" variant="light" radius="lg" icon={<Info size={20} />} data-testid="review-form-banner">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('reviewFormEditor.banner.version', { version: form.version })}
          {form.is_default ? ` · ${t('reviewFormEditor.banner.default')}` : ''}
        </Text>
        <Text size="sm" data-testid="review-form-answered">
          {form.answered_reviews > 0
            ? t('reviewFormEditor.banner.answered', {
                count: form.answered_reviews,
                formatted: number.format(form.answered_reviews),
              })
            : t('reviewFormEditor.banner.noneAnswered', { version: form.version })}
        </Text>
        <Text size="sm">{t('reviewFormEditor.banner.rule', { next: form.version + 1 })}</Text>
        {form.abilities.edit ? null : (
          <Text size="sm" fw={600} data-testid="review-form-read-only">
            {t('reviewFormEditor.readOnly')}
          </Text>
        )}
        {newVersion ? (
          <Text size="sm" fw={600} c="orange" data-testid="review-form-new-version">
            {t('reviewFormEditor.banner.willMakeNew', { next: form.version + 1, current: form.version })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The form as a reviewer sees it, in the interface language; what is entered here is never saved. */
function FormPreview({ questions }: { questions: readonly DraftQuestion[] }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReviewFormValues>(EMPTY_REVIEW_FORM);
  return (
    <Stack gap="md" data-testid="review-form-preview">
      <Paper withBorder radius="lg" p="md">
        <Title order={2} fz="lg">
          {t('reviewFormEditor.preview.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reviewFormEditor.preview.note')}
        </Text>
      </Paper>
      <ReviewFormSections value={values} onChange={setValues} questions={questions} />
    </Stack>
  );
}

/**
 * The chair's editor of an event's review form: the questions in order, each a card (QuestionCard), new questions
 * and questions of the library added at the end, a banner saying what a save does to the version, the save (with
 * the version read: another chair's save in between answers 409 and asks for a reload), the server's problems at
 * their question and field, and a preview of the form as reviewers will see it.
 */
export function ReviewFormEditor({
  eventId,
  form,
  kind = 'review',
}: {
  eventId: string;
  form: ReviewFormDto;
  /** Which of the event's forms; the library of common questions is the review form's. */
  kind?: ReviewFormKind;
}) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = languageOf(i18n.language);
  const queryClient = useQueryClient();
  const mutation = useSaveReviewFormMutation(eventId, kind);
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => toDraft(form.questions));
  const [problems, setProblems] = useState<Record<string, Record<string, Message>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const savedBody = useMemo(() => JSON.stringify(formBody(toDraft(form.questions), form)), [form]);
  const dirty = JSON.stringify(formBody(questions, form)) !== savedBody;
  const newVersion = makesNewVersion(form.questions, questions, form.answered_reviews);

  const add = (question: DraftQuestion) => setQuestions((current) => [...current, question]);
  // Stable, so that a change re-renders only its own card.
  const changeOne = useCallback(
    (id: string, change: Partial<DraftQuestion>) => setQuestions((current) => changeQuestion(current, id, change)),
    [],
  );
  const moveOne = useCallback(
    (id: string, delta: -1 | 1) =>
      setQuestions((current) =>
        moveQuestion(
          current,
          current.findIndex((question) => question.id === id),
          delta,
        ),
      ),
    [],
  );
  const removeOne = useCallback(
    (id: string) => setQuestions((current) => current.filter((question) => question.id !== id)),
    [],
  );

  const save = async () => {
    setGeneral([]);
    const local = keyProblems(questions);
    setProblems(local);
    if (Object.keys(local).length > 0) {
      setGeneral([t('reviewFormEditor.fixProblems')]);
      return;
    }
    try {
      const saved = await mutation.mutateAsync(formBody(questions, form));
      notify(
        'success',
        saved.new_version
          ? t('reviewFormEditor.savedNew', { version: saved.version, previous: saved.previous_version })
          : t('reviewFormEditor.saved', { version: saved.version }),
      );
    } catch (error) {
      if (isStaleFormError(error)) {
        setStale(true);
        return;
      }
      const placed = placeProblems(error, questions);
      setProblems(placed.byQuestion);
      const lines = placed.general.map((line) => text(line.message));
      if (lines.length === 0 && Object.keys(placed.byQuestion).length === 0) {
        const message = errorMessage(error);
        lines.push(message ? text(message) : t('reviewFormEditor.saveFailed'));
      } else if (lines.length === 0) {
        lines.push(t('reviewFormEditor.fixProblems'));
      }
      setGeneral(lines);
    }
  };

  const reload = () => void queryClient.invalidateQueries({ queryKey: reviewFormKeys.event(eventId) });
  const library = libraryChoices(questions);

  return (
    <Stack gap="lg">
      <VersionBanner form={form} newVersion={newVersion} />
      {stale ? (
        <StaleNotice
          text={t('reviewFormEditor.stale')}
          reloadLabel={t('reviewFormEditor.reload')}
          onReload={reload}
          testId="review-form-stale"
        />
      ) : null}
      {general.length > 0 ? (
        <Alert color="red" icon={<CircleAlert size={20} />} role="alert" radius="lg" data-testid="review-form-error">
          <Stack gap={4}>
            {general.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value === 'preview' ? 'preview' : 'edit')}
          data={[
            { value: 'edit', label: t('reviewFormEditor.edit') },
            { value: 'preview', label: t('reviewFormEditor.previewMode') },
          ]}
        />
        <Button
          leftSection={<Save size={16} />}
          loading={mutation.isPending}
          disabled={!dirty || stale || !form.abilities.edit}
          onClick={() => void save()}
          data-testid="review-form-save"
        >
          {t('reviewFormEditor.save')}
        </Button>
      </Group>
      {mode === 'preview' ? (
        <FormPreview questions={questions} />
      ) : (
        <>
          {questions.map((question, index) => (
            <QuestionCard
              key={question.id}
              question={question}
              index={index}
              count={questions.length}
              answeredReviews={form.answered_reviews}
              problems={problems[question.id]}
              onChange={changeOne}
              onMove={moveOne}
              onRemove={removeOne}
            />
          ))}
          <Group gap="sm">
            <Button variant="light" leftSection={<Plus size={16} />} onClick={() => add(newQuestion())}>
              {t('reviewFormEditor.addQuestion')}
            </Button>
            {kind === 'review' ? (
              <Menu position="bottom-start" withinPortal={false}>
                <Menu.Target>
                  <Button variant="light" leftSection={<BookOpen size={16} />}>
                    {t('reviewFormEditor.addFromLibrary')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {library.map(({ entry, present }) => (
                    <Menu.Item
                      key={entry.key}
                      disabled={present}
                      onClick={() => add(fromLibrary(entry))}
                      rightSection={
                        present ? (
                          <Text size="xs" c="dimmed">
                            {t('reviewFormEditor.libraryPresent')}
                          </Text>
                        ) : null
                      }
                    >
                      {textIn(entry.label, language)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
}
