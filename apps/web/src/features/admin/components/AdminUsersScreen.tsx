import { Badge, Group, Paper, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Search, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
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
        <QueryView
          query={users}
          loading={<ListSkeleton rowHeight={44} data-testid="users-loading" />}
          failureTitle={t('adminUsers.errorHeading')}
          failure={(error) => text(errorMessageOr(error, 'adminUsers.loadError'))}
          failureTestId="users-error"
          inset
          empty={{
            when: (data) => data.rows.length === 0,
            icon: <UsersRound size={28} />,
            title: t('adminUsers.noUsersFound'),
            description: users.data?.unprocessable
              ? t('adminUsers.errorProcessing')
              : debouncedSearch
                ? t('adminUsers.noSearchResults', { search: debouncedSearch })
                : t('adminUsers.noUsersAvailable'),
            testId: 'users-empty',
          }}
        >
          {(data) => <UsersTable rows={data.rows} onEdit={setEditing} onDelete={setDeleting} />}
        </QueryView>
        <ListPagination page={page} pages={pages} onChange={list.setPage} data-testid="users-pagination" />
      </Paper>
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
