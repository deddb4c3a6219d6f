import type { CandidateDto, CandidatesDto } from '@confero/contracts';
import { Alert, Anchor, Button, EmptyState, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, CircleAlert, FileQuestion, ListChecks, ShieldX, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isolate, UserInline } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { languageOf, reviewErrorText } from '../../reviews/review-display.ts';
import { submissionDetailQuery } from '../../submissions/api.ts';
import { DecisionBadge, SubmissionStatusBadge } from '../../submissions/components/SubmissionBadges.tsx';
import { candidatesQuery, useAssignMutation, useUnassignMutation } from '../api.ts';
import { assignmentProgress, splitCandidates, unassignImpact } from '../candidates-display.ts';
import { AssignedList } from './AssignedList.tsx';
import { CandidateList } from './CandidateList.tsx';

type ScreenProps = { eventId: string; submissionId: string };

/** A confirmation the screen is waiting for: assigning past max_papers, or removing an assignment. */
type Pending = { kind: 'force' | 'unassign'; candidate: CandidateDto } | null;

const nameOf = (candidate: CandidateDto) => candidate.reviewer.full_name || candidate.reviewer.email;

function ScreenSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="assign-skeleton">
      <Skeleton height={14} width={160} radius="sm" />
      <Skeleton height={30} width="60%" radius="sm" />
      <Skeleton height={64} radius="md" />
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="md" p="md">
          <Group gap="md" wrap="nowrap">
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={16} width="40%" />
              <Skeleton height={12} width="60%" />
              <Skeleton height={12} width="80%" />
            </Stack>
            <Skeleton height={28} width={90} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The links of the header: the event's submissions list (the submission itself is the back link). */
function EventLinks({ eventId, eventTitle }: { eventId: string; eventTitle?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="wrap">
      <Anchor
        component={Link}
        to={`/events/${encodeURIComponent(eventId)}/submissions`}
        size="sm"
        data-testid="event-submissions-link"
      >
        <Group gap={6} wrap="nowrap">
          <ListChecks size={14} aria-hidden="true" />
          {t('assignReviewers.header.eventSubmissions')}
        </Group>
      </Anchor>
      {eventTitle ? (
        <Anchor component={Link} to={`/events/${encodeURIComponent(eventId)}`} size="sm" c="dimmed">
          <Group gap={6} wrap="nowrap">
            <CalendarDays size={14} aria-hidden="true" />
            <UserInline>{eventTitle}</UserInline>
          </Group>
        </Anchor>
      ) : null}
    </Group>
  );
}

/** '2 of 3 reviewers assigned', against the event's reviewers per paper. */
function AssignmentSummary({ data }: { data: CandidatesDto }) {
  const { t } = useTranslation();
  const wanted = data.reviewers_per_paper;
  const assigned = data.assigned_count;
  const { percent, complete } = assignmentProgress(assigned, wanted);
  const missing = Math.max(0, wanted - assigned);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="assignment-progress"
      data-assigned={assigned}
      data-wanted={wanted}
      data-complete={complete}
    >
      <Stack gap={8}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Users size={18} aria-hidden="true" />
            <Text fw={600}>{t('assignReviewers.summary.progress', { count: wanted, assigned })}</Text>
          </Group>
          <Text size="sm" c={complete ? 'teal' : 'orange'}>
            {complete
              ? t('assignReviewers.summary.complete')
              : t('assignReviewers.summary.missing', { count: missing })}
          </Text>
        </Group>
        <Progress
          value={percent}
          color={complete ? 'teal' : 'orange'}
          radius="xl"
          aria-label={t('assignReviewers.summary.progress', { count: wanted, assigned })}
        />
      </Stack>
    </Paper>
  );
}

type PanelProps = {
  testId: string;
  icon: ReactNode;
  title: string;
  description: string;
  /** The panel's buttons, centred under its text. */
  children: ReactNode;
};

