import type { EventDeadlineField, EventDto } from '@confero/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { BellRing, Check, Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventRef } from '../event-display.ts';
import { useDeadlineText } from './DeadlineTime.tsx';
import { type DeadlineMailGroup, NotifyDeadlineDialog } from './NotifyDeadlineDialog.tsx';

/** The group each deadline concerns: authors submit before the first, reviewers review before the second. */
const GROUP_OF: Record<EventDeadlineField, DeadlineMailGroup> = {
  submission_deadline: 'authors',
  review_deadline: 'reviewers',
};

/**
 * After a save that moved deadlines: each moved deadline with its new date and time, and for each the offer to tell
 * the group it concerns (a previewed mail, NotifyDeadlineDialog); a group once told is marked so.
 */
export function DeadlineChangeNotice({
  event,
  fields,
  onDone,
}: {
  event: EventDto;
  fields: EventDeadlineField[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const deadlineText = useDeadlineText();
  const [open, setOpen] = useState<DeadlineMailGroup | null>(null);
  const [told, setTold] = useState<DeadlineMailGroup[]>([]);
  const noticeRef = useRef<HTMLDivElement>(null);
  // The save button is at the end of a long form: bring the notice into view and give it the focus.
  useEffect(() => {
    noticeRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    noticeRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Alert
      ref={noticeRef}
      tabIndex={-1}
      color="blue"
      radius="lg"
      mb="lg"
      icon={<BellRing size={20} />}
      title={t('events.notify.offerTitle')}
      data-testid="deadline-change-notice"
    >
      <Stack gap="sm">
        {fields.map((field) => (
          <Text key={field} size="sm" data-deadline={field}>
            {t(`events.notify.moved.${field}`, { deadline: deadlineText(event[field], event.timezone) })}
          </Text>
        ))}
        <Text size="sm">{t('events.notify.offerText')}</Text>
        <Group gap="sm">
          {fields.map((field) => {
            const group = GROUP_OF[field];
            const done = told.includes(group);
            return (
              <Button
                key={group}
                size="xs"
                variant={done ? 'light' : 'filled'}
                leftSection={done ? <Check size={14} /> : <Mail size={14} />}
                disabled={done}
                onClick={() => setOpen(group)}
              >
                {done
                  ? t(group === 'authors' ? 'events.notify.authorsNotified' : 'events.notify.reviewersNotified')
                  : t(group === 'authors' ? 'events.notify.notifyAuthors' : 'events.notify.notifyReviewers')}
              </Button>
            );
          })}
          <Button size="xs" variant="default" onClick={onDone}>
            {t('events.notify.done')}
          </Button>
        </Group>
      </Stack>
      <NotifyDeadlineDialog
        eventId={eventRef(event)}
        group={open}
        onClose={() => setOpen(null)}
        onSent={(group) => setTold((current) => [...current, group])}
      />
    </Alert>
  );
}
