import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route module or the current-user check is loading. */
export function FullPageLoader({ height = '100vh' }: { height?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih={height} role="status" aria-live="polite">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
