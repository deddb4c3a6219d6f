import type { ChairDto, EventDto, OrganizerInvitationDto, OrganizerRole } from '@confero/contracts';
import { ActionIcon, Alert, Button, Divider, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Crown, Mail, Send, ShieldCheck, Trash2, UserPlus } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { isolate, UserText } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { fieldMessages } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import {
  organizerInvitationsQuery,
  useAddOrganizerMutation,
  useInviteOrganizerMutation,
  useRemoveOrganizerMutation,
} from '../api.ts';
import { useCommitteeText } from '../use-committee-text.ts';
import { OrganizerInvitations } from './OrganizerInvitations.tsx';

/** What differs between the chairs' card and the event admins' card. */
const ROLES = {
  chair: {
    ns: 'chairs',
    icon: Crown,
    testId: 'committee-chair',
    formTestId: 'committee-add-chair',
    last: 'committee.chairs.lastChair',
    lastTestId: 'committee-last-chair',
  },
  event_admin: {
    ns: 'eventAdmins',
    icon: ShieldCheck,
    testId: 'committee-event-admin',
    formTestId: 'committee-add-event-admin',
    last: 'committee.eventAdmins.lastEventAdmin',
    lastTestId: 'committee-last-event-admin',
  },
} as const;

/** The add call's answer that no account uses the address: the organizer may invite it instead. */
const noAccount = (error: unknown) =>
  fieldMessages(error).some(
    (line) => line.field === 'email' && 'key' in line.message && line.message.key === 'events.chairEmailNotFound',
  );

const nameOf = (person: ChairDto) => `${person.first_name} ${person.last_name}`.trim() || person.email;

/** Who the confirmation is about: a member to remove, or an invitation to cancel. */
type Removal = { kind: 'member'; member: ChairDto } | { kind: 'invitation'; invitation: OrganizerInvitationDto };

type OrganizersCardProps = {
  event: EventDto;
  organizerRole: OrganizerRole;
  /** Whether the viewer may add, invite and remove people in this role (the event's abilities). */
  canManage: boolean;
};

/**
 * The chairs of the whole event, or its event admins: each member with a remove button (after a confirmation),
 * disabled with its reason on the last one; the invitations not answered yet (or declined), each cancellable; and a
 * form adding a registered user by e-mail, which offers to send an invitation when no account uses the address.
 * A viewer who may not manage the role reads the lists only.
 */
