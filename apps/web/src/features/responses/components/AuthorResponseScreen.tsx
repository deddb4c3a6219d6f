import type { AuthorResponseDto } from '@confero/contracts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareReply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { UserInline, UserText } from '../../../components/data/UserText.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { authorResponseQuery } from '../api.ts';
import { phaseState } from '../response-display.ts';
import { ReleasedReviewCard } from './ReleasedReviewCard.tsx';
import { ResponseEditor } from './ResponseEditor.tsx';
import { WindowTimes } from './WindowTimes.tsx';

const STATE_COLORS = { open: 'green', upcoming: 'blue', closed: 'gray', off: 'gray' } as const;

/** The window: whether it is open, its times in the event's zone and the viewer's, and the word limit. */
function PhaseCard({ data }: { data: AuthorResponseDto }) {
  const { t, i18n } = useTranslation();
  const state = phaseState(data.phase);
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  return (
    <DetailCard
      title={t('responses.window.title')}
      icon={MessageSquareReply}
      data-testid="response-window"
      actions={
        <Badge color={STATE_COLORS[state]} variant="light" data-testid="response-window-state">
          {t(`responses.window.state.${state}`)}
        </Badge>
      }
    >
      <Stack gap="sm">
        <WindowTimes phase={data.phase} timezone={data.event.timezone} />
        <Text size="sm" c="dimmed">
          {t('responses.window.limit', { limit: number.format(data.phase.word_limit) })}
        </Text>
      </Stack>
    </DetailCard>
  );
}

/** The response as written, read-only (the window is closed, or the paper decided). */
function ReadOnlyResponse({ response }: { response: NonNullable<AuthorResponseDto['response']> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="response-read-only">
      <Group gap="xs">
        <Badge variant="light" color={response.status === 'submitted' ? 'green' : 'yellow'}>
          {t(`responses.status.${response.status}`)}
        </Badge>
      </Group>
      <UserText size="sm" multiline>
        {response.body}
      </UserText>
    </Stack>
  );
}

function ResponseContent({ data }: { data: AuthorResponseDto }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PhaseCard data={data} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="response-reviews">
        <Title order={2} fz="md" mb="md">
          {t('responses.reviews.title')}
        </Title>
        {data.reviews.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="response-no-reviews">
            {t('responses.reviews.none')}
          </Text>
        ) : (
          <Stack gap="md">
            {data.reviews.map((review) => (
              <ReleasedReviewCard key={review.ordinal} review={review} />
            ))}
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="response-section">
        <Title order={2} fz="md" mb="md">
          {t('responses.editor.title')}
        </Title>
        {data.abilities.edit ? (
          <ResponseEditor data={data} />
        ) : data.response ? (
          <ReadOnlyResponse response={data.response} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="response-none">
            {t('responses.editor.none')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

/**
 * The authors' response to the reviews of their paper (`/events/:eventId/submissions/:submissionId/response`): the
 * window, the reviews released to them, and the editor while the window is open (read-only afterwards).
 */
export function AuthorResponseScreen({ submissionId, eventId }: { submissionId: string; eventId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const query = useQuery(authorResponseQuery(submissionId));
  const back = {
    to: `/events/${encodeURIComponent(eventId)}/submissions/${encodeURIComponent(submissionId)}`,
    label: t('responses.screen.back'),
  };
  return (
    <>
      <ScreenHeader
        title={t('responses.screen.title')}
        description={query.data ? <UserInline>{query.data.submission.title}</UserInline> : undefined}
        back={back}
      />
      <QueryView
        query={query}
        failure={t('responses.screen.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'responses.screen.loadFailed'))}
        failureTestId="response-load-failure"
        back={back}
      >
        {(data) => <ResponseContent data={data} />}
      </QueryView>
    </>
  );
}
