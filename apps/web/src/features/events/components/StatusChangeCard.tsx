import type { EventDto, EventStatus } from '@confero/contracts';
import { Button, Group, Select, Text } from '@mantine/core';
import { ArrowRightLeft, Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useChangeEventStatusMutation } from '../api.ts';
import { useEventText } from '../use-event-text.ts';
import { EventStatusBadge } from './EventBadges.tsx';

/**
 * Moves the event along its state machine (`change_status/`), to the statuses the server lists for this viewer in
 * `allowed_status_changes`. Rendered with `key={event.status}`, so a new status starts a fresh choice.
 * Notices: 'Event status changed to {status}' / 'Failed to change event status'.
 */
export function StatusChangeCard({ event, eventId }: { event: EventDto; eventId: string }) {
  const { t } = useTranslation();
  const { statusLabel, failureText } = useEventText();
  const change = useChangeEventStatusMutation(eventId);
  const [target, setTarget] = useState<EventStatus | null>(null);
  const options = event.allowed_status_changes;

  const handleChange = () => {
    if (!target) return;
    change.mutate(target, {
      onSuccess: (updated) => notify('success', t('events.status.changed', { status: statusLabel(updated.status) })),
      onError: (error) => notify('error', failureText(t('events.status.changeFailed'), error)),
    });
  };

  return (
    <DetailCard title={t('events.status.title')} icon={Flag} data-testid="status-change">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('events.status.current')}
        </Text>
        <EventStatusBadge status={event.status} display={event.status_display} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('events.status.hint')}
      </Text>
      <Select
        label={t('events.status.newStatus')}
        placeholder={t('events.status.choose')}
        data={options.map((status) => ({ value: status, label: statusLabel(status) }))}
        value={target}
        onChange={(value) => setTarget(value as EventStatus | null)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        leftSection={<ArrowRightLeft size={16} />}
        onClick={handleChange}
        disabled={!target}
        loading={change.isPending}
        variant="light"
      >
        {t('events.status.change')}
      </Button>
    </DetailCard>
  );
}
