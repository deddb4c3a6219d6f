import type { DiscussionDto } from '@confero/contracts';
import { Badge, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { isApiError } from '../../../lib/api.ts';
import { discussionQuery, useFlagMutation } from '../api.ts';
import { DiscussionComment } from './DiscussionComment.tsx';
import { DiscussionComposer } from './DiscussionComposer.tsx';

/** The chairs' "Flag for discussion" switch. */
function FlagSwitch({ submissionId, flagged }: { submissionId: string; flagged: boolean }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const flag = useFlagMutation();
  return (
    <Switch
      label={t('discussion.flag')}
      checked={flagged}
      disabled={flag.isPending}
      onChange={(event) => {
        const value = event.currentTarget.checked;
        flag.mutate(
          { submissionIds: [submissionId], value },
          {
            onSuccess: () => notify('success', t(value ? 'discussion.flagOn' : 'discussion.flagOff')),
            onError: (error) => notify('error', text(errorMessageOr(error, 'discussion.actionFailed'))),
          },
        );
      }}
      data-testid="discussion-flag"
    />
  );
}

function Thread({ submissionId, data }: { submissionId: string; data: DiscussionDto }) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  // Opened from a mention mail or the dashboard (`#discussion`): the thread is brought into view once loaded.
  useEffect(() => {
    if (hash === '#discussion') document.getElementById('discussion')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <div id="discussion">
      <DetailCard
        title={t('discussion.title')}
        icon={MessagesSquare}
        data-testid="discussion-panel"
        actions={
          data.abilities.flag ? (
            <FlagSwitch submissionId={submissionId} flagged={data.needs_discussion} />
          ) : data.needs_discussion ? (
            <Badge color="orange" variant="light" data-testid="discussion-flagged">
              {t('discussion.needsDiscussion')}
            </Badge>
          ) : null
        }
      >
        <Text size="sm" c="dimmed">
          {t('discussion.confidential')}
        </Text>
        {data.comments.length === 0 ? (
          <Text size="sm" data-testid="discussion-empty">
            {t('discussion.empty')}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="discussion-comments">
            {data.comments.map((comment) => (
              <DiscussionComment key={comment.id} comment={comment} />
            ))}
          </Stack>
        )}
        {data.abilities.comment ? (
          <DiscussionComposer submissionId={submissionId} mentionable={data.mentionable} />
        ) : null}
      </DetailCard>
    </div>
  );
}

/**
 * The committee's discussion of a paper on its page (`GET submissions/{id}/discussion/`), for those who may read it:
 * nothing for anyone the thread is hidden from (404), a notice for an assigned reviewer before their own review
 * (403 DISCUSSION_AFTER_OWN_REVIEW), else the comments, the composer and — for the chairs — the flag.
 */
export function DiscussionPanel({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const query = useQuery(discussionQuery(submissionId));
  if (query.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg" aria-busy="true" data-testid="discussion-loading">
        <Stack gap="sm">
          <Skeleton height={18} width={160} />
          <Skeleton height={60} />
        </Stack>
      </Paper>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && error.code === 'DISCUSSION_AFTER_OWN_REVIEW') {
      return (
        <DetailCard title={t('discussion.title')} icon={MessagesSquare} data-testid="discussion-after-review">
          <Text size="sm">{t('discussion.opensAfterReview')}</Text>
        </DetailCard>
      );
    }
    if (isApiError(error) && (error.status === 404 || error.status === 403)) return null;
    return (
      <LoadFailure
        message={t('discussion.loadFailed')}
        detail={text(errorMessageOr(error, 'discussion.loadFailed'))}
        onRetry={() => void query.refetch()}
        testId="discussion-load-failure"
      />
    );
  }
  return <Thread submissionId={submissionId} data={query.data} />;
}
