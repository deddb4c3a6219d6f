import type { MyReviewDto } from '@confero/contracts';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/data/format.ts';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { PapersToDiscuss } from '../../discussion/components/PapersToDiscuss.tsx';
import { myReviewsQuery } from '../api.ts';
import { languageOf, reviewCounters, reviewErrorText, scoreLabel } from '../review-display.ts';
import { RecommendationBadge, ReviewStatusBadge } from './ReviewBadges.tsx';

function Counter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** /reviews 'Your reviews'. */
export function ReviewsDashboard() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const query = useQuery(myReviewsQuery());
  const create = (
    <Button component={Link} to="/reviews/create" leftSection={<Plus size={16} />}>
      {t('reviews.list.createReview')}
    </Button>
  );
  const body = (
    <QueryView
      query={query}
      failure={t('reviews.list.loadError')}
      failureDetail={(error) => reviewErrorText(error, language, '')}
    >
      {(reviews) => <ReviewList reviews={reviews} />}
    </QueryView>
  );
  return (
    <>
      <ScreenHeader title={t('reviews.list.title')} description={t('reviews.list.description')} actions={create} />
      <PapersToDiscuss />
      {body}
    </>
  );
}

/** The counters and one card per review assigned to the caller. */
function ReviewList({ reviews }: { reviews: MyReviewDto[] }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const counters = reviewCounters(reviews);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Counter label={t('reviews.list.total')} value={counters.total} testId="count-total" />
        <Counter label={t('reviews.list.assigned')} value={counters.assigned} testId="count-assigned" />
        <Counter label={t('reviews.list.inProgress')} value={counters.inProgress} testId="count-in-progress" />
        <Counter label={t('reviews.list.completed')} value={counters.completed} testId="count-completed" />
      </SimpleGrid>
      {reviews.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="reviews-empty">
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed">{t('reviews.list.empty')}</Text>
            <Button component={Link} to="/events" variant="light">
              {t('reviews.list.explore')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="reviews-list">
          {reviews.map((review) => {
            const score = scoreLabel(review.overall_score, language);
            return (
              <Paper key={review.public_id} withBorder radius="lg" p="md">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap">
                    <Anchor
                      component={Link}
                      to={`/reviews/${encodeURIComponent(review.public_id)}`}
                      fw={600}
                      {...USER_DIR}
                    >
                      {review.submission.title}
                    </Anchor>
                    <Group gap="xs">
                      <ReviewStatusBadge status={review.status} />
                      <RecommendationBadge recommendation={review.recommendation} />
                    </Group>
                  </Group>
                  <UserText size="sm" c="dimmed">
                    {review.submission.event.title}
                  </UserText>
                  <Group gap="md">
                    <Text size="xs" c="dimmed">
                      {t('reviews.list.deadline', {
                        date: formatDate(review.review_deadline, i18n.language),
                        timezone: review.timezone,
                      })}
                    </Text>
                    {score ? (
                      <Text size="xs" c="dimmed">
                        {t('reviews.list.score', { score })}
                      </Text>
                    ) : null}
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
