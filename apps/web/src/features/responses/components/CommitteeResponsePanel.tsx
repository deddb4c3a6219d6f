import type { CommitteeResponsesDto } from '@confero/contracts';
import { Accordion, Badge, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareReply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { UserText } from '../../../components/data/UserText.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { isApiError } from '../../../lib/api.ts';
import { committeeResponsesQuery } from '../api.ts';
import { phaseState } from '../response-display.ts';
import { ReviewChanges } from './ReviewChanges.tsx';
import { WindowTimes } from './WindowTimes.tsx';

function Responses({ data }: { data: CommitteeResponsesDto }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(language);
  const [response] = data.responses;
  const state = phaseState(data.phase);
  return (
    <DetailCard
      title={t('responses.committee.title')}
      icon={MessageSquareReply}
      data-testid="committee-response-panel"
      actions={
        <Badge variant="light" color={state === 'open' ? 'green' : 'gray'}>
          {t(`responses.window.state.${state}`)}
        </Badge>
      }
    >
      <Stack gap="md">
        <WindowTimes phase={data.phase} timezone={data.event.timezone} />
        {response ? (
          <Stack gap={4} data-testid="committee-response">
            <Text size="xs" c="dimmed">
              {t('responses.committee.submittedAt', {
                date: dateTime.format(new Date(response.submitted_at)),
                count: number.format(response.word_count),
              })}
            </Text>
            <UserText size="sm" multiline data-testid="committee-response-body">
              {response.body}
            </UserText>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="committee-response-none">
            {t('responses.committee.none')}
          </Text>
        )}
        {data.updated_reviews.length > 0 ? (
          <Stack gap="xs" data-testid="updated-reviews">
            <Text size="sm" fw={600}>
              {t('responses.committee.updatedTitle')}
            </Text>
            <Accordion variant="separated" chevronPosition="left">
              {data.updated_reviews.map((review) => (
                <Accordion.Item key={review.review_id} value={review.review_id}>
                  <Accordion.Control data-testid={`updated-review-${review.ordinal}`}>
                    {t('responses.committee.updatedReview', {
                      n: review.ordinal,
                      date: dateTime.format(new Date(review.updated_at)),
                    })}
                  </Accordion.Control>
                  <Accordion.Panel>
                    <ReviewChanges reviewId={review.review_id} eventId={data.event.public_id} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        ) : null}
      </Stack>
    </DetailCard>
  );
}

/**
 * The authors' response beside the reviews, for the paper's committee (`GET submissions/{id}/responses/`): the
 * window, the submitted response (a draft stays the authors'), and the reviews updated after it with their changes.
 * Nothing for those the API refuses (authors, reviewers before their review, conflicted members), nor for an event
 * without the phase and a paper without a response.
 */
export function CommitteeResponsePanel({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const query = useQuery(committeeResponsesQuery(submissionId));
  if (query.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg" aria-busy="true" data-testid="committee-response-loading">
        <Skeleton height={18} width={180} />
      </Paper>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 403 || query.error.status === 404)) return null;
    return (
      <LoadFailure
        message={t('responses.committee.loadFailed')}
        detail={text(errorMessageOr(query.error, 'responses.committee.loadFailed'))}
        onRetry={() => void query.refetch()}
        testId="committee-response-failure"
      />
    );
  }
  if (!query.data.phase.enabled && query.data.responses.length === 0) return null;
  return <Responses data={query.data} />;
}