/** A whole-screen state instead of the candidates (refused, not found, no reviewers): what and why, and where to go. */
function StatePanel({ testId, icon, title, description, children }: PanelProps) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <EmptyState icon={icon} withIndicatorBackground title={title} description={description}>
        <EmptyState.Actions>
          <Group gap="sm" justify="center">
            {children}
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/** The API refused the candidates: 403 (not the committee, or a conflicted chair), 404, or another failure. */
function CandidatesError({
  error,
  eventId,
  submissionId,
  onRetry,
}: {
  error: unknown;
  eventId: string;
  submissionId: string;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const listBack = {
    to: `/events/${encodeURIComponent(eventId)}/submissions`,
    label: t('assignReviewers.header.eventSubmissions'),
  };
  const status = isApiError(error) ? error.status : undefined;
  if (status === 403) {
    return (
      <StatePanel
        testId="assign-forbidden"
        icon={<ShieldX size={28} />}
        title={t('assignReviewers.forbidden.title')}
        description={reviewErrorText(error, language, t('assignReviewers.forbidden.text'))}
      >
        <Button
          component={Link}
          to={`/events/${encodeURIComponent(eventId)}/submissions/${encodeURIComponent(submissionId)}`}
          leftSection={<ArrowLeft size={16} className="mirror-rtl" />}
        >
          {t('assignReviewers.header.backToSubmission')}
        </Button>
        <Button component={Link} to={listBack.to} variant="default">
          {listBack.label}
        </Button>
      </StatePanel>
    );
  }
  if (status === 404) {
    return (
      <StatePanel
        testId="assign-not-found"
        icon={<FileQuestion size={28} />}
        title={t('assignReviewers.notFound.title')}
        description={t('assignReviewers.notFound.text')}
      >
        <Button component={Link} to={listBack.to} leftSection={<ArrowLeft size={16} className="mirror-rtl" />}>
          {listBack.label}
        </Button>
      </StatePanel>
    );
  }
  return (
    <LoadFailure
      message={t('assignReviewers.loadError')}
      detail={reviewErrorText(error, language, '')}
      back={listBack}
      onRetry={onRetry}
    />
  );
}

/** The event has no active reviewer at all: nothing to choose from until some are invited. */
function NoReviewers({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <StatePanel
      testId="assign-no-reviewers"
      icon={<Users size={28} />}
      title={t('assignReviewers.noReviewers.title')}
      description={t('assignReviewers.noReviewers.text')}
    >
      <Button component={Link} to={`/events/${encodeURIComponent(eventId)}`}>
        {t('assignReviewers.noReviewers.action')}
      </Button>
    </StatePanel>
  );
}

/**
 * /events/{eventId}/submissions/{id}/assign: the paper's reviewer candidates with affinity, bid, load against
 * max_papers and conflicts of interest; assigning (the reviewer is e-mailed; past max_papers only after a confirmation,
 * sent with `force`) and unassigning (confirmed; a draft review is deleted with it, a submitted one cannot be removed).
 * The server decides who may do this: 403 and 404 get their panels.
 */
export function AssignReviewersScreen({ eventId, submissionId }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const candidates = useQuery(candidatesQuery(submissionId));
  const submission = useQuery(submissionDetailQuery(submissionId));
  const assign = useAssignMutation(submissionId);
  const unassign = useUnassignMutation(submissionId);
  const [pending, setPending] = useState<Pending>(null);

  const submissionHref = `/events/${encodeURIComponent(eventId)}/submissions/${encodeURIComponent(submissionId)}`;
  const back = { to: submissionHref, label: t('assignReviewers.header.backToSubmission') };

  const pendingReviewerId = assign.isPending
    ? (assign.variables?.reviewerId ?? null)
    : unassign.isPending
      ? (unassign.variables ?? null)
      : null;
  const busy = assign.isPending || unassign.isPending;

  function handleAssign(candidate: CandidateDto, force = false) {
    assign.mutate(
      { reviewerId: candidate.reviewer.public_id, force },
      {
        onSuccess: (assignment) => {
          notify(
            'success',
            t('assignReviewers.toast.assigned', {
              name: isolate(assignment.reviewer.full_name || assignment.reviewer.email),
            }),
          );
        },
        onError: (error) => {
          notify('error', reviewErrorText(error, language, t('assignReviewers.toast.assignError')));
        },
        onSettled: () => setPending(null),
      },
    );
  }

  function handleUnassign(candidate: CandidateDto) {
    unassign.mutate(candidate.reviewer.public_id, {
      onSuccess: () => notify('success', t('assignReviewers.toast.unassigned', { name: isolate(nameOf(candidate)) })),
      onError: (error) => {
        notify('error', reviewErrorText(error, language, t('assignReviewers.toast.unassignError')));
      },
      onSettled: () => setPending(null),
    });
  }

  const loaded = submission.data;
  const title = loaded?.title ?? candidates.data?.submission.title ?? t('assignReviewers.title');
  const header = (
    <ScreenHeader
      title={title}
      documentTitle={t('assignReviewers.documentTitle', { title })}
      back={back}
      description={
        <Text size="sm" c="dimmed" tt="uppercase" fw={600} data-testid="assign-eyebrow">
          {t('assignReviewers.title')}
        </Text>
      }
    >
      {loaded ? (
        <Group gap="xs" wrap="wrap">
          <SubmissionStatusBadge status={loaded.status} display={loaded.status_display} />
          <DecisionBadge decision={loaded.decision} display={loaded.decision_display} />
        </Group>
      ) : null}
      <EventLinks eventId={eventId} eventTitle={loaded?.event_title} />
    </ScreenHeader>
  );

  if (candidates.isPending) return <ScreenSkeleton />;
  if (candidates.isError) {
    return (
      <>
        <ScreenHeader title={t('assignReviewers.title')} back={back} />
        <CandidatesError
          error={candidates.error}
          eventId={eventId}
          submissionId={submissionId}
          onRetry={() => void candidates.refetch()}
        />
      </>
    );
  }

  const data = candidates.data;
  const { assigned, others } = splitCandidates(data.candidates);
  const target = pending?.candidate;
  const targetName = target ? nameOf(target) : '';
  const impact = target ? unassignImpact(target.review_status) : 'none';

  return (
    <>
      {header}
      <Stack gap="xl">
        <AssignmentSummary data={data} />
        {submission.isError ? (
          <Alert color="orange" icon={<CircleAlert size={18} />} radius="md" data-testid="submission-load-warning">
            {t('assignReviewers.submissionLoadError')}
          </Alert>
        ) : null}
        {data.candidates.length === 0 ? (
          <NoReviewers eventId={eventId} />
        ) : (
          <>
            <AssignedList
              assigned={assigned}
              pendingReviewerId={pendingReviewerId}
              busy={busy}
              onUnassign={(candidate) => setPending({ kind: 'unassign', candidate })}
            />
            <CandidateList
              candidates={others}
              pendingReviewerId={pendingReviewerId}
              busy={busy}
              onAssign={(candidate) => handleAssign(candidate)}
              onAssignAnyway={(candidate) => setPending({ kind: 'force', candidate })}
            />
          </>
        )}
      </Stack>

      <ConfirmDialog
        opened={pending?.kind === 'force'}
        title={t('assignReviewers.force.title')}
        message={
          target
            ? t('assignReviewers.force.message', { name: targetName, load: target.load, max: target.max_papers })
            : ''
        }
        confirmLabel={t('assignReviewers.actions.assignAnyway')}
        cancelLabel={t('assignReviewers.cancel')}
        loading={assign.isPending}
        onConfirm={() => {
          if (target) handleAssign(target, true);
        }}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        opened={pending?.kind === 'unassign'}
        title={t('assignReviewers.unassign.title')}
        message={
          <Stack gap="xs" data-testid="unassign-dialog" data-impact={impact}>
            <Text size="sm">{t('assignReviewers.unassign.message', { name: targetName })}</Text>
            {impact === 'draft' ? (
              <Alert color="orange" icon={<CircleAlert size={18} />} radius="md" data-testid="unassign-draft-warning">
                {t('assignReviewers.unassign.draftWarning', { name: targetName })}
              </Alert>
            ) : impact === 'refused' ? (
              <Alert color="red" icon={<CircleAlert size={18} />} radius="md">
                {t('assignReviewers.unassign.refused', { name: targetName })}
              </Alert>
            ) : (
              <Text size="sm" c="dimmed">
                {t('assignReviewers.unassign.notStarted')}
              </Text>
            )}
          </Stack>
        }
        confirmLabel={t('assignReviewers.unassign.confirm')}
        cancelLabel={t('assignReviewers.cancel')}
        danger
        loading={unassign.isPending}
        onConfirm={() => {
          if (target) handleUnassign(target);
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}
