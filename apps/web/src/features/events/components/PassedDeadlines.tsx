import { Alert, Badge, List, Stack, Text } from '@mantine/core';
import { CalendarX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDeadlineParts } from '../../../components/data/use-deadline.ts';
import { type EventDeadlines, passedDeadlines } from '../event-display.ts';

/**
 * A warning that deadlines of an event are already past, each named with its date, time and zone, followed by what
 * that means where it is shown (creating or approving the event). Nothing when none has passed.
 */
export function PassedDeadlinesAlert({ event, text }: { event: EventDeadlines; text: string }) {
  const { t } = useTranslation();
  const deadlineParts = useDeadlineParts();
  const passed = passedDeadlines(event);
  if (passed.length === 0) return null;
  return (
    <Alert
      color="orange"
      radius="lg"
      icon={<TriangleAlert size={20} />}
      title={t('events.common.deadlinesPassed.title')}
      data-testid="deadlines-passed"
    >
      <Stack gap="xs">
        <List size="sm" spacing={2}>
          {passed.map((field) => (
            <List.Item key={field} data-deadline={field}>
              {t(`events.common.deadlinesPassed.${field}`, deadlineParts(event[field], event.timezone))}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{text}</Text>
      </Stack>
    </Alert>
  );
}

/** A badge on an event still waiting for approval whose deadlines already passed. */
export function PassedDeadlineBadge({ event }: { event: EventDeadlines & { status: string } }) {
  const { t } = useTranslation();
  if (event.status !== 'pending' || passedDeadlines(event).length === 0) return null;
  return (
    <Badge color="orange" variant="light" leftSection={<CalendarX size={12} />} data-testid="deadline-passed-badge">
      {t('events.common.deadlinesPassed.badge')}
    </Badge>
  );
}
