import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ArrowLeft, CircleAlert, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type LoadFailureProps = {
  /** What failed, as a fixed translated message (common.error, updateError…). */
  message: string;
  /** What the server said, when it adds something. */
  detail?: string;
  back?: { to: string; label: string };
  onRetry?: () => void;
  /** The alert's heading (a feature's own wording); the shared error heading otherwise. */
  title?: string;
  testId?: string;
};

/** Something the screen needs could not be loaded: the message, the server's reason, back and retry. */
export function LoadFailure({ message, detail, back, onRetry, title, testId = 'load-failure' }: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      icon={<CircleAlert size={20} />}
      title={title ?? t('submissions.common.errorHeading')}
      role="alert"
      radius="lg"
      data-testid={testId}
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
          {back ? (
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
          ) : null}
          {onRetry ? (
            <Button variant="subtle" color="red" size="xs" leftSection={<RefreshCw size={14} />} onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}
