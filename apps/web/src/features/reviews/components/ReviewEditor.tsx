import type { ReviewAssistantDto, ReviewDto, ReviewQuestionDto } from '@confero/contracts';
import { DEFAULT_REVIEW_FORM, reviewMessage } from '@confero/contracts';
import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { CircleAlert, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldMessages, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { useReviewAssistantMutation, useSaveReviewMutation } from '../api.ts';
import {
  buildReviewPayload,
  type ReviewFormValues,
  type SaveMode,
  sameForm,
  submitProblem,
} from '../forms/review-form.ts';
import { createReviewSaver, StaleReviewBlocked } from '../forms/review-saver.ts';
import { isReviewDeadlineError, isStaleReviewError, languageOf, reviewErrorText, textIn } from '../review-display.ts';
import { ReviewAssistantPanel } from './ReviewAssistantPanel.tsx';
import { ReviewClosedNotice } from './ReviewClosedNotice.tsx';
import { ReviewFormSections } from './ReviewFormSections.tsx';
import { StaleNotice } from './StaleNotice.tsx';

/** How long typing must pause before a draft is saved by itself. */
export const AUTOSAVE_DELAY_MS = 2_000;

type ReviewEditorProps = {
  /** The submission's public id (the payload's `submission`). */
  submission: string;
  /** The caller's review of it, when the assignment made one (saved with PATCH and its version). */
  reviewId?: string;
  version?: number;
  initial: ReviewFormValues;
  /** Whether a draft may still be saved (a submitted review cannot go back to draft). */
  draftAllowed: boolean;
  /** The review deadline and its zone, named when a save is refused because it passed. */
  deadline?: { review_deadline: string; timezone: string };
  /** Reads the review again after a stale save (the editor is then rebuilt from the answer). */
  onReload: () => void;
  /** The questions of the review's form, in its order (the default form when not given). */
  questions?: readonly ReviewQuestionDto[];
  /** The review's `abilities.can_use_assistant`: the "Ask the assistant" button is shown (a saved review only). */
  canUseAssistant?: boolean;
};

/** Moves the focus to the first input of a question of the editor (the assistant's "go to question"). */
function focusQuestion(root: ParentNode, key: string): boolean {
  const container = Array.from(root.querySelectorAll('[data-question-key]')).find(
    (element) => element.getAttribute('data-question-key') === key,
  );
  const input = container?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, [tabindex="0"], button');
  if (!input) return false;
  input.scrollIntoView?.({ block: 'center' });
  input.focus();
  return true;
}

/** A field the server reports a question's answer on: `answers.<key>`, `criteria.<id>`, the confidential remarks. */
const ANSWER_FIELD = /^(?:answers|criteria)\.(.+)$|^(confidential_remarks_for_pc)$/;

/** The server's problems with answers to the form's questions, by question key. */
function useAnswerErrors() {
  const { text } = useMessageText();
  return (error: unknown): Record<string, string> =>
    Object.fromEntries(
      fieldMessages(error).flatMap((line) => {
        const match = ANSWER_FIELD.exec(line.field);
        const key = match?.[1] ?? match?.[2];
        return key ? [[key, text(line.message)]] : [];
      }),
    );
}

type AutosaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The review form with its saves: draft, submit, and the draft saved while typing. */
export function ReviewEditor({
  submission,
  reviewId,
  version,
  initial,
  draftAllowed,
  deadline,
  onReload,
  questions = DEFAULT_REVIEW_FORM,
  canUseAssistant = false,
}: ReviewEditorProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const navigate = useNavigate();
  const mutation = useSaveReviewMutation();
  const [form, setForm] = useState<ReviewFormValues>(initial);
  const [busy, setBusy] = useState<SaveMode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A problem at a question, by its key (the submit check's, or the server's on the question's answer).
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const answerErrorsOf = useAnswerErrors();
  const [stale, setStale] = useState(false);
  // The server refused a save because the review deadline passed: nothing more can be saved.
  const [closed, setClosed] = useState(false);
  const [autosave, setAutosave] = useState<AutosaveState>('idle');
  const lastSaved = useRef<ReviewFormValues>(initial);
  const reviewIdRef = useRef(reviewId);
  // One saver for the editor's life: it follows the versions its own saves answer (the page rebuilds the editor
  // after a reload).
  const [saver] = useState(() => createReviewSaver<ReviewDto>(version, () => setStale(true)));
  const { mutateAsync } = mutation;
  const assistant = useReviewAssistantMutation();
  const [suggestions, setSuggestions] = useState<ReviewAssistantDto | null>(null);
  const formArea = useRef<HTMLDivElement>(null);

  // The draft as the editor holds it, saved or not; the answer is kept on screen only.
  const askAssistant = () => {
    const id = reviewIdRef.current;
    if (!id) return;
    assistant.mutate(
      {
        reviewId: id,
        payload: buildReviewPayload(form, { submission, status: 'in_progress', questions }),
        language,
      },
      { onSuccess: setSuggestions },
    );
  };

  const send = useCallback(
    (values: ReviewFormValues, status: SaveMode) =>
      saver
        .save(async (current) => {
          const review = await mutateAsync({
            reviewId: reviewIdRef.current,
            payload: buildReviewPayload(values, { submission, status, version: current, questions }),
          });
          reviewIdRef.current = review.public_id;
          lastSaved.current = values;
          return review;
        })
        .catch((error: unknown) => {
          if (isReviewDeadlineError(error)) setClosed(true);
          throw error;
        }),
    [saver, mutateAsync, submission, questions],
  );

  // Autosave: a draft is saved once typing pauses, only when something changed and nothing else is being sent.
  useEffect(() => {
    if (!draftAllowed || stale || closed || busy || sameForm(form, lastSaved.current)) return;
    const timer = window.setTimeout(() => {
      setAutosave('saving');
      send(form, 'in_progress').then(
        () => setAutosave('saved'),
        () => setAutosave('failed'),
      );
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [form, draftAllowed, stale, closed, busy, send]);

  const save = async (status: SaveMode) => {
    setProblem(null);
    setAnswerErrors({});
    if (status === 'completed') {
      const invalid = submitProblem(form, questions);
      if (invalid) {
        const params: Record<string, string> = invalid.question
          ? { label: textIn(invalid.question.label, language) }
          : {};
        const text = reviewMessage(invalid.message, params, language);
        setProblem(text);
        if (invalid.question) setAnswerErrors({ [invalid.question.key]: text });
        return;
      }
    }
    setBusy(status);
    try {
      await send(form, status);
      notify('success', reviewMessage(status === 'completed' ? 'reviews.submitted' : 'reviews.saved', {}, language));
      navigate('/reviews');
    } catch (error) {
      if (!(error instanceof StaleReviewBlocked) && !isStaleReviewError(error) && !isReviewDeadlineError(error)) {
        setProblem(reviewErrorText(error, language, t('reviews.create.serverError')));
        setAnswerErrors(answerErrorsOf(error));
      }
    } finally {
      setBusy(null);
    }
  };

  const locked = stale || closed;
  return (
    <Stack gap="lg">
      {closed ? (
        <ReviewClosedNotice
          review={{
            status: draftAllowed ? 'in_progress' : 'completed',
            review_deadline: deadline?.review_deadline,
            timezone: deadline?.timezone,
          }}
          reason={draftAllowed ? 'deadline' : 'submitted'}
        />
      ) : null}
      {stale ? (
        <StaleNotice
          text={reviewMessage('reviews.stale', {}, language)}
          reloadLabel={t('reviews.create.reload')}
          onReload={onReload}
          testId="review-stale"
        />
      ) : null}
      {problem ? (
        <Alert color="red" icon={<CircleAlert size={20} />} role="alert" radius="lg" data-testid="review-error">
          {problem}
        </Alert>
      ) : null}
      {assistant.isError ? (
        <Alert
          color="red"
          icon={<CircleAlert size={20} />}
          role="alert"
          radius="lg"
          data-testid="review-assistant-error"
        >
          {reviewErrorText(assistant.error, language, t('reviews.assistant.failed'))}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: suggestions ? 8 : 12 }} ref={formArea}>
          <ReviewFormSections
            value={form}
            onChange={setForm}
            disabled={locked}
            questions={questions}
            errors={answerErrors}
          />
        </Grid.Col>
        {suggestions ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ReviewAssistantPanel
              result={suggestions}
              onGoTo={(key) => {
                if (formArea.current) focusQuestion(formArea.current, key);
              }}
            />
          </Grid.Col>
        ) : null}
      </Grid>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c={autosave === 'failed' ? 'red' : 'dimmed'} aria-live="polite" data-testid="autosave-status">
          {autosave === 'saving'
            ? t('reviews.create.autosaving')
            : autosave === 'saved'
              ? t('reviews.create.autosaved')
              : autosave === 'failed' && !locked
                ? t('reviews.create.autosaveFailed')
                : ''}
        </Text>
        <Group gap="sm">
          {canUseAssistant && reviewIdRef.current && !locked ? (
            <Button
              variant="light"
              leftSection={<Sparkles size={16} aria-hidden />}
              loading={assistant.isPending}
              onClick={askAssistant}
              data-testid="ask-assistant"
            >
              {assistant.isPending ? t('reviews.assistant.asking') : t('reviews.assistant.ask')}
            </Button>
          ) : null}
          {draftAllowed ? (
            <Button
              variant="default"
              disabled={locked || busy !== null}
              loading={busy === 'in_progress'}
              onClick={() => void save('in_progress')}
            >
              {t('reviews.create.saveDraft')}
            </Button>
          ) : null}
          <Button disabled={locked || busy !== null} onClick={() => void save('completed')}>
            {busy === 'completed' ? t('reviews.create.submitting') : t('reviews.create.submit')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
