import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CircleX, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundView } from './NotFoundView.tsx';

/** Error boundary of the route tree: a 404 shows the not-found page, anything else a recoverable error. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <Container size={560} py={80}>
      <Stack align="center" ta="center" gap="md" role="alert">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <CircleX size={32} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          {t('errors.unexpectedTitle')}
        </Title>
        <Text c="dimmed">{t('errors.unexpectedMessage')}</Text>
        <Group justify="center">
          <Button leftSection={<RefreshCw size={16} />} onClick={() => window.location.reload()}>
            {t('common.reloadPage')}
          </Button>
          <Button variant="default" component={Link} to="/dashboard">
            {t('common.goToDashboard')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
