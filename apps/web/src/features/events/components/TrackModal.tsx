import { TRACK_DESCRIPTION_MAX_LENGTH, TRACK_NAME_MAX_LENGTH, type TrackDto } from '@confero/contracts';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useCreateTrackMutation, useUpdateTrackMutation } from '../api.ts';
import { firstFieldProblem } from '../event-errors.ts';
import { useEventText } from '../use-event-text.ts';

type TrackModalProps = {
  eventId: string;
  /** The track to edit, or null to add one. */
  track: TrackDto | null;
  opened: boolean;
  onClose: () => void;
};

/** Adds a track to the event or changes one: name (required, unique in the event) and description. */
export function TrackModal({ eventId, track, opened, onClose }: TrackModalProps) {
  const { t } = useTranslation();
  const { message, failureText, errorText } = useEventText();
  const create = useCreateTrackMutation(eventId);
  const update = useUpdateTrackMutation(eventId);
  const saving = create.isPending || update.isPending;
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: (value) => (value.trim() ? null : message('events.trackNameRequired')) },
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    setValues({ name: track?.name ?? '', description: track?.description ?? '' });
    resetDirty();
    clearErrors();
  }, [opened, track, setValues, resetDirty, clearErrors]);

  const handleSubmit = form.onSubmit((values) => {
    const body = { name: values.name.trim(), description: values.description.trim() };
    const onError = (error: unknown) => {
      if (firstFieldProblem(error)?.field === 'name') form.setFieldError('name', errorText(error) ?? '');
      notify('error', failureText(track ? t('events.tracks.updateFailed') : t('events.tracks.createFailed'), error));
    };
    if (track) {
      update.mutate(
        { trackId: track.public_id, body },
        {
          onSuccess: () => {
            notify('success', t('events.tracks.updated'));
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          notify('success', t('events.tracks.created'));
          onClose();
        },
        onError,
      });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={saving ? () => undefined : onClose}
      title={track ? t('events.tracks.editTitle') : t('events.tracks.addTitle')}
      centered
      radius="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('events.tracks.name')}
            withAsterisk
            maxLength={TRACK_NAME_MAX_LENGTH}
            data-autofocus
            classNames={USER_INPUT_CLASS_NAMES}
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('events.tracks.description')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={TRACK_DESCRIPTION_MAX_LENGTH}
            classNames={USER_INPUT_CLASS_NAMES}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('events.common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('events.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