export function OrganizersCard({ event, organizerRole: role, canManage }: OrganizersCardProps) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useCommitteeText();
  const { ns, icon, testId, formTestId, last, lastTestId } = ROLES[role];
  const eventId = event.public_id;
  const members = role === 'chair' ? event.chairs : event.event_admins;
  const invitations = useQuery(organizerInvitationsQuery(eventId));
  const add = useAddOrganizerMutation(eventId, role);
  const remove = useRemoveOrganizerMutation(eventId, role);
  const invite = useInviteOrganizerMutation(eventId, role);
  const [removing, setRemoving] = useState<Removal | null>(null);
  /** The address no account uses, which the organizer may invite instead. */
  const [unknownEmail, setUnknownEmail] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : t(`committee.${ns}.emailRequired`)) },
    onValuesChange: () => setUnknownEmail(null),
  });
  const isLast = members.length <= 1;

  const handleAdd = form.onSubmit(({ email }) => {
    add.mutate(email.trim(), {
      onSuccess: () => {
        notify('success', t(`committee.${ns}.added`));
        form.reset();
      },
      onError: (error) => {
        // No account uses the address: not a mistake to correct, an invitation to offer.
        if (noAccount(error)) {
          setUnknownEmail(email.trim());
          return;
        }
        const text = fieldError(error, 'email') ?? fieldError(error, 'user_id');
        if (text) form.setFieldError('email', text);
        notify('error', errorText(error, t(`committee.${ns}.addFailed`)));
      },
    });
  });

  const handleInvite = () => {
    if (!unknownEmail) return;
    invite.mutate(unknownEmail, {
      onSuccess: () => {
        notify('success', t('committee.invitations.sent', { email: unknownEmail }));
        form.reset();
        setUnknownEmail(null);
      },
      onError: (error) => notify('error', errorText(error, t('committee.invitations.sendFailed'))),
    });
  };

  const handleRemove = () => {
    if (!removing) return;
    const who =
      removing.kind === 'member' ? { user_id: removing.member.public_id } : { email: removing.invitation.email };
    remove.mutate(who, {
      onSuccess: () => {
        notify(
          'success',
          t(removing.kind === 'member' ? `committee.${ns}.removed` : 'committee.invitations.cancelled'),
        );
        setRemoving(null);
      },
      onError: (error) => {
        const fallback = t(
          removing.kind === 'member' ? `committee.${ns}.removeFailed` : 'committee.invitations.cancelFailed',
        );
        notify('error', errorText(error, fallback));
        setRemoving(null);
      },
    });
  };

  const pending = (invitations.data ?? []).filter((invitation) => invitation.role === role);
  const removingName =
    removing?.kind === 'member' ? nameOf(removing.member) : (removing?.invitation.display_name ?? '');

  return (
    <DetailCard title={t(`committee.${ns}.title`)} icon={icon} data-testid={`${testId}s`}>
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`committee.${ns}.empty`)}
        </Text>
      ) : (
        <Stack gap="sm">
          {members.map((member, index) => (
            <Fragment key={member.public_id}>
              {index > 0 ? <Divider /> : null}
              <Group justify="space-between" wrap="nowrap" gap="sm" data-testid={testId}>
                <Stack gap={0} miw={0}>
                  <UserText size="sm" fw={600} truncate>
                    {nameOf(member)}
                  </UserText>
                  <Text size="xs" c="dimmed" truncate>
                    {member.email}
                  </Text>
                </Stack>
                {canManage ? (
                  <Tooltip label={isLast ? t(last) : t(`committee.${ns}.remove`)} multiline maw={280}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={isLast}
                      data-disabled={isLast || undefined}
                      onClick={() => setRemoving({ kind: 'member', member })}
                      aria-label={t(`committee.${ns}.removeAria`, { name: nameOf(member) })}
                      aria-describedby={isLast ? lastTestId : undefined}
                    >
                      <Trash2 size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Fragment>
          ))}
          {canManage && isLast ? (
            <Text size="xs" c="dimmed" id={lastTestId} data-testid={lastTestId}>
              {t(last)}
            </Text>
          ) : null}
        </Stack>
      )}
      {invitations.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorText(invitations.error, t('committee.invitations.loadFailed'))}
        </Text>
      ) : (
        <OrganizerInvitations
          invitations={pending}
          testId={`${testId}-invitations`}
          onCancel={canManage ? (invitation) => setRemoving({ kind: 'invitation', invitation }) : undefined}
        />
      )}
      {canManage ? (
        <form onSubmit={handleAdd} noValidate data-testid={formTestId}>
          <Stack gap="sm">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                type="email"
                label={t(`committee.${ns}.email`)}
                description={t(`committee.${ns}.emailHint`)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                leftSection={<Mail size={16} />}
                autoComplete="off"
                style={{ flex: '1 1 260px' }}
                {...form.getInputProps('email')}
              />
              <Button
                type="submit"
                mt={{ base: 0, xs: 25 }}
                leftSection={<UserPlus size={16} />}
                loading={add.isPending}
              >
                {t(`committee.${ns}.add`)}
              </Button>
            </Group>
            {unknownEmail ? (
              <Alert color="blue" variant="light" data-testid={`${testId}-invite`}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t(`committee.${ns}.invitePrompt`, { email: isolate(unknownEmail) })}</Text>
                  <Button size="xs" leftSection={<Send size={14} />} loading={invite.isPending} onClick={handleInvite}>
                    {t('committee.invitations.send')}
                  </Button>
                </Stack>
              </Alert>
            ) : null}
          </Stack>
        </form>
      ) : (
        <Text size="xs" c="dimmed">
          {t('committee.eventAdmins.readOnly')}
        </Text>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t(removing?.kind === 'invitation' ? 'committee.invitations.cancel' : `committee.${ns}.removeTitle`)}
        message={t(
          removing?.kind === 'invitation' ? 'committee.invitations.cancelConfirm' : `committee.${ns}.removeConfirm`,
          { name: isolate(removingName) },
        )}
        confirmLabel={t(removing?.kind === 'invitation' ? 'committee.invitations.cancel' : `committee.${ns}.remove`)}
        cancelLabel={t('committee.tracks.cancel')}
        danger
        loading={remove.isPending}
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
      />
    </DetailCard>
  );
}
