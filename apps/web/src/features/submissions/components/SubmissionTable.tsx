import type { SubmissionListItemDto } from '@confero/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { CircleAlert, Eye, FileX2, Pencil, RefreshCw, Trash2, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import {
  authorNames,
  formatSubmissionDate,
  groupByEvent,
  preview,
  submissionHref,
  submissionRef,
} from '../submission-display.ts';
import { AuthorAvatars } from './AuthorAvatars.tsx';
import { SubmissionStatusBadge } from './SubmissionBadges.tsx';

export type SubmissionTableProps = {
  submissions: SubmissionListItemDto[];
  loading: boolean;
  /** The text of a load failure (the list is then empty). */
  error?: string | null;
  /** What the server said about the failure, shown under the error. */
  errorDetail?: string;
  title: string;
  /** An event's list: no event column, an assign-reviewers action. */
  isEventSubmissions?: boolean;
  /** The event of an event list, as it appears in the address. */
  eventId?: string;
  /** Asks to delete a submission (the caller confirms). */
  onDelete?: (submission: SubmissionListItemDto) => void;
  /** Whether delete actions are offered at all (each row still needs its `abilities.delete`). */
  allowDelete?: boolean;
  onRetry?: () => void;
  /** Shown under the empty state's text (a 'new submission' link). */
  emptyAction?: ReactNode;
};

function KeywordsPreview({ keywords }: { keywords: string[] }) {
  const { t } = useTranslation();
  const { shown, more } = preview(keywords);
  if (shown.length === 0) return null;
  return (
    <Group gap={4} mt={6} data-testid="submission-keywords">
      {shown.map((keyword) => (
        <Badge key={keyword} size="xs" variant="default" radius="sm" tt="none" fw={500} {...USER_DIR}>
          {keyword}
        </Badge>
      ))}
      {more > 0 ? (
        <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
          {t('submissions.list.more', { count: more })}
        </Badge>
      ) : null}
    </Group>
  );
}

const LOADING_ROWS = ['first', 'second', 'third'] as const;
const COLUMN_NAMES = ['index', 'authors', 'title', 'event', 'status', 'actions', 'updated'] as const;

