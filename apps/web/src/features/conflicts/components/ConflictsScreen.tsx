import { type ConflictDto, type EventDto, reviewMessage } from '@confero/contracts';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SearchCheck, ShieldCheck, ShieldPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { isolate } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { useLastPageBound, useListParams } from '../../../lib/use-list-params.ts';
import { eventReviewersQuery } from '../../events/api.ts';
import { EventToolGate, type EventToolNav } from '../../events/components/EventToolGate.tsx';
import { eventSubmissionsQuery } from '../../submissions/api.ts';
import { eventConflictsQuery, useLiftConflictMutation } from '../api.ts';
import { personName } from '../conflict-display.ts';
import {
  CONFLICT_LIST_CODEC,
  CONFLICTS_PAGE_SIZE,
  conflictListParams,
  hasConflictFilters,
} from '../conflict-filters.ts';
import { committeePeople, submissionOptions } from '../conflict-form.ts';
import { useConflictText } from '../use-conflict-text.ts';
import { AddConflictModal } from './AddConflictModal.tsx';
import { CheckCandidateModal } from './CheckCandidateModal.tsx';
import { ConflictFiltersBar } from './ConflictFiltersBar.tsx';
import { ConflictsTable } from './ConflictsTable.tsx';

const tableSkeleton = <ListSkeleton rowHeight={52} data-testid="conflicts-loading" />;

/**
 * /events/{id}/conflicts, for the event's committee (`abilities.manage_reviewing`): every conflict the server detected
 * or someone declared between a reviewer, chair or event admin and a submission, with its reasons, filtered by type,
 * source, submission and person (kept in the address) and paginated. The committee adds a conflict, lifts one (logged;
 * a lifted detection is not detected again) and checks a candidate before inviting them. Anyone else gets an error
 * panel, never the list.
 */
export function ConflictsScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { language } = useConflictText();
  return (
    <EventToolGate
      eventId={eventId}
      title={t('conflicts.screen.title')}
      testId="conflicts"
      ability="manage_reviewing"
      textsFrom="conflicts.screen"
      denied={reviewMessage('conflicts.denied', {}, language)}
      ownHeader
      skeleton={
        <Paper withBorder radius="lg">
          {tableSkeleton}
        </Paper>
      }
    >
      {(event, nav) => <ConflictsTool eventId={eventId} event={event} nav={nav} />}
    </EventToolGate>
  );
}

