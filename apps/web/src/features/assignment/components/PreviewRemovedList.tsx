import type { AssignmentResultDto } from '@confero/contracts';
import { Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { UserText } from '../../../components/data/UserText.tsx';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { paginate } from '../auto-display.ts';
import { PaperLink } from './PaperLink.tsx';

const REMOVED_PAGE_SIZE = 20;

type PreviewRemovedListProps = {
  removed: AssignmentResultDto['removed'];
  paperHref: (publicId: string) => string;
};

/**
 * Replace mode: the automatic assignments, not yet started, that applying the preview would remove (the API
 * deletes exactly these), paged.
 */
export function PreviewRemovedList({ removed, paperHref }: PreviewRemovedListProps) {
  const { t, i18n } = useAssignmentTranslation();
  const [page, setPage] = useState(1);
  const shown = paginate(removed, page, REMOVED_PAGE_SIZE);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="preview-removed">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {t('autoAssignment.removed.title')} ({new Intl.NumberFormat(i18n.language).format(removed.length)})
          </Title>
          <Text size="sm" c="dimmed">
            {t('autoAssignment.removed.hint')}
          </Text>
        </Stack>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('autoAssignment.removed.paper')}</Table.Th>
                <Table.Th>{t('autoAssignment.removed.reviewer')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.items.map((row) => (
                <Table.Tr
                  key={`${row.submission.id}:${row.reviewer.public_id}`}
                  data-testid="removed-row"
                  data-submission={row.submission.public_id}
                  data-reviewer={row.reviewer.public_id}
                >
                  <Table.Td maw={320}>
                    <PaperLink to={paperHref(row.submission.public_id)} title={row.submission.title} />
                  </Table.Td>
                  <Table.Td>
                    <UserText size="sm" fw={500}>
                      {row.reviewer.full_name}
                    </UserText>
                    <Text size="xs" c="dimmed">
                      <span dir="ltr">{row.reviewer.email}</span>
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {shown.pages > 1 ? (
          <Pagination
            total={shown.pages}
            value={shown.page}
            onChange={setPage}
            size="sm"
            data-testid="preview-removed-pagination"
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
