import { Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { BadgeCheck, CircleDashed, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AccountStatusBadge } from '../../../components/data/AccountStatusBadge.tsx';
import { RowAction } from '../../../components/data/DataTable.tsx';
import { formatDate } from '../../../components/data/format.ts';
import { UserText } from '../../../components/data/UserText.tsx';
import { type AdminUserRow, rowInitials, rowName } from '../admin-users.ts';

/** Badges keep their whole word; the table scrolls sideways instead. */
const NO_TRUNCATION = { label: { overflow: 'visible' } };

type UsersTableProps = {
  rows: AdminUserRow[];
  onEdit: (row: AdminUserRow) => void;
  onDelete: (row: AdminUserRow) => void;
};

/**
 * The user table: e-mail with name and initials, e-mail verified, status, reviews, submissions, events, member since,
 * and the edit and delete actions.
 */
export function UsersTable({ rows, onEdit, onDelete }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover striped="odd" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminUsers.columns.email')}</Table.Th>
            <Table.Th>{t('adminUsers.columns.emailVerified')}</Table.Th>
            <Table.Th>{t('adminUsers.columns.status')}</Table.Th>
            <Table.Th ta="center">{t('adminUsers.columns.reviews')}</Table.Th>
            <Table.Th ta="center">{t('adminUsers.columns.submissions')}</Table.Th>
            <Table.Th ta="center">{t('adminUsers.columns.events')}</Table.Th>
            <Table.Th>{t('adminUsers.columns.memberSince')}</Table.Th>
            <Table.Th ta="end">{t('adminUsers.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = rowName(row);
            const stats = row.statistics;
            const count = (value: number | undefined) => (value === undefined ? '0' : number.format(value));
            return (
              <Table.Tr key={row.publicId} data-testid="user-row" data-email={row.email}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar radius="xl" size={36} color={row.isAdmin ? 'red' : 'brand'}>
                      {rowInitials(row)}
                    </Avatar>
                    <Stack gap={0} miw={0}>
                      <Group gap={6} wrap="nowrap">
                        <UserText size="sm" fw={600} truncate>
                          {name}
                        </UserText>
                        {row.isAdmin ? (
                          <Badge size="xs" color="red" variant="light">
                            {t('roles.admin')}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        {row.email}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {row.emailVerified ? (
                    <Badge color="teal" variant="light" leftSection={<BadgeCheck size={12} />} styles={NO_TRUNCATION}>
                      {t('adminUsers.verified')}
                    </Badge>
                  ) : (
                    <Badge
                      color="orange"
                      variant="light"
                      leftSection={<CircleDashed size={12} />}
                      styles={NO_TRUNCATION}
                    >
                      {t('adminUsers.notVerified')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <AccountStatusBadge status={row.accountStatus} data-testid="user-status" />
                </Table.Td>
                <Table.Td ta="center">{count(stats?.reviews_completed)}</Table.Td>
                <Table.Td ta="center">{count(stats?.submissions)}</Table.Td>
                <Table.Td ta="center">{count(stats?.events_participated)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(stats?.member_since || row.dateJoined, language)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <RowAction
                      label={t('adminUsers.edit')}
                      ariaLabel={t('adminUsers.editUser', { email: row.email })}
                      icon={Pencil}
                      onClick={() => onEdit(row)}
                    />
                    <RowAction
                      label={t('adminUsers.delete')}
                      ariaLabel={t('adminUsers.deleteUser', { email: row.email })}
                      icon={Trash2}
                      onClick={() => onDelete(row)}
                      color="red"
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
