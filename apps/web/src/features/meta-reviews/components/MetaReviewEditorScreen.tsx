import { firstUnanswered, type MetaReviewDto } from '@confero/contracts';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { errorMessageOr, fieldMessages, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { QuestionInput } from '../../reviews/components/ReviewFormSections.tsx';
import { languageOf, textIn } from '../../reviews/review-display.ts';
import { metaReviewQuery, useSaveMetaReviewMutation } from '../api.ts';
import { answersToSend, type EditorAnswer, editorAnswers } from '../meta-review-display.ts';
import { MetaReviewAnswers } from './MetaReviewAnswers.tsx';

/** The area chair's form: each question of the meta-review's form with the review screen's inputs. */
function Editor({ submissionId, metaReview }: { submissionId: string; metaReview: MetaReviewDto }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = languageOf(i18n.language);
  const save = useSaveMetaReviewMutation(submissionId);
  const [values, setValues] = useState<Record<string, EditorAnswer>>(() => editorAnswers(metaReview));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const completed = metaReview.status === 'completed';

  const send = (status: 'in_progress' | 'completed') => {
    const answers = answersToSend(metaReview.questions, values);
    const missing = status === 'completed' ? firstUnanswered(metaReview.questions, answers) : undefined;
    if (missing) {
      setErrors({ [missing.key]: t('metaReviews.editor.required', { label: textIn(missing.label, language) }) });
      return;
    }
    setErrors({});
    save.mutate(
      { answers, status, version: metaReview.version },
      {
        onSuccess: () =>
          notify('success', t(status === 'completed' ? 'metaReviews.editor.submitted' : 'metaReviews.editor.saved')),
        onError: (error) => {
          if (isApiError(error) && error.code === 'STALE_META_REVIEW') setStale(true);
          const byField = Object.fromEntries(
            fieldMessages(error).map((problem) => [problem.field.replace(/^answers\./, ''), text(problem.message)]),
          );
          setErrors(byField);
          if (Object.keys(byField).length === 0)
            notify('error', text(errorMessageOr(error, 'metaReviews.editor.failed')));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {stale ? (
        <Alert color="orange" data-testid="meta-review-stale">
          {t('metaReviews.editor.stale')}
        </Alert>
      ) : null}
      {metaReview.questions.map((question) => (
        <QuestionInput
          key={question.key}
          question={question}
          value={values[question.key] ?? (question.kind === 'list' ? [] : '')}
          disabled={save.isPending}
          error={errors[question.key]}
          onChange={(next) => {
            setValues((current) => ({ ...current, [question.key]: next }));
            // The question's problem was about the answer it had: an answer changed clears it.
            setErrors(({ [question.key]: _answered, ...others }) => others);
          }}
        />
      ))}
      <Group justify="flex-end" gap="sm">
        {completed ? null : (
          <Button variant="default" loading={save.isPending} onClick={() => send('in_progress')}>
            {t('metaReviews.editor.saveDraft')}
          </Button>
        )}
        <Button loading={save.isPending} onClick={() => send('completed')} data-testid="meta-review-submit">
          {completed ? t('metaReviews.editor.update') : t('metaReviews.editor.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The area chair's meta-review of a paper (`/events/:eventId/submissions/:submissionId/meta-review`,
 * `docs/domain.md#meta-review`): the event's meta-review form to fill, saved as a draft or submitted; once the paper is
 * decided (or for a reader who does not write it) the meta-review read-only.
 */
export function MetaReviewEditorScreen({ submissionId, eventId }: { submissionId: string; eventId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const query = useQuery(metaReviewQuery(submissionId));
  const back = {
    to: `/events/${encodeURIComponent(eventId)}/submissions/${encodeURIComponent(submissionId)}`,
    label: t('metaReviews.editor.back'),
  };
  return (
    <>
      <ScreenHeader title={t('metaReviews.title')} description={t('metaReviews.editor.intro')} back={back} />
      <QueryView
        query={query}
        failure={t('metaReviews.editor.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'metaReviews.editor.loadFailed'))}
        failureTestId="meta-review-load-failure"
        back={back}
      >
        {(metaReview) => (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="meta-review-editor">
            {metaReview.abilities.edit ? (
              <Editor key={metaReview.version} submissionId={submissionId} metaReview={metaReview} />
            ) : metaReview.status === null ? (
              <Text size="sm" c="dimmed">
                {t('metaReviews.none')}
              </Text>
            ) : (
              <MetaReviewAnswers metaReview={metaReview} />
            )}
          </Paper>
        )}
      </QueryView>
    </>
  );
}
