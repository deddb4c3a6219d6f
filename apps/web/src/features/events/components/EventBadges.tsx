import { Badge, type BadgeProps } from '@mantine/core';
import { eventStatusColor } from '../event-display.ts';
import { useEventText } from '../use-event-text.ts';

type BadgeExtras = Omit<BadgeProps, 'color' | 'children'>;

/** An event status, coloured by status (active/approved green, pending yellow, rejected red). */
export function EventStatusBadge({ status, display, ...props }: { status: string; display?: string } & BadgeExtras) {
  const { statusLabel } = useEventText();
  return (
    <Badge color={eventStatusColor(status)} variant="light" data-status={status} {...props}>
      {statusLabel(status, display)}
    </Badge>
  );
}

/** An event type (conference, workshop, book, journal). */
export function EventTypeBadge({ type, display, ...props }: { type: string; display?: string } & BadgeExtras) {
  const { typeLabel } = useEventText();
  return (
    <Badge color="brand" variant="outline" data-type={type} {...props}>
      {typeLabel(type, display)}
    </Badge>
  );
}
