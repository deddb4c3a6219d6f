import type { SubmissionAuthorDto, SubmissionDto } from '@confero/contracts';
import { countryName } from '@confero/contracts';
import { Anchor, Badge, DataList, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Activity, BadgeCheck, FileText, Mail, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { USER_DIR, UserInline, UserText } from '../../../components/data/UserText.tsx';
import { formatFileSize, formatSubmissionDate, splitKeywords } from '../submission-display.ts';
import { useSubmissionText } from '../use-submission-text.ts';
import { topicLabel } from './InsightsModal.tsx';
import { DecisionBadge, SubmissionStatusBadge } from './SubmissionBadges.tsx';

/**
 * The details grid of a submission: title, current file name, keywords split on commas, the AI topics row for the
 * event's staff, and the abstract.
 */
export function SubmissionDetailsCard({ submission, showTopics }: { submission: SubmissionDto; showTopics: boolean }) {
  const { t, i18n } = useTranslation();
  const { language } = useSubmissionText();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const keywords = splitKeywords(submission.keywords);
  const topics = submission.ai_analysis?.topics;
  const fileFacts = [
    submission.file_size ? formatFileSize(submission.file_size, locale) : '',
    submission.page_count ? t('submissions.detail.pages', { count: submission.page_count }) : '',
    submission.file_version ? t('submissions.detail.version', { version: submission.file_version }) : '',
  ].filter(Boolean);

  return (
    <DetailCard title={t('submissions.detail.details')} icon={FileText} data-testid="submission-details">
      <DataList orientation="vertical" gap="md" withDivider>
        <DataList.Item>
          <DataList.ItemLabel>{t('submissions.detail.title')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <UserText fw={600} data-testid="detail-title">
              {submission.title}
            </UserText>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('submissions.detail.file')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {submission.file ? (
              <Group gap="xs" wrap="wrap">
                <UserText
                  size="sm"
                  fw={500}
                  ff="monospace"
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="detail-file-name"
                >
                  {submission.file_name}
                </UserText>
                {fileFacts.length > 0 ? (
                  <Text size="xs" c="dimmed">
                    {fileFacts.join(' · ')}
                  </Text>
                ) : null}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('submissions.detail.noFile')}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        {submission.track_name ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('submissions.detail.track')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <UserText size="sm">{submission.track_name}</UserText>
            </DataList.ItemValue>
          </DataList.Item>
        ) : null}
        <DataList.Item>
          <DataList.ItemLabel>{t('submissions.detail.keywords')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {keywords.length > 0 ? (
              <Group gap={6} data-testid="detail-keywords">
                {keywords.map((keyword) => (
                  <Badge key={keyword} variant="light" radius="sm" tt="none" fw={500} {...USER_DIR}>
                    {keyword}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                -
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        {showTopics ? (
          <DataList.Item data-testid="detail-ai-topics">
            <DataList.ItemLabel>{t('submissions.detail.aiTopics')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {topics?.main_topic ? (
                <Group gap={6}>
                  <Badge variant="filled" color="grape" tt="none">
                    {topicLabel(topics.main_topic, language)}
                  </Badge>
                  {topics.secondary_topics.map((topic) => (
                    <Badge key={topic.key} variant="light" color="grape" tt="none">
                      {topicLabel(topic, language)}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {submission.ai_analysis ? t('submissions.insights.noTopics') : t('submissions.detail.aiPending')}
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
        ) : null}
        <DataList.Item>
          <DataList.ItemLabel>{t('submissions.detail.abstract')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <UserText size="sm" multiline lh={1.65} data-testid="detail-abstract">
              {submission.abstract}
            </UserText>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </DetailCard>
  );
}

/** The authors table: name, e-mail, country, affiliation and the corresponding flag; cards on phones. */
export function AuthorsCard({ submission }: { submission: SubmissionDto }) {
  const { t } = useTranslation();
  const { language } = useSubmissionText();
  const authors = [...(submission.authors ?? [])].sort((a, b) => a.order - b.order);
  const country = (code: string) => (code ? countryName(code, language) : '-');
  const corresponding = (
    <Badge
      size="sm"
      color="teal"
      variant="light"
      leftSection={<Mail size={11} />}
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
      data-testid="corresponding-flag"
    >
      {t('submissions.detail.correspondingYes')}
    </Badge>
  );
  const name = (author: SubmissionAuthorDto) => (
    <Group gap={6} wrap="nowrap">
      <UserText size="sm" fw={600}>
        {author.full_name}
      </UserText>
      {author.is_registered ? (
        <Tooltip label={t('submissions.detail.registered')} withArrow>
          <BadgeCheck size={15} color="var(--mantine-color-teal-6)" aria-label={t('submissions.detail.registered')} />
        </Tooltip>
      ) : null}
    </Group>
  );
  const email = (author: SubmissionAuthorDto) => (
    <Anchor href={`mailto:${author.email}`} size="sm" dir="ltr" style={{ overflowWrap: 'break-word' }}>
      {author.email}
    </Anchor>
  );
  const webpage = (author: SubmissionAuthorDto) =>
    author.webpage ? (
      <Anchor href={author.webpage} target="_blank" rel="noreferrer noopener" size="xs" dir="ltr">
        {author.webpage.replace(/^https?:\/\//, '')}
      </Anchor>
    ) : null;

  return (
    <DetailCard title={t('submissions.detail.authors')} icon={UsersRound} data-testid="submission-authors-card">
      {submission.authors_hidden ? (
        <Text size="sm" c="dimmed">
          {t('submissions.detail.authorsHidden')}
        </Text>
      ) : (
        <>
          <Table visibleFrom="sm" verticalSpacing="sm" horizontalSpacing="sm" striped="odd" data-testid="authors-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>#</Table.Th>
                <Table.Th>{t('submissions.detail.authorColumns.name')}</Table.Th>
                <Table.Th>{t('submissions.detail.authorColumns.email')}</Table.Th>
                <Table.Th>{t('submissions.detail.authorColumns.country')}</Table.Th>
                <Table.Th>{t('submissions.detail.authorColumns.affiliation')}</Table.Th>
                <Table.Th ta="center">{t('submissions.detail.authorColumns.corresponding')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {authors.map((author) => (
                <Table.Tr key={author.id} data-testid="author-row">
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {author.order}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {name(author)}
                    {webpage(author)}
                  </Table.Td>
                  <Table.Td>{email(author)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{country(author.country)}</Text>
                  </Table.Td>
                  <Table.Td maw={320}>
                    <UserText size="sm">{author.affiliation}</UserText>
                  </Table.Td>
                  <Table.Td ta="center">
                    {author.is_corresponding ? (
                      corresponding
                    ) : (
                      <Text size="sm" c="dimmed">
                        -
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="sm" hiddenFrom="sm" data-testid="authors-cards">
            {authors.map((author) => (
              <Paper key={author.id} withBorder radius="md" p="sm">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={2} miw={0}>
                    {name(author)}
                    {email(author)}
                  </Stack>
                  {author.is_corresponding ? corresponding : null}
                </Group>
                <UserText size="sm" c="dimmed" mt={6}>
                  {author.affiliation}
                </UserText>
                <Text size="sm" c="dimmed">
                  {country(author.country)}
                </Text>
                {webpage(author)}
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </DetailCard>
  );
}

/** The status panel: status, decision and its details, created and updated. */
export function StatusPanel({ submission }: { submission: SubmissionDto }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (
    <DetailCard title={t('submissions.detail.statusPanel')} icon={Activity} data-testid="status-panel">
      <DataList gap="sm" labelWidth={110}>
        <DataList.Item>
          <DataList.ItemLabel>{t('submissions.detail.status')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <SubmissionStatusBadge status={submission.status} display={submission.status_display} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('submissions.detail.decision')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <DecisionBadge decision={submission.decision} display={submission.decision_display} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('submissions.detail.created')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text size="sm" data-testid="detail-created">
              {formatSubmissionDate(submission.created, locale)}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('submissions.detail.updated')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text size="sm" data-testid="detail-updated">
              {formatSubmissionDate(submission.updated, locale)}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {submission.decision_details ? (
        <Stack gap={4} mt="xs">
          <Text size="xs" c="dimmed" fw={600}>
            {t('submissions.detail.decisionDetails')}
          </Text>
          <UserText size="sm" multiline data-testid="detail-decision-details">
            {submission.decision_details}
          </UserText>
        </Stack>
      ) : null}
    </DetailCard>
  );
}

/** The event the paper was submitted to. */
export function EventLinkLine({ submission }: { submission: SubmissionDto }) {
  const { t } = useTranslation();
  if (!submission.event_public_id) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('submissions.detail.submittedTo')}{' '}
      <Anchor component={Link} to={`/events/${encodeURIComponent(submission.event_public_id)}`} size="sm" fw={500}>
        <UserInline>{submission.event_title}</UserInline>
      </Anchor>
    </Text>
  );
}
