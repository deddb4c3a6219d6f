// The date pickers' styles load with the event forms, the only screens that show them (not on the first visit).
import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { Stack } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { FormEvent, ReactNode } from 'react';
import { useEventText } from '../use-event-text.ts';

/**
 * The frame of the event forms (creation and edit): the date pickers in the interface language (the week starts on
 * Saturday in Arabic), a form that leaves the checks to its hook, and its sections one under the other.
 */
export function EventFormShell({
  onSubmit,
  testId,
  children,
}: {
  onSubmit: (submitEvent: FormEvent<HTMLFormElement>) => void;
  testId: string;
  children: ReactNode;
}) {
  const { language } = useEventText();
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'ar' ? 6 : 1 }}>
      <form onSubmit={onSubmit} noValidate data-testid={testId}>
        <Stack gap="lg">{children}</Stack>
      </form>
    </DatesProvider>
  );
}