/** The conflicts list and its actions, once the event is known to be the viewer's to manage. */
function ConflictsTool({ eventId, event, nav }: { eventId: string; event: EventDto; nav: EventToolNav }) {
  const { t } = useTranslation();
  const { typeLabel, errorText } = useConflictText();
  const { ref, back } = nav;

  const list = useListParams(CONFLICT_LIST_CODEC);
  const { filters } = list;
  const params = conflictListParams(filters);
  const conflicts = useQuery(eventConflictsQuery(eventId, params));
  const reviewers = useQuery(eventReviewersQuery(eventId));
  const submissions = useQuery(eventSubmissionsQuery(eventId));

  const [adding, setAdding] = useState(false);
  const [checking, setChecking] = useState(false);
  const [lifting, setLifting] = useState<ConflictDto | null>(null);
  const lift = useLiftConflictMutation(eventId);

  const count = conflicts.data?.count ?? 0;
  const pages = pageCount(count, CONFLICTS_PAGE_SIZE);
  useLastPageBound(list, conflicts.data && !conflicts.isPlaceholderData ? pages : null);

  const people = useMemo(() => committeePeople(event, reviewers.data), [event, reviewers.data]);
  const submissionChoices = useMemo(() => submissionOptions(submissions.data ?? []), [submissions.data]);
  const loadingOptions = submissions.isPending || reviewers.isPending;
  const currentLabels = useMemo(() => {
    const rows = conflicts.data?.results ?? [];
    const bySubmission = rows.find((row) => row.submission.public_id === filters.submission);
    const byUser = rows.find((row) => row.user.public_id === filters.user);
    return {
      submission: bySubmission?.submission.title,
      user: byUser ? `${personName(byUser.user)} (${byUser.user.email})` : undefined,
    };
  }, [conflicts.data, filters.submission, filters.user]);

  const title = t('conflicts.screen.title');

  const handleLift = () => {
    if (!lifting) return;
    lift.mutate(lifting.id, {
      onSuccess: () => {
        notify('success', t('conflicts.lift.success'));
        setLifting(null);
      },
      onError: (error) => notify('error', errorText(error, t('conflicts.lift.failed'))),
    });
  };

  const filtered = hasConflictFilters(filters);
  const liftingName = lifting ? personName(lifting.user) : '';
  const liftingParams = {
    name: isolate(liftingName),
    title: isolate(lifting?.submission.title ?? ''),
    type: lifting ? typeLabel(lifting.type) : '',
  };

  return (
    <>
      <ScreenHeader
        title={title}
        description={event.title}
        back={back}
        documentTitle={`${event.title} – ${title}`}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<SearchCheck size={16} />}
              onClick={() => setChecking(true)}
              data-testid="check-candidate-button"
            >
              {t('conflicts.check.button')}
            </Button>
            <Button
              leftSection={<ShieldPlus size={16} />}
              onClick={() => setAdding(true)}
              data-testid="add-conflict-button"
            >
              {t('conflicts.add.button')}
            </Button>
          </>
        }
      >
        <Text size="sm" c="dimmed">
          {t('conflicts.screen.description')}
        </Text>
      </ScreenHeader>
      <Paper withBorder radius="lg">
        <Group p="md" justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <ConflictFiltersBar
            filters={filters}
            onChange={(change) => list.change(change)}
            submissions={submissionChoices}
            people={people}
            loadingOptions={loadingOptions}
            currentLabels={currentLabels}
          />
          {conflicts.data ? (
            <Badge size="lg" variant="light" data-testid="conflicts-count" data-count={count}>
              {t('conflicts.screen.count', { count })}
            </Badge>
          ) : null}
        </Group>
        <QueryView
          query={conflicts}
          loading={tableSkeleton}
          failure={t('conflicts.screen.loadFailed')}
          failureDetail={(error) => errorText(error, '')}
          inset
          empty={{
            when: (page) => page.results.length === 0,
            icon: <ShieldCheck size={28} />,
            title: filtered ? t('conflicts.screen.emptyFilteredTitle') : t('conflicts.screen.emptyTitle'),
            description: filtered ? t('conflicts.screen.emptyFiltered') : t('conflicts.screen.empty'),
            testId: 'conflicts-empty',
          }}
        >
          {(page) => <ConflictsTable conflicts={page.results} eventRef={ref} onLift={setLifting} />}
        </QueryView>
        <ListPagination page={filters.page} pages={pages} onChange={list.setPage} data-testid="conflicts-pagination" />
      </Paper>
      <AddConflictModal
        eventId={eventId}
        opened={adding}
        onClose={() => setAdding(false)}
        submissions={submissionChoices}
        people={people}
        loadingOptions={loadingOptions}
      />
      <CheckCandidateModal eventId={eventId} eventRef={ref} opened={checking} onClose={() => setChecking(false)} />
      <ConfirmDialog
        opened={lifting !== null}
        title={t('conflicts.lift.title')}
        message={
          <Stack gap="xs" data-testid="lift-confirm">
            <Text size="sm">{t('conflicts.lift.confirm', liftingParams)}</Text>
            <Text size="sm" c="dimmed">
              {lifting?.source === 'detected'
                ? t('conflicts.lift.detectedNote', { name: liftingName })
                : t('conflicts.lift.declaredNote', { name: liftingName })}
            </Text>
          </Stack>
        }
        confirmLabel={t('conflicts.lift.action')}
        cancelLabel={t('conflicts.common.cancel')}
        danger
        loading={lift.isPending}
        onConfirm={handleLift}
        onClose={() => setLifting(null)}
      />
    </>
  );
}
