import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './NotFoundView.module.css';

/** The page for an address that matches no route. */
export function NotFoundView() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notFound.title')} · ${t('app.name')}`);
  return (
    <Container size={640} py={{ base: 64, sm: 96 }}>
      <Stack align="center" gap="lg" ta="center">
        <div className={classes.icon}>
          <SearchX size={40} strokeWidth={1.6} aria-hidden="true" />
        </div>
        <Text className={classes.code} aria-hidden="true">
          {t('notFound.code')}
        </Text>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" size="lg" maw={520}>
          {t('notFound.message')}
        </Text>
        <Group justify="center" mt="sm">
          <Button component={Link} to="/" size="md" leftSection={<ArrowLeft size={18} className="mirror-rtl" />}>
            {t('common.backToHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
