import type { AssignmentResultDto } from '@confero/contracts';
import { Button, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { paginate, shortReasonText, type Translate } from '../auto-display.ts';
import { PaperLink } from './PaperLink.tsx';

const SHORT_PAGE_SIZE = 10;

type PreviewShortTableProps = {
  short: AssignmentResultDto['short'];
  paperHref: (publicId: string) => string;
  assignHref: (publicId: string) => string;
};

/**
 * The papers the assignment leaves short of reviewers, and why (every eligible reviewer is conflicted, or those
 * who may review it are full), each with a link to assign by hand. Paged: a big event may have many.
 */
export function PreviewShortTable({ short, paperHref, assignHref }: PreviewShortTableProps) {
  const { t, i18n } = useAssignmentTranslation();
  const translate = t as unknown as Translate;
  const [page, setPage] = useState(1);
  const number = new Intl.NumberFormat(i18n.language);
  const shown = paginate(short, page, SHORT_PAGE_SIZE);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="preview-short">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('autoAssignment.short.title')} ({number.format(short.length)})
        </Title>
        {short.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="preview-short-none">
            {t('autoAssignment.short.none')}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('autoAssignment.short.paper')}</Table.Th>
                    <Table.Th ta="center">{t('autoAssignment.short.wanted')}</Table.Th>
                    <Table.Th ta="center">{t('autoAssignment.short.assigned')}</Table.Th>
                    <Table.Th ta="center">{t('autoAssignment.short.eligible')}</Table.Th>
                    <Table.Th>{t('autoAssignment.short.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.items.map((row) => (
                    <Table.Tr
                      key={row.submission.id}
                      data-testid="preview-short-row"
                      data-submission={row.submission.public_id}
                    >
                      <Table.Td maw={280}>
                        <Stack gap={4} align="flex-start">
                          <PaperLink to={paperHref(row.submission.public_id)} title={row.submission.title} />
                          <Button
                            component={Link}
                            to={assignHref(row.submission.public_id)}
                            size="compact-xs"
                            variant="subtle"
                            leftSection={<UserPlus size={12} />}
                          >
                            {t('autoAssignment.short.assignManually')}
                          </Button>
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="center">{number.format(row.wanted)}</Table.Td>
                      <Table.Td ta="center">{number.format(row.assigned)}</Table.Td>
                      <Table.Td ta="center">{number.format(row.eligible_reviewers)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" data-testid="preview-short-reason" data-code={row.reason.code}>
                          {shortReasonText(row, translate)}
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
                data-testid="preview-short-pagination"
              />
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
