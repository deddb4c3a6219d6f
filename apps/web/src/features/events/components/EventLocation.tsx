import { Text, type TextProps } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { UserInline } from '../../../components/data/UserText.tsx';
import { eventLocationParts, type LocationLike } from '../event-display.ts';

/**
 * An event's location on one line in the interface's direction, each part — the venue and city people wrote, the
 * country — isolated in its own direction. Nothing when the event has no location.
 */
export function EventLocation({ location, ...props }: { location: LocationLike } & TextProps) {
  const { i18n } = useTranslation();
  const { parts, separator } = eventLocationParts(location, i18n.resolvedLanguage ?? i18n.language);
  if (parts.length === 0) return null;
  return (
    <Text {...props}>
      {parts.map((part, index) => (
        <Fragment key={part}>
          {index > 0 ? separator : null}
          <UserInline>{part}</UserInline>
        </Fragment>
      ))}
    </Text>
  );
}
