import type { ResponsePhaseDto } from '@confero/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isAoe } from '../../../components/data/deadline.ts';
import { viewerZone, wallClockZones, zoneLabel } from '../../events/deadline-zones.ts';
import { formatEventDate } from '../../events/event-display.ts';

/** The viewer's own time of a window time kept in the event's zone, when it reads otherwise there. */
export function ViewerTime({
  value,
  timezone,
  viewer,
  testId,
}: {
  value: string | null;
  timezone: string;
  viewer: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const yours = wallClockZones(value, timezone, viewer)?.yours;
  if (!yours) return null;
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {t('events.deadline.yourZone', {
        date: formatEventDate(yours.date),
        time: yours.time,
        timezone: zoneLabel(viewer),
      })}
    </Text>
  );
}

/** One time of the window: as the event keeps it (its zone), and the viewer's own time beside when it differs. */
function WindowTime({
  label,
  value,
  timezone,
  viewer,
  testId,
}: {
  label: string;
  value: string | null;
  timezone: string;
  viewer: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const zones = wallClockZones(value, timezone, viewer);
  if (!zones) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {t('events.deadline.eventZone', {
          date: formatEventDate(zones.date),
          time: zones.time,
          timezone: isAoe(timezone) ? t('common.deadlineAoe') : zoneLabel(timezone),
        })}
      </Text>
      <ViewerTime value={value} timezone={timezone} viewer={viewer} testId={`${testId}-yours`} />
    </Stack>
  );
}

/** The response window's opening and closing times, each in the event's zone and the viewer's. */
export function WindowTimes({
  phase,
  timezone,
  viewerTimeZone = viewerZone(),
}: {
  phase: ResponsePhaseDto;
  timezone: string;
  viewerTimeZone?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xl" align="flex-start" wrap="wrap">
      <WindowTime
        label={t('responses.window.opens')}
        value={phase.opens_at}
        timezone={timezone}
        viewer={viewerTimeZone}
        testId="response-window-opens"
      />
      <WindowTime
        label={t('responses.window.closes')}
        value={phase.closes_at}
        timezone={timezone}
        viewer={viewerTimeZone}
        testId="response-window-closes"
      />
    </Group>
  );
}
