import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { adminActionError } from '../admin-errors.ts';
import { type AdminUserRow, rowName } from '../admin-users.ts';
import { useDeleteAdminUserMutation } from '../api.ts';

type DeleteUserModalProps = { user: AdminUserRow | null; onClose: () => void };

/**
 * The delete dialog: a warning naming the user and the address, Cancel and Delete. A failure is notified and the dialog
 * closes; success is notified and the list reloads.
 */
export function DeleteUserModal({ user, onClose }: DeleteUserModalProps) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const remove = useDeleteAdminUserMutation();

  const handleDelete = () => {
    if (!user) return;
    remove.mutate(user.publicId, {
      onSuccess: () => notify('success', t('adminUsers.deleteSuccess', { email: user.email })),
      onError: (error) => notify('error', text(adminActionError(error, 'adminUsers.deleteError'))),
      onSettled: onClose,
    });
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title={t('adminUsers.deleteTitle')} centered radius="lg">
      {user ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<TriangleAlert size={18} />}>
            <Text size="sm" data-testid="delete-warning">
              <Trans
                i18nKey="adminUsers.deleteWarning"
                values={{ name: rowName(user), email: user.email }}
                components={{ strong: <strong /> }}
              />
            </Text>
          </Alert>
          <Text size="sm" c="dimmed">
            {t('adminUsers.deleteIrreversible')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('adminUsers.cancel')}
            </Button>
            <Button color="red" onClick={handleDelete} loading={remove.isPending}>
              {t('adminUsers.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
