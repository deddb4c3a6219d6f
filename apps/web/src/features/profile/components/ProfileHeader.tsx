import type { ProfileDto } from '@confero/contracts';
import { Avatar, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { Pencil, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AccountStatusBadge } from '../../../components/data/AccountStatusBadge.tsx';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { fullName, initials } from '../../../components/layout/user-display.ts';
import classes from './Profile.module.css';

type ProfileHeaderProps = { profile: ProfileDto; editing: boolean; onToggleEdit: () => void };

/** Initials, full name, affiliation, account status and the edit/cancel toggle. */
export function ProfileHeader({ profile, editing, onToggleEdit }: ProfileHeaderProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.header}>
      <Group justify="space-between" align="center" gap="md">
        <Group gap="lg" wrap="nowrap" miw={0}>
          <Avatar size={72} radius="xl" color="brand" variant="filled" className={classes.avatar}>
            {initials(profile)}
          </Avatar>
          <Stack gap={4} miw={0}>
            <Title order={2} fz={{ base: 20, sm: 24 }} data-testid="profile-full-name" {...USER_DIR}>
              {fullName(profile)}
            </Title>
            {profile.affiliation ? (
              <UserText c="dimmed" data-testid="profile-affiliation">
                {profile.affiliation}
              </UserText>
            ) : null}
            <Group gap="xs">
              <AccountStatusBadge status={profile.account_status} data-testid="profile-status" />
            </Group>
          </Stack>
        </Group>
        <Button
          variant={editing ? 'default' : 'filled'}
          leftSection={editing ? <X size={16} /> : <Pencil size={16} />}
          onClick={onToggleEdit}
          data-testid="profile-edit-toggle"
        >
          {editing ? t('profile.cancel') : t('profile.edit')}
        </Button>
      </Group>
    </Paper>
  );
}
