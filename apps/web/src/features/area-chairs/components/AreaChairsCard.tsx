import type { AreaChairDto } from '@confero/contracts';
import { Badge, Button, Group, NumberInput, Paper, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck, Pencil, Send, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, RowAction } from '../../../components/data/DataTable.tsx';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { UserText } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { EditGrantModal } from '../../committee/components/EditGrantModal.tsx';
import { useCommitteeText } from '../../committee/use-committee-text.ts';
import { reviewerStatusColor } from '../../events/event-display.ts';
import {
  AREA_CHAIRS_PAGE_SIZE,
  eventAreaChairsQuery,
  useAddAreaChairMutation,
  useInviteAreaChairMutation,
  useRemoveAreaChairMutation,
  useUpdateAreaChairMutation,
} from '../api.ts';

const STATUS_KEYS = {
  active: 'areaChairs.committee.statusActive',
  pending: 'areaChairs.committee.statusPending',
  declined: 'areaChairs.committee.statusDeclined',
} as const;

const statusKey = (status: string) => STATUS_KEYS[status as keyof typeof STATUS_KEYS] ?? STATUS_KEYS.pending;

/** The load's colour: at the limit orange, past it red. */
const loadColor = (row: AreaChairDto) =>
  row.assigned > row.max_papers ? 'red' : row.assigned === row.max_papers ? 'orange' : undefined;

/**
 * The event's area chairs on the committee screen (`docs/domain.md#area-chair`): each with their load (papers
 * chaired against their maximum, completed meta-reviews) and status, removed after a confirmation (the papers they
 * chair lose their area chair); a form adding a registered user by e-mail with their maximum, or inviting the address.
 */
