import type { ChairDto, EventDto } from '@confero/contracts';
import { ActionIcon, Button, Divider, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Crown, Mail, Trash2, UserPlus } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { isolate, UserText } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useAddChairMutation, useRemoveChairMutation } from '../api.ts';
import { useCommitteeText } from '../use-committee-text.ts';

const nameOf = (chair: ChairDto) => `${chair.first_name} ${chair.last_name}`.trim() || chair.email;

/**
 * The chairs of the whole event: each with a remove button (after a confirmation), disabled with its reason on the
 * last one; and a form adding a registered user by e-mail.
 */
export function ChairsCard({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useCommitteeText();
  const eventId = event.public_id;
  const add = useAddChairMutation(eventId);
  const remove = useRemoveChairMutation(eventId);
  const [removing, setRemoving] = useState<ChairDto | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : t('committee.chairs.emailRequired')) },
  });
  const isLast = event.chairs.length <= 1;

  const handleAdd = form.onSubmit(({ email }) => {
    add.mutate(email.trim(), {
      onSuccess: () => {
        notify('success', t('committee.chairs.added'));
        form.reset();
      },
      onError: (error) => {
        const text = fieldError(error, 'email') ?? fieldError(error, 'user_id');
        if (text) form.setFieldError('email', text);
        notify('error', errorText(error, t('committee.chairs.addFailed')));
      },
    });
  });

  const handleRemove = () => {
    if (!removing) return;
    remove.mutate(removing.public_id, {
      onSuccess: () => {
        notify('success', t('committee.chairs.removed'));
        setRemoving(null);
      },
      onError: (error) => {
        notify('error', errorText(error, t('committee.chairs.removeFailed')));
        setRemoving(null);
      },
    });
  };

  return (
    <DetailCard title={t('committee.chairs.title')} icon={Crown} data-testid="committee-chairs">
      {event.chairs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('committee.chairs.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {event.chairs.map((chair, index) => (
            <Fragment key={chair.public_id}>
              {index > 0 ? <Divider /> : null}
              <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="committee-chair">
                <Stack gap={0} miw={0}>
                  <UserText size="sm" fw={600} truncate>
                    {nameOf(chair)}
                  </UserText>
                  <Text size="xs" c="dimmed" truncate>
                    {chair.email}
                  </Text>
                </Stack>
                <Tooltip
                  label={isLast ? t('committee.chairs.lastChair') : t('committee.chairs.remove')}
                  multiline
                  maw={280}
                >
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={isLast}
                    data-disabled={isLast || undefined}
                    onClick={() => setRemoving(chair)}
                    aria-label={t('committee.chairs.removeAria', { name: nameOf(chair) })}
                    aria-describedby={isLast ? 'committee-last-chair' : undefined}
                  >
                    <Trash2 size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Fragment>
          ))}
          {isLast ? (
            <Text size="xs" c="dimmed" id="committee-last-chair" data-testid="committee-last-chair">
              {t('committee.chairs.lastChair')}
            </Text>
          ) : null}
        </Stack>
      )}
      <form onSubmit={handleAdd} noValidate data-testid="committee-add-chair">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="email"
            label={t('committee.chairs.email')}
            leftSection={<Mail size={16} />}
            autoComplete="off"
            style={{ flex: '1 1 260px' }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} leftSection={<UserPlus size={16} />} loading={add.isPending}>
            {t('committee.chairs.add')}
          </Button>
        </Group>
      </form>
      <ConfirmDialog
        opened={removing !== null}
        title={t('committee.chairs.removeTitle')}
        message={t('committee.chairs.removeConfirm', { name: isolate(removing ? nameOf(removing) : '') })}
        confirmLabel={t('committee.chairs.remove')}
        cancelLabel={t('committee.tracks.cancel')}
        danger
        loading={remove.isPending}
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
      />
    </DetailCard>
  );
}
