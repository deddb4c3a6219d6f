import type { SubmissionDto } from '@confero/contracts';
import { Alert, Anchor, Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { USER_CHOICE_CLASS_NAMES, USER_DIR, UserInline, UserText } from '../../../components/data/UserText.tsx';
import { FormSkeleton } from '../../../components/feedback/FormSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { reviewFormQuery } from '../../review-forms/api.ts';
import { submissionDetailQuery, submissionKeys } from '../../submissions/api.ts';
import { myReviewsQuery, reviewDetailQuery, reviewKeys } from '../api.ts';
import { formFromReview } from '../forms/review-form.ts';
import { assignmentLabel, findOwnReview, languageOf, reviewErrorText } from '../review-display.ts';
import { ReviewClosedNotice } from './ReviewClosedNotice.tsx';
import { ReviewEditor } from './ReviewEditor.tsx';

/** Without a submission: the caller's own assignments to choose from. */
function AssignmentPicker() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(myReviewsQuery());
  if (query.isPending) return <FormSkeleton />;
  if (query.isError) {
    return (
      <LoadFailure
        message={t('reviews.create.loadError')}
        detail={reviewErrorText(query.error, languageOf(i18n.language), '')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const assignments = query.data;
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack gap="md">
        <Title order={3}>{t('reviews.create.pickerTitle')}</Title>
        {assignments.length === 0 ? (
          <Text c="dimmed" data-testid="no-submissions">
            {t('reviews.create.noSubmissions')}
          </Text>
        ) : (
          <Select
            label={t('reviews.create.pickerLabel')}
            placeholder={t('reviews.create.pickerPlaceholder')}
            searchable
            data={assignments.map((review) => ({ value: review.submission.public_id, label: assignmentLabel(review) }))}
            classNames={USER_CHOICE_CLASS_NAMES}
            onChange={(value) => {
              if (value) navigate(`/reviews/create?submissionId=${encodeURIComponent(value)}`);
            }}
            data-testid="submission-picker"
          />
        )}
        <Anchor component={Link} to="/submissions" size="sm" w="fit-content">
          {t('reviews.create.browseAll')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** What the reviewer reads before writing: title, authors (unless hidden), abstract, event. */
function SubmissionSummary({ submission }: { submission: SubmissionDto }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="review-submission">
      <Stack gap="sm">
        <Title order={2} {...USER_DIR}>
          {submission.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reviews.create.event')}: <UserInline>{submission.event_title}</UserInline>
        </Text>
        <Text size="sm" fw={500}>
          {t('reviews.create.authors')}
        </Text>
        {submission.authors_hidden ? (
          <Text size="sm" c="dimmed">
            {t('reviews.create.authorsHidden')}
          </Text>
        ) : (
          <Group gap="xs">
            {submission.authors.map((author) => (
              <Badge
                key={`${author.order}-${author.email}`}
                variant={author.is_corresponding ? 'filled' : 'light'}
                title={author.is_corresponding ? t('reviews.create.corresponding') : undefined}
              >
                <UserInline>{`${author.author.first_name} ${author.author.last_name}`.trim()}</UserInline>
                {author.is_corresponding ? ' *' : ''}
              </Badge>
            ))}
          </Group>
        )}
        {!submission.authors_hidden && submission.authors.some((author) => author.is_corresponding) ? (
          <Text size="xs" c="dimmed">
            * {t('reviews.create.corresponding')}
          </Text>
        ) : null}
        <Text size="sm" fw={500}>
          {t('reviews.create.abstract')}
        </Text>
        <UserText size="sm" multiline>
          {submission.abstract}
        </UserText>
      </Stack>
    </Paper>
  );
}

/** With a submission: its summary and the review form, prefilled from the caller's saved review. */
function ReviewForSubmission({ submissionId }: { submissionId: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const submission = useQuery(submissionDetailQuery(submissionId));
  const mine = useQuery(myReviewsQuery());
  const own = mine.data ? findOwnReview(mine.data, submissionId) : undefined;
  const review = useQuery({ ...reviewDetailQuery(own?.public_id ?? ''), enabled: own !== undefined });
  const saved = own ? review.data : undefined;
  const editable = own ? own.abilities.edit : true;
  // The form the review is written against: its pinned version once it holds answers, else the current one.
  const formVersion = saved && saved.status !== 'assigned' ? saved.form_version : undefined;
  // A first save pins the review to a version: the form read so far stays on screen while that version is read, so
  // the editor (and what is being typed) is never replaced by a skeleton.
  const form = useQuery({
    ...reviewFormQuery(submission.data?.event_public_id ?? '', formVersion),
    placeholderData: keepPreviousData,
    enabled:
      editable && submission.data !== undefined && mine.data !== undefined && (!own || review.data !== undefined),
  });

  if (submission.isPending || mine.isPending || (own && review.isPending) || (editable && form.isPending)) {
    return <FormSkeleton />;
  }
  if (submission.isError) {
    const notFound = isApiError(submission.error) && submission.error.status === 404;
    return notFound ? (
      <Alert color="red" icon={<CircleAlert size={20} />} role="alert" radius="lg" data-testid="submission-not-found">
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {t('reviews.create.submissionNotFound')}
          </Text>
          <Anchor component={Link} to="/reviews/create" size="sm">
            {t('reviews.create.pickerTitle')}
          </Anchor>
        </Stack>
      </Alert>
    ) : (
      <LoadFailure
        message={t('reviews.create.submissionNotFound')}
        detail={reviewErrorText(submission.error, language, '')}
        onRetry={() => void submission.refetch()}
      />
    );
  }
  if (mine.isError || review.isError || (editable && form.isError)) {
    return (
      <LoadFailure
        message={t('reviews.create.loadError')}
        detail={reviewErrorText(mine.error ?? review.error ?? form.error, language, '')}
        onRetry={() => {
          void mine.refetch();
          if (own) void review.refetch();
          void form.refetch();
        }}
      />
    );
  }
  // After a stale save: read the review again, then rebuild the editor from it.
  const reload = () => {
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
      queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submissionId) }),
    ]).finally(() => setGeneration((value) => value + 1));
  };
  return (
    <Stack gap="lg">
      <SubmissionSummary submission={submission.data} />
      {editable ? (
        <ReviewEditor
          key={`${own?.public_id ?? 'new'}:${generation}`}
          submission={submission.data.public_id}
          reviewId={own?.public_id}
          version={saved?.version ?? own?.version}
          initial={formFromReview(saved?.structured_review, saved?.confidential_remarks_for_pc, saved?.answers)}
          questions={form.data?.questions}
          draftAllowed={(saved?.status ?? own?.status) !== 'completed'}
          deadline={own}
          onReload={reload}
          canUseAssistant={saved?.abilities.can_use_assistant ?? own?.abilities.can_use_assistant ?? false}
        />
      ) : own ? (
        <ReviewClosedNotice review={own} withLink />
      ) : null}
    </Stack>
  );
}

/** /reviews/create, with an optional submission. */
export function ReviewCreateScreen({ submissionId }: { submissionId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader
        title={t('reviews.create.title')}
        description={t('reviews.create.description')}
        back={{ to: '/reviews', label: t('reviews.create.backToReviews') }}
      />
      {submissionId ? <ReviewForSubmission submissionId={submissionId} /> : <AssignmentPicker />}
    </>
  );
}
