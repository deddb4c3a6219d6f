import type { RoleName, SubmissionDto } from '@confero/contracts';
import { Button, Grid, Group, Menu, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ClipboardPen, Download, Hand, Pencil, Sparkles, Trash2, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { AreaChairPicker } from '../../area-chairs/components/AreaChairPicker.tsx';
import { DeclareConflictButton } from '../../conflicts/components/DeclareConflictButton.tsx';
import { DeclaredConflictsCard } from '../../conflicts/components/DeclaredConflictsCard.tsx';
import { DiscussionPanel } from '../../discussion/components/DiscussionPanel.tsx';
import { FinalVersionLinkCard } from '../../final-versions/components/FinalVersionLinkCard.tsx';
import { MetaReviewCard } from '../../meta-reviews/components/MetaReviewCard.tsx';
import { SubmissionTimeline } from '../../progress/components/SubmissionTimeline.tsx';
import { CommitteeResponsePanel } from '../../responses/components/CommitteeResponsePanel.tsx';
import { ResponseLinkCard } from '../../responses/components/ResponseLinkCard.tsx';
import { SubmissionReviewsPanel } from '../../reviews/components/SubmissionReviewsPanel.tsx';
import { useActiveRole } from '../../roles/active-role-context.ts';
import { submissionDetailQuery } from '../api.ts';
import { formatSubmissionDate, submissionHref, submissionRef } from '../submission-display.ts';
import { useSubmissionText } from '../use-submission-text.ts';
import { DecisionPanel } from './DecisionPanel.tsx';
import { useSubmissionDeletion } from './DeleteSubmissionModal.tsx';
import { InsightsModal } from './InsightsModal.tsx';
import { MissingSubmissionId } from './MissingSubmissionId.tsx';
import { DecisionBadge, SubmissionStatusBadge } from './SubmissionBadges.tsx';
import { AuthorsCard, EventLinkLine, StatusPanel, SubmissionDetailsCard } from './SubmissionDetailParts.tsx';
import { useSubmissionDownload } from './use-submission-download.ts';

/** The AI topics row and the insights are for these active roles. */
const STAFF_ROLES: readonly RoleName[] = ['admin', 'event_admin', 'reviewer', 'chair'];

/** Whether the viewer works on the event (may open its submissions list) rather than only authoring the paper. */
function isEventStaffView(submission: SubmissionDto): boolean {
  const { abilities } = submission;
  return abilities.view_insights || abilities.change_status || abilities.make_decision || abilities.review;
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="detail-skeleton">
      <Skeleton height={14} width={140} radius="sm" />
      <Skeleton height={32} width="70%" radius="sm" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton height={18} width="30%" />
              <Skeleton height={14} />
              <Skeleton height={14} width="80%" />
              <Skeleton height={90} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton height={18} width="50%" />
              <Skeleton height={14} />
              <Skeleton height={14} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function SubmissionDetail({
  submission,
  routeId,
  eventId,
}: {
  submission: SubmissionDto;
  routeId: string;
  eventId?: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { activeRole } = useActiveRole();
  const [insightsOpen, setInsightsOpen] = useState(false);
  const { download, progress, isDownloading } = useSubmissionDownload();
  const ref = submissionRef(submission);
  const eventRef = eventId ?? submission.event_public_id;
  const staffView = isEventStaffView(submission);
  const listHref = eventRef && staffView ? `/events/${encodeURIComponent(eventRef)}/submissions` : '/submissions';
  const back = {
    to: listHref,
    label: t(listHref === '/submissions' ? 'submissions.common.backToMine' : 'submissions.common.backToEventList'),
  };
  const deletion = useSubmissionDeletion(() => navigate(listHref));
  const { abilities } = submission;
  const isStaffRole = STAFF_ROLES.includes(activeRole);
  const showTopics = isStaffRole && 'ai_analysis' in submission;
  const analysis = isStaffRole ? submission.ai_analysis : null;
  const assignHref = abilities.manage_reviewers && eventRef ? submissionHref(ref, eventRef, '/assign') : null;
  const hasActions =
    abilities.update ||
    abilities.download ||
    abilities.review ||
    abilities.bid ||
    Boolean(assignHref) ||
    abilities.delete ||
    Boolean(analysis);

  return (
    <>
      <ScreenHeader
        title={submission.title}
        back={back}
        actions={
          <>
            {submission.abilities.declare_conflict ? (
              <DeclareConflictButton eventRef={submission.event_public_id} submissionId={submission.public_id} />
            ) : null}
            {analysis ? (
              <Button
                variant="light"
                color="grape"
                leftSection={<Sparkles size={16} />}
                onClick={() => setInsightsOpen(true)}
                data-testid="open-insights"
              >
                {t('submissions.detail.actions.insights')}
              </Button>
            ) : null}
            {hasActions ? (
              <Menu position="bottom-end" shadow="md" width={230} withinPortal>
                <Menu.Target>
                  <Button rightSection={<ChevronDown size={16} />} data-testid="submission-actions">
                    {t('submissions.detail.actions.menu')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {abilities.update ? (
                    <Menu.Item
                      component={Link}
                      to={submissionHref(ref, eventRef, '/edit')}
                      leftSection={<Pencil size={16} />}
                    >
                      {t('submissions.detail.actions.edit')}
                    </Menu.Item>
                  ) : null}
                  {abilities.download ? (
                    <Menu.Item
                      leftSection={<Download size={16} />}
                      onClick={() => void download(submission)}
                      disabled={isDownloading}
                    >
                      {t('submissions.detail.actions.download')}
                    </Menu.Item>
                  ) : null}
                  {abilities.review ? (
                    <Menu.Item
                      component={Link}
                      to={`/reviews/create?submissionId=${encodeURIComponent(ref)}`}
                      leftSection={<ClipboardPen size={16} />}
                    >
                      {t('submissions.detail.actions.addReview')}
                    </Menu.Item>
                  ) : null}
                  {abilities.bid ? (
                    <Menu.Item
                      component={Link}
                      to={`/submissions/${encodeURIComponent(ref)}/bid`}
                      leftSection={<Hand size={16} />}
                      data-testid="action-bid"
                    >
                      {t('submissionReviews.actions.bid')}
                    </Menu.Item>
                  ) : null}
                  {assignHref ? (
                    <Menu.Item
                      component={Link}
                      to={assignHref}
                      leftSection={<UserPlus size={16} />}
                      data-testid="action-assign-reviewers"
                    >
                      {t('submissionReviews.actions.assign')}
                    </Menu.Item>
                  ) : null}
                  {analysis ? (
                    <Menu.Item leftSection={<Sparkles size={16} />} onClick={() => setInsightsOpen(true)}>
                      {t('submissions.detail.actions.insights')}
                    </Menu.Item>
                  ) : null}
                  {abilities.delete ? (
                    <>
                      <Menu.Divider />
                      <Menu.Item
                        color="red"
                        leftSection={<Trash2 size={16} />}
                        onClick={() => deletion.request(submission)}
                      >
                        {t('submissions.detail.actions.delete')}
                      </Menu.Item>
                    </>
                  ) : null}
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </>
        }
      >
        <Group gap="xs" wrap="wrap">
          <SubmissionStatusBadge status={submission.status} display={submission.status_display} size="lg" />
          <DecisionBadge decision={submission.decision} display={submission.decision_display} size="lg" />
        </Group>
        <Text size="sm" c="dimmed">
          {t('submissions.detail.timestamps', {
            created: formatSubmissionDate(submission.created, locale),
            updated: formatSubmissionDate(submission.updated, locale),
          })}
        </Text>
        <EventLinkLine submission={submission} />
      </ScreenHeader>

      {isDownloading ? (
        <Paper withBorder radius="lg" p="md" mb="lg" data-testid="download-progress">
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={500}>
              {t('submissions.download.inProgress')}
            </Text>
            {progress?.percent !== null && progress?.percent !== undefined ? (
              <Text size="sm" c="dimmed">
                {t('submissions.form.percent', { percent: progress.percent })}
              </Text>
            ) : null}
          </Group>
          <Progress
            value={progress?.percent ?? 100}
            animated={progress?.percent === null || progress?.percent === undefined}
            radius="xl"
            aria-label={t('submissions.download.inProgress')}
          />
        </Paper>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SubmissionDetailsCard submission={submission} showTopics={showTopics} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <StatusPanel submission={submission} />
            <SubmissionTimeline submissionId={submission.public_id} />
            {abilities.view_declared_conflicts ? (
              <DeclaredConflictsCard
                eventRef={submission.event_public_id}
                submissionId={submission.public_id}
                title={submission.title}
              />
            ) : null}
            {/* Its authors (who read their declared conflicts) reach their response to the reviews. */}
            {abilities.view_declared_conflicts ? (
              <ResponseLinkCard submissionId={submission.public_id} eventId={submission.event_public_id} />
            ) : null}
            {/* Its authors reach the final version of an accepted paper. */}
            {abilities.view_declared_conflicts && submission.decision === 'accept' ? (
              <FinalVersionLinkCard submissionId={submission.public_id} />
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}>
          <AuthorsCard submission={submission} />
        </Grid.Col>
      </Grid>
      {/* The reviews first, so the chair decides right after reading them. */}
      <Stack gap="lg" mt="lg">
        <SubmissionReviewsPanel submission={submission} eventRef={eventRef} />
        {/* The meta-review beside the reviews: the API answers whoever may read it, 404 (nothing shown) to others. */}
        <MetaReviewCard submissionId={submission.public_id} eventId={submission.event_public_id} />
        {staffView ? <CommitteeResponsePanel submissionId={submission.public_id} /> : null}
        {staffView ? <DiscussionPanel submissionId={submission.public_id} /> : null}
        {abilities.manage_reviewers ? <AreaChairPicker submissionId={submission.public_id} /> : null}
        {abilities.make_decision || abilities.change_status ? (
          <DecisionPanel
            key={`${submission.status}-${submission.decision}`}
            submission={submission}
            routeId={routeId}
          />
        ) : null}
      </Stack>
      {analysis ? (
        <InsightsModal opened={insightsOpen} onClose={() => setInsightsOpen(false)} analysis={analysis} />
      ) : null}
      {deletion.modal}
    </>
  );
}

/**
 * /submissions/{id} and /events/{eventId}/submissions/{id}. Opened through the first while the submission has an event,
 * it moves (replace) to the event-scoped address. What the viewer may do comes from the submission's abilities; the AI
 * topics row and insights need a staff role and the analysis. Under the details: the reviews as the API shows them to
 * the viewer (docs/domain.md#review-visibility), then the chair's decision panel.
 */
export function SubmissionDetailScreen({
  submissionId,
  eventId,
}: {
  submissionId: string | undefined;
  eventId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A link to a part of the page (`#discussion` in a mention mail) keeps it through the move to the event's address.
  const { hash } = useLocation();
  const { errorText } = useSubmissionText();
  const query = useQuery({ ...submissionDetailQuery(submissionId ?? ''), enabled: Boolean(submissionId) });
  const submission = query.data;
  const redirectTo =
    submission && !eventId && submission.event_public_id
      ? submissionHref(submissionRef(submission), submission.event_public_id)
      : null;

  useEffect(() => {
    if (redirectTo) navigate(`${redirectTo}${hash}`, { replace: true });
  }, [navigate, redirectTo, hash]);

  if (!submissionId) return <MissingSubmissionId />;
  if (query.isPending || redirectTo) return <DetailSkeleton />;
  if (query.isError) {
    const back = eventId
      ? { to: `/events/${encodeURIComponent(eventId)}/submissions`, label: t('submissions.common.backToEventList') }
      : { to: '/submissions', label: t('submissions.common.backToMine') };
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <ScreenHeader title={t('pages.submissionDetail.title')} back={back} />
        <LoadFailure
          message={t('submissions.common.error')}
          detail={errorText(query.error)}
          back={back}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </>
    );
  }
  return <SubmissionDetail submission={query.data} routeId={submissionId} eventId={eventId} />;
}
