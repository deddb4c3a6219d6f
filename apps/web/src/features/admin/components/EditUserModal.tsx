import type { AccountStatus } from '@confero/contracts';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { adminActionError } from '../admin-errors.ts';
import type { AdminUserRow } from '../admin-users.ts';
import { useUpdateAdminUserMutation } from '../api.ts';

const EDITABLE_STATUSES: AccountStatus[] = ['active', 'suspended', 'inactive'];

type EditUserModalProps = { user: AdminUserRow | null; onClose: () => void };

/**
 * The edit dialog: the address read-only, an e-mail-verified select (verified / not verified) and an account-status
 * select (active, suspended, inactive).
 */
export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const update = useUpdateAdminUserMutation();
  const [verified, setVerified] = useState('verified');
  const [status, setStatus] = useState<AccountStatus>('active');

  useEffect(() => {
    if (!user) return;
    setVerified(user.emailVerified ? 'verified' : 'not_verified');
    setStatus(user.accountStatus);
    update.reset();
  }, [user, update.reset]);

  const statuses =
    user && !EDITABLE_STATUSES.includes(user.accountStatus)
      ? [...EDITABLE_STATUSES, user.accountStatus]
      : EDITABLE_STATUSES;

  const handleSave = () => {
    if (!user) return;
    update.mutate(
      { publicId: user.publicId, changes: { email_verified: verified === 'verified', account_status: status } },
      {
        onSuccess: () => {
          notify('success', t('adminUsers.updateSuccess', { email: user.email }));
          onClose();
        },
        onError: (error) => notify('error', text(adminActionError(error, 'adminUsers.updateError'))),
      },
    );
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title={t('adminUsers.editTitle')} centered radius="lg">
      {user ? (
        <Stack gap="md">
          <TextInput
            label={t('adminUsers.columns.email')}
            value={user.email}
            classNames={LTR_VALUE_CLASS_NAMES}
            readOnly
            variant="filled"
            leftSection={<Mail size={16} />}
          />
          <Select
            label={t('adminUsers.columns.emailVerified')}
            data={[
              { value: 'verified', label: t('adminUsers.verified') },
              { value: 'not_verified', label: t('adminUsers.notVerified') },
            ]}
            value={verified}
            onChange={(value) => setVerified(value ?? 'verified')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('adminUsers.columns.status')}
            data={statuses.map((value) => ({ value, label: t(`accountStatus.${value}`) }))}
            value={status}
            onChange={(value) => value && setStatus(value as AccountStatus)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('adminUsers.cancel')}
            </Button>
            <Button onClick={handleSave} loading={update.isPending}>
              {t('adminUsers.save')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
