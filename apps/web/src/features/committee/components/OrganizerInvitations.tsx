import type { OrganizerInvitationDto } from '@confero/contracts';
import { ActionIcon, Badge, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { MailX } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/data/UserText.tsx';

/** An invitation's state: pending, accepted while its invitee has no account yet, or declined (the reviewers' colours). */
export function invitationState(invitation: OrganizerInvitationDto): 'pending' | 'awaiting' | 'declined' {
  if (invitation.status === 'declined') return 'declined';
  return invitation.awaiting_account ? 'awaiting' : 'pending';
}

const STATE_LOOK = {
  pending: { key: 'committee.invitations.statusPending', color: 'yellow' },
  awaiting: { key: 'committee.invitations.statusAwaiting', color: 'green' },
  declined: { key: 'committee.invitations.statusDeclined', color: 'red' },
} as const;

type OrganizerInvitationsProps = {
  invitations: OrganizerInvitationDto[];
  /** Cancelling is offered to those who may manage the role; others only read the list. */
  onCancel?: (invitation: OrganizerInvitationDto) => void;
  testId: string;
};

/** The invitations of one role that are not active: who, their state, and a cancel button. */
export function OrganizerInvitations({ invitations, onCancel, testId }: OrganizerInvitationsProps) {
  const { t } = useTranslation();
  if (invitations.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text size="sm" fw={600}>
        {t('committee.invitations.title')}
      </Text>
      {invitations.map((invitation, index) => {
        const look = STATE_LOOK[invitationState(invitation)];
        return (
          <Fragment key={invitation.email}>
            {index > 0 ? <Divider /> : null}
            <Group justify="space-between" wrap="nowrap" gap="sm" data-testid={`${testId}-row`}>
              <Stack gap={0} miw={0}>
                <UserText size="sm" fw={600} truncate>
                  {invitation.display_name}
                </UserText>
                <Text size="xs" c="dimmed" truncate>
                  {invitation.email}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" color={look.color} data-testid={`${testId}-status`}>
                  {t(look.key)}
                </Badge>
                {onCancel ? (
                  <Tooltip label={t('committee.invitations.cancel')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onCancel(invitation)}
                      aria-label={t('committee.invitations.cancelAria', { name: invitation.display_name })}
                    >
                      <MailX size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Group>
          </Fragment>
        );
      })}
    </Stack>
  );
}
