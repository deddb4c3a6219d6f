import type { EventDto, TrackDto } from '@confero/contracts';
import { ActionIcon, Badge, Button, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useDeleteTrackMutation } from '../api.ts';
import { useEventText } from '../use-event-text.ts';
import { TrackModal } from './TrackModal.tsx';

/**
 * The event's tracks with their chairs. The event's organizers (ability `update`) add, change and delete tracks here.
 */
export function TracksPanel({ event, eventId }: { event: EventDto; eventId: string }) {
  const { t } = useTranslation();
  const { failureText } = useEventText();
  const canManage = event.abilities.update;
  const [editing, setEditing] = useState<TrackDto | null>(null);
  const [modalOpened, setModalOpened] = useState(false);
  const [deleting, setDeleting] = useState<TrackDto | null>(null);
  const remove = useDeleteTrackMutation(eventId);

  const openModal = (track: TrackDto | null) => {
    setEditing(track);
    setModalOpened(true);
  };
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.public_id, {
      onSuccess: () => {
        notify('success', t('events.tracks.deleted'));
        setDeleting(null);
      },
      onError: (error) => notify('error', failureText(t('events.tracks.deleteFailed'), error)),
    });
  };

  return (
    <DetailCard
      title={t('events.tracks.title')}
      icon={Layers}
      data-testid="event-tracks"
      actions={
        canManage ? (
          <Button size="xs" variant="light" leftSection={<Plus size={14} />} onClick={() => openModal(null)}>
            {t('events.tracks.add')}
          </Button>
        ) : undefined
      }
    >
      {event.tracks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('events.tracks.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {event.tracks.map((track, index) => (
            <Fragment key={track.public_id}>
              {index > 0 ? <Divider /> : null}
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-testid="event-track">
                <Stack gap={4} miw={0}>
                  <UserText fw={600}>{track.name}</UserText>
                  {track.description ? (
                    <UserText size="sm" c="dimmed" multiline>
                      {track.description}
                    </UserText>
                  ) : null}
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {t('events.tracks.chairs')}:
                    </Text>
                    {track.chairs.length > 0 ? (
                      track.chairs.map((chair) => (
                        <Badge key={chair.public_id} variant="light" color="grape" tt="none" {...USER_DIR}>
                          {`${chair.first_name} ${chair.last_name}`.trim() || chair.email}
                        </Badge>
                      ))
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('events.tracks.noChairs')}
                      </Text>
                    )}
                  </Group>
                </Stack>
                {canManage ? (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('events.tracks.editTitle')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => openModal(track)}
                        aria-label={t('events.tracks.editAria', { name: track.name })}
                      >
                        <Pencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('events.tracks.deleteTitle')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(track)}
                        aria-label={t('events.tracks.deleteAria', { name: track.name })}
                      >
                        <Trash2 size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ) : null}
              </Group>
            </Fragment>
          ))}
        </Stack>
      )}
      {canManage ? (
        <>
          <TrackModal eventId={eventId} track={editing} opened={modalOpened} onClose={() => setModalOpened(false)} />
          <ConfirmDialog
            opened={deleting !== null}
            title={t('events.tracks.deleteTitle')}
            message={t('events.tracks.deleteConfirm', { name: deleting?.name ?? '' })}
            confirmLabel={t('events.common.delete')}
            cancelLabel={t('events.common.cancel')}
            danger
            loading={remove.isPending}
            onConfirm={handleDelete}
            onClose={() => setDeleting(null)}
          />
        </>
      ) : null}
    </DetailCard>
  );
}
