import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiClient, api } from '../../lib/api.ts';

type BusyRetrySource = Pick<ApiClient, 'getBusyRetry' | 'subscribeBusyRetry'>;

/** Seconds left until `at` (rounded up), re-read four times a second while `at` is set. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * While the server sheds load and requests wait to be sent again (lib/api.ts), tells the user when the next retry
 * goes and offers to cancel: the waiting requests then fail with the server's "busy" error, which their screens show.
 */
export function ServerBusyNotice({ source = api }: { source?: BusyRetrySource }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(source.subscribeBusyRetry, source.getBusyRetry, source.getBusyRetry);
  const seconds = useSecondsUntil(state?.retryAt);
  if (!state) return null;
  return (
    <Affix position={{ bottom: 20, left: 20, right: 20 }} zIndex={1000}>
      <Notification
        loading
        withCloseButton={false}
        withBorder
        color="orange"
        title={t('common.serverBusy.title')}
        role="status"
        aria-live="polite"
        maw={480}
        mx="auto"
        data-testid="server-busy-notice"
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">
            {seconds > 0 ? t('common.serverBusy.retrying', { seconds }) : t('common.serverBusy.retryingNow')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={state.cancel}>
            {t('common.serverBusy.cancel')}
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
