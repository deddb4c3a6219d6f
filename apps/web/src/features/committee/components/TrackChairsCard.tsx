import type { EventDto, TrackDto } from '@confero/contracts';
import { ActionIcon, Badge, Button, Divider, Group, Modal, MultiSelect, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Signpost } from 'lucide-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { USER_CHOICE_CLASS_NAMES, USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { committeeReviewersQuery, useSetTrackChairsMutation } from '../api.ts';
import { committeePeople, type PersonOption } from '../committee-display.ts';
import { useCommitteeText } from '../use-committee-text.ts';

function TrackChairsModal({
  eventId,
  track,
  people,
  onClose,
}: {
  eventId: string;
  track: TrackDto | null;
  people: PersonOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useCommitteeText();
  const save = useSetTrackChairsMutation(eventId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    setChosen(track ? track.chairs.map((chair) => chair.public_id) : []);
    setProblem(undefined);
  }, [track]);

  // The current chairs are offered even when they are no longer on the committee.
  const options = useMemo(() => {
    const known = new Set(people.map((person) => person.value));
    const current = (track?.chairs ?? [])
      .filter((chair) => !known.has(chair.public_id))
      .map((chair) => ({ value: chair.public_id, label: `${chair.first_name} ${chair.last_name} (${chair.email})` }));
    return [...people, ...current];
  }, [people, track]);

  const handleSave = () => {
    if (!track) return;
    save.mutate(
      { trackId: track.public_id, userIds: chosen },
      {
        onSuccess: () => {
          notify('success', t('committee.tracks.saved'));
          onClose();
        },
        onError: (error) => {
          setProblem(fieldError(error, 'user_ids'));
          notify('error', errorText(error, t('committee.tracks.saveFailed')));
        },
      },
    );
  };

  return (
    <Modal
      opened={track !== null}
      onClose={save.isPending ? () => undefined : onClose}
      title={t('committee.tracks.modalTitle', { name: track?.name ?? '' })}
      centered
      radius="lg"
    >
      <Stack gap="md" data-testid="track-chairs-form">
        <MultiSelect
          label={t('committee.tracks.people')}
          description={t('committee.tracks.peopleHint')}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          error={problem}
          classNames={USER_CHOICE_CLASS_NAMES}
          comboboxProps={{ withinPortal: true }}
          data-testid="track-chairs-select"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('committee.tracks.cancel')}
          </Button>
          <Button onClick={handleSave} loading={save.isPending} data-testid="track-chairs-save">
            {t('committee.tracks.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The tracks of the event with their chairs; each track's chairs are changed in a dialog. */
export function TrackChairsCard({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  const eventId = event.public_id;
  const reviewers = useQuery(committeeReviewersQuery(eventId));
  const people = useMemo(() => committeePeople(event, reviewers.data), [event, reviewers.data]);
  const [editing, setEditing] = useState<TrackDto | null>(null);

  return (
    <DetailCard title={t('committee.tracks.title')} icon={Signpost} data-testid="committee-tracks">
      {event.tracks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('committee.tracks.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {event.tracks.map((track, index) => (
            <Fragment key={track.public_id}>
              {index > 0 ? <Divider /> : null}
              <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="committee-track">
                <Stack gap={4} miw={0}>
                  <UserText size="sm" fw={600}>
                    {track.name}
                  </UserText>
                  <Group gap={6}>
                    {track.chairs.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('committee.tracks.noChairs')}
                      </Text>
                    ) : (
                      track.chairs.map((chair) => (
                        <Badge key={chair.public_id} variant="outline" tt="none" {...USER_DIR}>
                          {`${chair.first_name} ${chair.last_name}`.trim() || chair.email}
                        </Badge>
                      ))
                    )}
                  </Group>
                </Stack>
                <Tooltip label={t('committee.tracks.edit')}>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setEditing(track)}
                    aria-label={t('committee.tracks.editAria', { name: track.name })}
                  >
                    <Pencil size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Fragment>
          ))}
        </Stack>
      )}
      <TrackChairsModal eventId={eventId} track={editing} people={people} onClose={() => setEditing(null)} />
    </DetailCard>
  );
}
