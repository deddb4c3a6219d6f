import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/layout/Logo.tsx';
import classes from './Landing.module.css';
import { LANDING_SECTIONS, scrollToSection } from './sections.ts';

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Logo to="/" />
            <Text size="sm" c="dimmed" maw={320}>
              {t('landing.footer.tagline')}
            </Text>
          </Stack>
          <Stack gap={8}>
            <Text fw={700} size="sm">
              {t('landing.footer.product')}
            </Text>
            {LANDING_SECTIONS.slice(0, 3).map((section) => (
              <a
                key={section.id}
                href={`#${section.id}`}
                className={classes.footerLink}
                onClick={(event) => {
                  event.preventDefault();
                  scrollToSection(section.id);
                }}
              >
                {t(section.label)}
              </a>
            ))}
          </Stack>
          <Stack gap={8}>
            <Text fw={700} size="sm">
              {t('landing.footer.account')}
            </Text>
            <Link to="/login" className={classes.footerLink}>
              {t('landing.nav.signIn')}
            </Link>
            <Link to="/register" className={classes.footerLink}>
              {t('landing.nav.getStartedFree')}
            </Link>
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" className={classes.footerBottom}>
          <Text size="sm" c="dimmed" data-testid="copyright">
            {t('landing.footer.copyright')}
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
