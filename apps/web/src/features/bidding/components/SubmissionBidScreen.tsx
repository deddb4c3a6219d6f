import type { SubmissionDto } from '@confero/contracts';
import { Alert, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CircleAlert, Download, Hand, Lock, RefreshCw, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { eventDetailQuery } from '../../events/api.ts';
import { reviewErrorText } from '../../reviews/review-display.ts';
import { submissionDetailQuery } from '../../submissions/api.ts';
import { MissingSubmissionId } from '../../submissions/components/MissingSubmissionId.tsx';
import {
  AuthorsCard,
  EventLinkLine,
  SubmissionDetailsCard,
} from '../../submissions/components/SubmissionDetailParts.tsx';
import { useSubmissionDownload } from '../../submissions/components/use-submission-download.ts';
import { formatSubmissionDate } from '../../submissions/submission-display.ts';
import { useSubmissionText } from '../../submissions/use-submission-text.ts';
import { bidQuery } from '../api.ts';
import {
  BID_COLORS,
  type BiddingNavState,
  bidLabel,
  isBiddingClosed,
  isPaperClosedError,
  type Language,
  neighbours,
  readBiddingNavState,
} from '../bid-display.ts';
import { BID_ICONS, BidControl } from './BidControl.tsx';

const biddingListHref = (eventRef: string) => `/events/${encodeURIComponent(eventRef)}/bids`;
const bidHref = (submissionRef: string) => `/submissions/${encodeURIComponent(submissionRef)}/bid`;

function BidScreenSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="bid-skeleton">
      <Skeleton height={14} width={160} radius="sm" />
      <Skeleton height={32} width="70%" radius="sm" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton height={18} width="30%" />
              <Skeleton height={14} />
              <Skeleton height={14} width="80%" />
              <Skeleton height={120} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Skeleton height={18} width="40%" />
              {[0, 1, 2, 3, 4].map((row) => (
                <Skeleton key={row} height={52} radius="md" />
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The bid card: the saved bid and when, the control, and the way to the previous and next paper of the list. */
function BidCard({
  submission,
  routeId,
  nav,
  language,
}: {
  submission: SubmissionDto;
  routeId: string;
  nav: BiddingNavState | null;
  language: Language;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const bid = useQuery(bidQuery(routeId));
  const eventRef = submission.event_public_id;
  const event = useQuery({ ...eventDetailQuery(eventRef), enabled: Boolean(eventRef) });
  const closed = event.data ? isBiddingClosed(event.data) : false;
  const around = nav ? neighbours(nav.ids, submission) : { previous: null, next: null };

  let body: ReactNode;
  if (bid.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  } else if (isPaperClosedError(bid.error)) {
    body = (
      <Alert
        color="gray"
        radius="md"
        icon={<Lock size={18} />}
        title={t('bidding.detail.paperClosedTitle')}
        data-testid="bid-paper-closed"
      >
        <Text size="sm">{reviewErrorText(bid.error, language, t('bidding.detail.paperClosedTitle'))}</Text>
      </Alert>
    );
  } else if (bid.isError) {
    const denied = isApiError(bid.error) && bid.error.status === 403;
    body = (
      <Alert
        color={denied ? 'gray' : 'red'}
        radius="md"
        icon={denied ? <UserX size={18} /> : <CircleAlert size={18} />}
        title={denied ? t('bidding.detail.cannotBidTitle') : t('bidding.detail.bidLoadError')}
        role="alert"
        data-testid={denied ? 'bid-not-allowed' : 'bid-load-error'}
      >
        <Stack gap="xs">
          <Text size="sm">{reviewErrorText(bid.error, language, t('bidding.detail.bidLoadError'))}</Text>
          {denied ? null : (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              w="fit-content"
              leftSection={<RefreshCw size={14} />}
              onClick={() => void bid.refetch()}
            >
              {t('common.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else {
    const saved = bid.data.conflict ? 'conflict' : bid.data.value;
    const SavedIcon = saved ? BID_ICONS[saved] : null;
    body = (
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap" data-testid="bid-current" data-value={saved ?? ''}>
          {saved && SavedIcon ? (
            <>
              <Text size="sm">{t('bidding.detail.current')}</Text>
              <Badge color={BID_COLORS[saved]} variant="light" leftSection={<SavedIcon size={12} />} tt="none">
                {bidLabel(saved, language)}
              </Badge>
              {bid.data.updated_at ? (
                <Text size="xs" c="dimmed">
                  {t('bidding.detail.savedAt', { date: formatSubmissionDate(bid.data.updated_at, locale) })}
                </Text>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('bidding.detail.noBid')}
            </Text>
          )}
        </Group>
        <BidControl
          submissionId={routeId}
          value={bid.data.value}
          conflict={bid.data.conflict}
          closed={closed}
          title={submission.title}
        />
      </Stack>
    );
  }

  return (
    <DetailCard title={t('bidding.detail.bidTitle')} icon={Hand} data-testid="bid-card">
      <Text size="sm" c="dimmed">
        {t('bidding.detail.intro')}
      </Text>
      {body}
      {around.previous || around.next ? (
        <Group justify="space-between" gap="xs" mt="xs">
          {around.previous ? (
            <Button
              component={Link}
              to={bidHref(around.previous)}
              state={{ bidding: nav }}
              variant="default"
              size="xs"
              leftSection={<ArrowLeft size={14} className="mirror-rtl" />}
              data-testid="bid-previous"
            >
              {t('bidding.detail.previous')}
            </Button>
          ) : (
            <span />
          )}
          {around.next ? (
            <Button
              component={Link}
              to={bidHref(around.next)}
              state={{ bidding: nav }}
              variant="light"
              size="xs"
              rightSection={<ArrowRight size={14} className="mirror-rtl" />}
              data-testid="bid-next"
            >
              {t('bidding.detail.next')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </DetailCard>
  );
}

function CannotBidPanel() {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      radius="lg"
      icon={<UserX size={20} />}
      title={t('bidding.detail.cannotBidTitle')}
      data-testid="bid-not-allowed"
    >
      <Text size="sm">{t('bidding.detail.cannotBidText')}</Text>
    </Alert>
  );
}

function BidPage({
  submission,
  routeId,
  nav,
}: {
  submission: SubmissionDto;
  routeId: string;
  nav: BiddingNavState | null;
}) {
  const { t } = useTranslation();
  const { language } = useSubmissionText();
  const { download, isDownloading } = useSubmissionDownload();
  const eventRef = submission.event_public_id;
  const back = {
    to: nav?.listHref ?? (eventRef ? biddingListHref(eventRef) : '/events'),
    label: t(eventRef || nav ? 'bidding.detail.backToList' : 'bidding.detail.backToEvents'),
  };
  const showTopics = Boolean(submission.ai_analysis?.topics?.main_topic);

  return (
    <>
      <ScreenHeader
        title={submission.title}
        documentTitle={t('bidding.detail.documentTitle', { title: submission.title })}
        back={back}
        actions={
          submission.abilities.download && submission.file ? (
            <Button
              variant="light"
              leftSection={<Download size={16} />}
              loading={isDownloading}
              onClick={() => void download(submission)}
              data-testid="bid-download"
            >
              {t('bidding.detail.download')}
            </Button>
          ) : null
        }
      >
        <EventLinkLine submission={submission} />
      </ScreenHeader>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <SubmissionDetailsCard submission={submission} showTopics={showTopics} />
            <AuthorsCard submission={submission} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <div style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}>
            {submission.abilities.bid ? (
              <BidCard submission={submission} routeId={routeId} nav={nav} language={language} />
            ) : (
              <CannotBidPanel />
            )}
          </div>
        </Grid.Col>
      </Grid>
    </>
  );
}

/**
 * /submissions/{id}/bid: what a reviewer needs to choose — title, event, track, keywords, abstract, the authors unless
 * the event is double-blind, the paper to download — beside the bid control. Who may bid comes from the submission's
 * `bid` ability; anyone else who may read the paper sees it with a notice. Opened from the bidding list, it goes back
 * to the same filter and page and offers the previous and next paper of that page.
 */
export function SubmissionBidScreen({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const nav = readBiddingNavState(location.state);
  const { errorText } = useSubmissionText();
  const query = useQuery({ ...submissionDetailQuery(submissionId), enabled: Boolean(submissionId) });

  if (!submissionId) return <MissingSubmissionId />;
  if (query.isPending) return <BidScreenSkeleton />;
  if (query.isError) {
    const back = nav
      ? { to: nav.listHref, label: t('bidding.detail.backToList') }
      : { to: '/events', label: t('bidding.detail.backToEvents') };
    const status = isApiError(query.error) ? query.error.status : 0;
    return (
      <>
        <ScreenHeader title={t('pages.submissionBid.title')} back={back} />
        <LoadFailure
          message={status === 404 ? t('bidding.detail.notFound') : t('bidding.detail.loadError')}
          detail={errorText(query.error)}
          back={back}
          onRetry={status === 404 || status === 403 ? undefined : () => void query.refetch()}
        />
      </>
    );
  }
  return <BidPage submission={query.data} routeId={submissionId} nav={nav} />;
}
