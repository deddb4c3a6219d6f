import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deadlineDate, isAoe } from '../../../components/data/deadline.ts';
import { deadlineInstant, viewerZone, wallClock } from '../deadline-zones.ts';
import { formatEventDate } from '../event-display.ts';

const zoneLabel = (zone: string) => zone.trim().replace(/_/g, ' ');

/** A deadline as one line in the event's zone ("05/01/2099, 23:59 (Anywhere on Earth, UTC−12)"), translated. */
export function useDeadlineText() {
  const { t } = useTranslation();
  return (value: string | null | undefined, timezone: string) =>
    t('events.deadline.eventZone', {
      date: formatEventDate(deadlineDate(value)),
      time: '23:59',
      timezone: isAoe(timezone) ? t('common.deadlineAoe') : zoneLabel(timezone),
    });
}

/**
 * A deadline as the event keeps it, 23:59 of its date in the event's zone, and beside it the same instant in the
 * viewer's own zone (nothing more when both read the same). Dates are MM/DD/YYYY, as on the rest of the event page.
 */
export function DeadlineTime({
  value,
  timezone,
  viewerTimeZone = viewerZone(),
  testId,
}: {
  value: string | null | undefined;
  timezone: string;
  /** The viewer's IANA zone; the browser's by default. */
  viewerTimeZone?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const deadlineText = useDeadlineText();
  const date = deadlineDate(value);
  if (!date) {
    return (
      <Text size="sm" data-testid={testId}>
        -
      </Text>
    );
  }
  const instant = deadlineInstant(date, timezone);
  const yours = instant ? wallClock(instant, viewerTimeZone) : undefined;
  const differs = yours !== undefined && (yours.date !== date || yours.time !== '23:59');
  return (
    <Stack gap={0}>
      <Text size="sm" data-testid={testId}>
        {deadlineText(date, timezone)}
      </Text>
      {differs ? (
        <Text size="xs" c="dimmed" data-testid={`${testId}-yours`}>
          {t('events.deadline.yourZone', {
            date: formatEventDate(yours.date),
            time: yours.time,
            timezone: zoneLabel(viewerTimeZone),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
