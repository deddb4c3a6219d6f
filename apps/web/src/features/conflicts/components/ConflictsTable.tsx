import type { ConflictDto } from '@confero/contracts';
import { Anchor, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Unlink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/data/format.ts';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { conflictReasonLines, declaredNote, personName } from '../conflict-display.ts';
import { useConflictText } from '../use-conflict-text.ts';
import { ConflictSourceBadge, ConflictTypeBadge } from './ConflictBadges.tsx';
import { ConflictReasons } from './ConflictReasons.tsx';

type ConflictsTableProps = {
  conflicts: ConflictDto[];
  /** The event's public id (or the id in the address), for the submission links. */
  eventRef: string;
  onLift: (conflict: ConflictDto) => void;
};

/**
 * One page of an event's conflicts of interest: the person (name, e-mail, affiliation), the submission (linked),
 * the type, where it comes from, its reasons in the interface language with the declarer's note, who declared it,
 * when, and a Lift action where the conflict's `abilities.lift` allows it (never for authorship).
 */
export function ConflictsTable({ conflicts, eventRef, onLift }: ConflictsTableProps) {
  const { t, i18n } = useTranslation();
  const { language } = useConflictText();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover striped="odd" data-testid="conflicts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('conflicts.table.person')}</Table.Th>
            <Table.Th>{t('conflicts.table.submission')}</Table.Th>
            <Table.Th>{t('conflicts.table.type')}</Table.Th>
            <Table.Th>{t('conflicts.table.source')}</Table.Th>
            <Table.Th>{t('conflicts.table.reasons')}</Table.Th>
            <Table.Th>{t('conflicts.table.declaredBy')}</Table.Th>
            <Table.Th>{t('conflicts.table.date')}</Table.Th>
            <Table.Th ta="end">{t('conflicts.table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {conflicts.map((conflict) => {
            const name = personName(conflict.user);
            const link = conflict.submission.public_id
              ? `/events/${encodeURIComponent(eventRef)}/submissions/${encodeURIComponent(conflict.submission.public_id)}`
              : null;
            return (
              <Table.Tr
                key={conflict.id}
                data-testid="conflict-row"
                data-conflict-id={conflict.id}
                data-user={conflict.user.public_id}
                data-submission={conflict.submission.public_id}
              >
                <Table.Td>
                  <Stack gap={0} miw={0} maw={240}>
                    <UserText size="sm" fw={600} data-testid="conflict-person">
                      {name}
                    </UserText>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="conflict-email">
                      <span dir="ltr">{conflict.user.email}</span>
                    </Text>
                    {conflict.user.affiliation ? (
                      <UserText size="xs" c="dimmed">
                        {conflict.user.affiliation}
                      </UserText>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td maw={280}>
                  {link ? (
                    <Anchor
                      component={Link}
                      to={link}
                      size="sm"
                      fw={500}
                      data-testid="conflict-submission"
                      {...USER_DIR}
                    >
                      {conflict.submission.title}
                    </Anchor>
                  ) : (
                    <UserText size="sm" data-testid="conflict-submission">
                      {conflict.submission.title}
                    </UserText>
                  )}
                </Table.Td>
                <Table.Td>
                  <ConflictTypeBadge type={conflict.type} />
                </Table.Td>
                <Table.Td>
                  <ConflictSourceBadge source={conflict.source} />
                </Table.Td>
                <Table.Td maw={340}>
                  <ConflictReasons lines={conflictReasonLines(conflict, language)} note={declaredNote(conflict)} />
                </Table.Td>
                <Table.Td>
                  <UserText
                    size="sm"
                    c={conflict.declared_by ? undefined : 'dimmed'}
                    data-testid="conflict-declared-by"
                  >
                    {conflict.declared_by?.full_name ||
                      (conflict.source === 'detected' ? t('conflicts.table.automatic') : '-')}
                  </UserText>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(conflict.created_at, locale)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {conflict.abilities.lift ? (
                    <Group justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<Unlink size={14} />}
                        onClick={() => onLift(conflict)}
                        aria-label={t('conflicts.lift.aria', { name, title: conflict.submission.title })}
                        data-testid="conflict-lift"
                      >
                        {t('conflicts.lift.action')}
                      </Button>
                    </Group>
                  ) : conflict.type === 'author' ? (
                    <Tooltip label={t('conflicts.table.permanentHint')}>
                      <Text size="xs" c="dimmed" ta="end" data-testid="conflict-permanent">
                        {t('conflicts.table.permanent')}
                      </Text>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
