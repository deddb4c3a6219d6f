import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ArrowLeft, CircleAlert, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  const detail = errorText(error);

  useEffect(() => {
    notify('error', message);
  }, [message]);

  return (
    <Alert
      color="red"
      icon={<CircleAlert size={20} />}
      title={t('events.common.errorHeading')}
      role="alert"
      radius="lg"
      data-testid="event-load-error"
    >
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {message}
        </Text>
        {detail && detail !== message ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button
            component={Link}
            to={back.to}
            variant="white"
            color="red"
            size="xs"
            leftSection={<ArrowLeft size={14} className="mirror-rtl" />}
          >
            {back.label}
          </Button>
          <Button variant="subtle" color="red" size="xs" leftSection={<RefreshCw size={14} />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
