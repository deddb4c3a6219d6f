import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useEventText } from '../use-event-text.ts';

type EventLoadErrorProps = {
  /** The fixed text of the failure ('Failed to load event details from API', 'Failed to load event details'). */
  message: string;
  error: unknown;
  back: { to: string; label: string };
  onRetry: () => void;
};

/** An event that could not be loaded: the message (also notified), what the server said, retry and back to the list. */
export function EventLoadError({ message, error, back, onRetry }: EventLoadErrorProps) {
  const { t } = useTranslation();
  const { errorText } = useEventText();

  useEffect(() => {
    notify('error', message);
  }, [message]);

  return (
    <LoadFailure
      message={message}
      detail={errorText(error)}
      back={back}
      onRetry={onRetry}
      title={t('events.common.errorHeading')}
      testId="event-load-error"
    />
  );
}