function LoadingRows({ columns }: { columns: number }) {
  return (
    <>
      {LOADING_ROWS.map((row) => (
        <Table.Tr key={row}>
          {COLUMN_NAMES.slice(0, columns).map((column) => (
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" width={column === 'title' ? '80%' : '60%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/**
 * The submissions list ("My submissions", "Event submissions list"): index, authors (first three and '+N', avatars),
 * title with its first three keywords, event (not on an event's list), status, actions (view; edit and delete when the
 * submission's abilities allow them; assign reviewers on an event's list for those who manage them) and the time of the
 * last update. Rows are grouped by event title.
 */
export function SubmissionTable({
  submissions,
  loading,
  error,
  errorDetail,
  title,
  isEventSubmissions = false,
  eventId,
  onDelete,
  allowDelete = false,
  onRetry,
  emptyAction,
}: SubmissionTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const columns = isEventSubmissions ? 6 : 7;
  const groups = groupByEvent(submissions);
  const showGroupRows = !isEventSubmissions && groups.length > 0;
  const count = submissions.length;

  const header = (
    <Group justify="space-between" align="center" mb="md" gap="sm">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {!loading && !error ? (
        <Text size="sm" c="dimmed" data-testid="submission-count">
          {t('submissions.list.count', { count })}
        </Text>
      ) : null}
    </Group>
  );

  if (error) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="submission-list">
        {header}
        <Alert color="red" icon={<CircleAlert size={20} />} title={t('submissions.common.errorHeading')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" fw={500}>
              {error}
            </Text>
            {errorDetail && errorDetail !== error ? (
              <Text size="sm" c="dimmed">
                {errorDetail}
              </Text>
            ) : null}
            {onRetry ? (
              <Button variant="white" color="red" size="xs" leftSection={<RefreshCw size={14} />} onClick={onRetry}>
                {t('common.retry')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      </Paper>
    );
  }

  if (!loading && count === 0) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="submission-list">
        {header}
        <EmptyState
          py="xl"
          icon={<FileX2 size={28} />}
          withIndicatorBackground
          title={t('submissions.list.empty')}
          description={t(isEventSubmissions ? 'submissions.list.emptyEventText' : 'submissions.list.emptyText')}
          data-testid="submission-list-empty"
        >
          {emptyAction ? <EmptyState.Actions>{emptyAction}</EmptyState.Actions> : null}
        </EmptyState>
      </Paper>
    );
  }

  let index = 0;
  const rows = groups.map((group) => ({
    group,
    items: group.items.map((submission) => {
      index += 1;
      return { submission, index };
    }),
  }));
  const scope = isEventSubmissions ? eventId : undefined;
  const actions = (submission: SubmissionListItemDto) => (
    <RowActions
      submission={submission}
      scope={scope}
      eventId={isEventSubmissions ? eventId : undefined}
      onDelete={allowDelete ? onDelete : undefined}
    />
  );
  const groupTitle = (title: string) => title || t('submissions.common.noEvent');

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="submission-list">
      {header}
      <Box visibleFrom="md">
        <Table.ScrollContainer minWidth={isEventSubmissions ? 760 : 860}>
          <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover data-testid="submission-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>{t('submissions.list.columns.index')}</Table.Th>
                <Table.Th>{t('submissions.list.columns.authors')}</Table.Th>
                <Table.Th miw={200}>{t('submissions.list.columns.title')}</Table.Th>
                {isEventSubmissions ? null : <Table.Th>{t('submissions.list.columns.event')}</Table.Th>}
                <Table.Th>{t('submissions.list.columns.status')}</Table.Th>
                <Table.Th ta="center">{t('submissions.list.columns.actions')}</Table.Th>
                <Table.Th>{t('submissions.list.columns.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading ? (
                <LoadingRows columns={columns} />
              ) : (
                rows.map(({ group, items }) => (
                  <Fragment key={group.key}>
                    {showGroupRows ? (
                      <Table.Tr data-testid="submission-group" bg="var(--mantine-color-default-hover)">
                        <Table.Td colSpan={columns}>
                          <UserText size="sm" fw={700}>
                            {groupTitle(group.eventTitle)}
                          </UserText>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    {items.map(({ submission, index: number }) => {
                      const ref = submissionRef(submission);
                      return (
                        <Table.Tr key={ref} data-testid="submission-row" data-submission={ref}>
                          <Table.Td>
                            <Text size="sm" c="dimmed">
                              {number}
                            </Text>
                          </Table.Td>
                          <Table.Td maw={190}>
                            <AuthorAvatars names={authorNames(submission)} />
                          </Table.Td>
                          <Table.Td>
                            <Anchor component={Link} to={submissionHref(ref, scope)} fw={600} size="sm" {...USER_DIR}>
                              {submission.title}
                            </Anchor>
                            <KeywordsPreview keywords={submission.keywords_list ?? []} />
                          </Table.Td>
                          {isEventSubmissions ? null : (
                            <Table.Td maw={180}>
                              <UserText size="sm">{submission.event_title}</UserText>
                            </Table.Td>
                          )}
                          <Table.Td>
                            <SubmissionStatusBadge status={submission.status} display={submission.status_display} />
                          </Table.Td>
                          <Table.Td>{actions(submission)}</Table.Td>
                          <Table.Td>
                            <Text size="xs" style={{ whiteSpace: 'nowrap' }} data-testid="submission-updated">
                              {formatSubmissionDate(submission.updated, language)}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Fragment>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack gap="md" hiddenFrom="md" data-testid="submission-cards">
        {loading
          ? LOADING_ROWS.map((row) => <Skeleton key={row} height={96} radius="md" />)
          : rows.map(({ group, items }) => (
              <Stack key={group.key} gap="sm">
                {showGroupRows ? (
                  <UserText size="sm" fw={700}>
                    {groupTitle(group.eventTitle)}
                  </UserText>
                ) : null}
                {items.map(({ submission, index: number }) => {
                  const ref = submissionRef(submission);
                  return (
                    <Paper key={ref} withBorder radius="md" p="sm" data-testid="submission-card" data-submission={ref}>
                      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                        <Group gap={8} align="flex-start" wrap="nowrap" miw={0}>
                          <Text size="sm" c="dimmed">
                            {number}.
                          </Text>
                          <Anchor component={Link} to={submissionHref(ref, scope)} fw={600} size="sm" {...USER_DIR}>
                            {submission.title}
                          </Anchor>
                        </Group>
                        <SubmissionStatusBadge
                          status={submission.status}
                          display={submission.status_display}
                          style={{ flexShrink: 0 }}
                        />
                      </Group>
                      <KeywordsPreview keywords={submission.keywords_list ?? []} />
                      <Box mt="sm">
                        <AuthorAvatars names={authorNames(submission)} />
                      </Box>
                      <Group justify="space-between" align="center" mt="sm" gap="xs">
                        <Text size="xs" c="dimmed">
                          {t('submissions.list.updatedAt', {
                            date: formatSubmissionDate(submission.updated, language),
                          })}
                        </Text>
                        {actions(submission)}
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            ))}
      </Stack>
    </Paper>
  );
}

type RowActionsProps = {
  submission: SubmissionListItemDto;
  /** The event of the list's addresses, when the list is an event's. */
  scope?: string;
  /** Set on an event's list: adds the assign-reviewers action (with `abilities.manage_reviewers`). */
  eventId?: string;
  onDelete?: (submission: SubmissionListItemDto) => void;
};

/**
 * View; edit and delete when the submission's abilities allow them; assign reviewers on an event's list when the
 * viewer manages the submission's reviewers (`abilities.manage_reviewers`).
 */
function RowActions({ submission, scope, eventId, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  const ref = submissionRef(submission);
  const { abilities } = submission;
  const named = { title: submission.title };
  return (
    <Group gap={2} justify="center" wrap="nowrap">
      <Tooltip label={t('submissions.list.actions.view')} withArrow>
        <ActionIcon
          component={Link}
          to={submissionHref(ref, scope)}
          variant="subtle"
          aria-label={t('submissions.list.actions.viewNamed', named)}
        >
          <Eye size={16} />
        </ActionIcon>
      </Tooltip>
      {abilities?.update ? (
        <Tooltip label={t('submissions.list.actions.edit')} withArrow>
          <ActionIcon
            component={Link}
            to={submissionHref(ref, scope, '/edit')}
            variant="subtle"
            aria-label={t('submissions.list.actions.editNamed', named)}
          >
            <Pencil size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {eventId && abilities?.manage_reviewers ? (
        <Tooltip label={t('submissions.list.actions.assign')} withArrow>
          <ActionIcon
            component={Link}
            to={submissionHref(ref, eventId, '/assign')}
            variant="subtle"
            color="teal"
            aria-label={t('submissions.list.actions.assignNamed', named)}
          >
            <UserPlus size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete && abilities?.delete ? (
        <Tooltip label={t('submissions.list.actions.delete')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(submission)}
            aria-label={t('submissions.list.actions.deleteNamed', named)}
          >
            <Trash2 size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
