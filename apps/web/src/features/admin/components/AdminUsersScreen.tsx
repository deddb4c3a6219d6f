import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, RefreshCw, Search, UsersRound } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromServerText, serverErrorText, useMessageText } from '../../../components/feedback/message.ts';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import type { AdminUserRow } from '../admin-users.ts';
import { ADMIN_USERS_PAGE_SIZE, adminUsersQuery } from '../api.ts';
import { DeleteUserModal } from './DeleteUserModal.tsx';
import { EditUserModal } from './EditUserModal.tsx';
import { UsersTable } from './UsersTable.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/** /admin/users: the paginated, searchable user table with edit and delete dialogs. */
export function AdminUsersScreen() {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const users = useQuery(adminUsersQuery({ page, search: debouncedSearch }));

  const count = users.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / ADMIN_USERS_PAGE_SIZE));
  // After a delete the last page may be gone.
  useEffect(() => {
    if (users.data && page > pages) setPage(pages);
  }, [users.data, page, pages]);

  let content: ReactNode;
  if (users.isPending) {
    content = (
      <Stack gap="sm" p="md" data-testid="users-loading">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={44} radius="md" />
        ))}
      </Stack>
    );
  } else if (users.isError) {
    content = (
      <Alert
        m="md"
        color="red"
        icon={<CircleAlert size={18} />}
        title={t('adminUsers.errorHeading')}
        role="alert"
        data-testid="users-error"
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm">{text(fromServerText(serverErrorText(users.error) ?? 'adminUsers.loadError'))}</Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<RefreshCw size={14} />}
            onClick={() => void users.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (users.data.rows.length === 0) {
    content = (
      <EmptyState
        py="xl"
        icon={<UsersRound size={28} />}
        withIndicatorBackground
        title={t('adminUsers.noUsersFound')}
        description={
          users.data.unprocessable
            ? t('adminUsers.errorProcessing')
            : debouncedSearch
              ? t('adminUsers.noSearchResults', { search: debouncedSearch })
              : t('adminUsers.noUsersAvailable')
        }
        data-testid="users-empty"
      />
    );
  } else {
    content = <UsersTable rows={users.data.rows} onEdit={setEditing} onDelete={setDeleting} />;
  }

  return (
    <>
      <PageHeader
        title={t('pages.adminUsers.title')}
        description={t('pages.adminUsers.description')}
        actions={
          <Badge size="xl" variant="light" leftSection={<UsersRound size={14} />} data-testid="user-count">
            {t('adminUsers.count', { count, formatted: new Intl.NumberFormat(i18n.language).format(count) })}
          </Badge>
        }
      />
      <Paper withBorder radius="lg">
        <Group p="md" justify="space-between" gap="sm">
          <TextInput
            value={search}
            onChange={(event) => {
              // A new search starts on the first page.
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            placeholder={t('adminUsers.searchPlaceholder')}
            aria-label={t('adminUsers.search')}
            leftSection={<Search size={16} />}
            w={{ base: '100%', sm: 360 }}
            type="search"
          />
        </Group>
        {content}
        {pages > 1 ? (
          <Group justify="center" p="md">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" data-testid="users-pagination" />
          </Group>
        ) : null}
      </Paper>
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