export function AreaChairsCard({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const { errorText, fieldError } = useCommitteeText();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const [page, setPage] = useState(1);
  const list = useQuery(eventAreaChairsQuery(eventId, page));
  const add = useAddAreaChairMutation(eventId);
  const invite = useInviteAreaChairMutation(eventId);
  const remove = useRemoveAreaChairMutation(eventId);
  const update = useUpdateAreaChairMutation(eventId);
  const [removing, setRemoving] = useState<AreaChairDto | null>(null);
  const [editing, setEditing] = useState<AreaChairDto | null>(null);
  const form = useForm({
    initialValues: { email: '', maxPapers: 5 as number | string },
    validate: { email: (value) => (value.trim() ? null : t('areaChairs.committee.emailRequired')) },
  });
  const count = list.data?.count ?? 0;

  const showFieldErrors = (error: unknown) => {
    const email = fieldError(error, 'email') ?? fieldError(error, 'user_id');
    if (email) form.setFieldError('email', email);
    const max = fieldError(error, 'max_papers');
    if (max) form.setFieldError('maxPapers', max);
  };

  const handleAdd = form.onSubmit(({ email, maxPapers }) => {
    add.mutate(
      { email: email.trim(), max_papers: maxPapers === '' ? null : maxPapers },
      {
        onSuccess: () => {
          notify('success', t('areaChairs.committee.added'));
          form.reset();
        },
        onError: (error) => {
          showFieldErrors(error);
          notify('error', errorText(error, t('areaChairs.committee.addFailed')));
        },
      },
    );
  });

  const handleInvite = () => {
    const { hasErrors } = form.validate();
    if (hasErrors) return;
    const email = form.values.email.trim();
    invite.mutate(
      { email },
      {
        onSuccess: () => {
          notify('success', t('areaChairs.committee.invited', { email }));
          form.reset();
        },
        onError: (error) => {
          showFieldErrors(error);
          notify('error', errorText(error, t('areaChairs.committee.inviteFailed')));
        },
      },
    );
  };

  const handleRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        notify('success', t('areaChairs.committee.removed'));
        setRemoving(null);
      },
      onError: (error) => notify('error', errorText(error, t('areaChairs.committee.removeFailed'))),
    });
  };

  return (
    <Paper withBorder radius="lg" component="section" data-testid="committee-area-chairs">
      <Group p="md" justify="space-between" gap="sm">
        <Group gap="sm">
          <BookOpenCheck size={18} aria-hidden="true" />
          <Text component="h2" fw={700} fz="md">
            {t('areaChairs.committee.title')}
          </Text>
        </Group>
        {list.data ? (
          <Badge variant="light" size="lg" data-testid="committee-area-chairs-count" data-count={count}>
            {t('areaChairs.committee.count', { count, formatted: number.format(count) })}
          </Badge>
        ) : null}
      </Group>
      <form onSubmit={handleAdd} noValidate data-testid="committee-add-area-chair">
        <Group px="md" pb="md" align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('areaChairs.committee.email')}
            type="email"
            dir="ltr"
            autoComplete="off"
            style={{ flex: '1 1 16rem' }}
            {...form.getInputProps('email')}
          />
          <NumberInput
            label={t('areaChairs.committee.maxPapers')}
            min={1}
            max={100}
            w={140}
            {...form.getInputProps('maxPapers')}
          />
          <Button type="submit" leftSection={<UserPlus size={16} />} loading={add.isPending}>
            {t('areaChairs.committee.add')}
          </Button>
          <Button variant="light" leftSection={<Send size={16} />} loading={invite.isPending} onClick={handleInvite}>
            {t('areaChairs.committee.invite')}
          </Button>
        </Group>
      </form>
      <QueryView
        query={list}
        loading={<ListSkeleton rowHeight={52} />}
        failure={t('areaChairs.committee.loadFailed')}
        failureDetail={(error) => errorText(error, '')}
        inset
        empty={{
          when: (data) => data.results.length === 0,
          icon: <BookOpenCheck size={28} />,
          title: t('areaChairs.committee.emptyTitle'),
          description: t('areaChairs.committee.empty'),
          testId: 'committee-area-chairs-empty',
        }}
      >
        {(data) => (
          <>
            <DataTable
              minWidth={720}
              headers={[
                t('areaChairs.committee.name'),
                t('areaChairs.committee.expertise'),
                t('areaChairs.committee.load'),
                t('areaChairs.committee.metaReviews'),
                t('areaChairs.committee.status'),
              ]}
              actionsLabel={t('areaChairs.committee.actions')}
            >
              {data.results.map((row) => (
                <Table.Tr key={row.public_id ?? row.email} data-testid="committee-area-chair" data-email={row.email}>
                  <Table.Td>
                    <UserText size="sm" fw={600}>
                      {row.name || row.email}
                    </UserText>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <UserText size="sm" lineClamp={2}>
                      {row.expertise}
                    </UserText>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={loadColor(row)} data-testid="committee-area-chair-load">
                      {t('areaChairs.committee.loadValue', {
                        load: number.format(row.assigned),
                        max: number.format(row.max_papers),
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{number.format(row.completed_meta_reviews)}</Table.Td>
                  <Table.Td>
                    <Badge color={reviewerStatusColor(row.status as 'active')} variant="light">
                      {t(statusKey(row.status))}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {row.public_id ? (
                        <RowAction
                          label={t('areaChairs.committee.edit')}
                          ariaLabel={t('areaChairs.committee.editAria', { name: row.name || row.email })}
                          icon={Pencil}
                          onClick={() => setEditing(row)}
                          testId="committee-area-chair-edit"
                        />
                      ) : null}
                      <RowAction
                        label={t('areaChairs.committee.remove')}
                        ariaLabel={t('areaChairs.committee.removeAria', { name: row.name || row.email })}
                        icon={Trash2}
                        onClick={() => setRemoving(row)}
                        color="red"
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <ListPagination
              page={page}
              pages={pageCount(data.count, AREA_CHAIRS_PAGE_SIZE)}
              onChange={setPage}
              data-testid="committee-area-chairs-pagination"
            />
          </>
        )}
      </QueryView>
      <EditGrantModal
        member={
          editing && {
            userId: editing.public_id,
            name: editing.name || editing.email,
            expertise: editing.expertise,
            max_papers: editing.max_papers,
          }
        }
        update={update}
        title={t('areaChairs.committee.editTitle')}
        savedNotice={() => ({ tone: 'success', text: t('areaChairs.committee.saved') })}
        failedText={t('areaChairs.committee.saveFailed')}
        maxPapersHint={
          editing && editing.assigned > 0
            ? t('areaChairs.committee.maxPapersHint', {
                count: editing.assigned,
                formatted: number.format(editing.assigned),
              })
            : undefined
        }
        testId="edit-area-chair-form"
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('areaChairs.committee.removeTitle')}
        message={t('areaChairs.committee.removeMessage', {
          name: removing?.name || removing?.email || '',
          count: removing?.assigned ?? 0,
        })}
        confirmLabel={t('areaChairs.committee.removeConfirm')}
        cancelLabel={t('areaChairs.committee.cancel')}
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
        loading={remove.isPending}
        danger
      />
    </Paper>
  );
}
