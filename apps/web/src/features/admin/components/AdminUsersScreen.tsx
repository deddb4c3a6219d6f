import { Alert, Badge, Button, EmptyState, Group, Paper, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, RefreshCw, Search, UsersRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { useLastPageBound, useListParams, useListSearch } from '../../../lib/use-list-params.ts';
import { ADMIN_USER_LIST_CODEC, ADMIN_USER_SEARCH_MAX_LENGTH, type AdminUserRow } from '../admin-users.ts';
import { ADMIN_USERS_PAGE_SIZE, adminUsersQuery } from '../api.ts';
import { DeleteUserModal } from './DeleteUserModal.tsx';
import { EditUserModal } from './EditUserModal.tsx';
import { UsersTable } from './UsersTable.tsx';

/** /admin/users: the paginated, searchable user table (search and page in the address) with edit and delete dialogs. */
export function AdminUsersScreen() {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const list = useListParams(ADMIN_USER_LIST_CODEC);
  const { search: debouncedSearch, page } = list.filters;
  const [search, setSearch] = useListSearch(list, { maxLength: ADMIN_USER_SEARCH_MAX_LENGTH });
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const users = useQuery(adminUsersQuery({ page, search: debouncedSearch }));

  const count = users.data?.count ?? 0;
  const pages = pageCount(count, ADMIN_USERS_PAGE_SIZE);
  // After a delete the last page may be gone.
  useLastPageBound(list, users.data && !users.isPlaceholderData ? pages : null);

  let content: ReactNode;
  if (users.isPending) {
    content = <ListSkeleton rowHeight={44} data-testid="users-loading" />;
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
          <Text size="sm">{text(errorMessageOr(users.error, 'adminUsers.loadError'))}</Text>
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
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={t('adminUsers.searchPlaceholder')}
            aria-label={t('adminUsers.search')}
            leftSection={<Search size={16} />}
            w={{ base: '100%', sm: 360 }}
            type="search"
          />
        </Group>
        {content}
        <ListPagination page={page} pages={pages} onChange={list.setPage} data-testid="users-pagination" />
      </Paper>
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
