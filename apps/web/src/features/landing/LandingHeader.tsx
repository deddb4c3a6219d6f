import { Box, Burger, Button, Container, Drawer, Group, Stack, useDirection } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/layout/LanguageSwitch.tsx';
import { Logo } from '../../components/layout/Logo.tsx';
import classes from './Landing.module.css';
import { LANDING_SECTIONS, type LandingSectionId, scrollToSection } from './sections.ts';

/** Sticky top navigation: logo, in-page links, language switch, Sign In and Get Started Free. */
export function LandingHeader() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [menuOpened, menu] = useDisclosure(false);

  const handleSectionClick = (id: LandingSectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    menu.close();
    scrollToSection(id);
  };

  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Logo to="/" />

          <Box component="nav" aria-label={t('landing.nav.label')} visibleFrom="md">
            <Group gap={2} wrap="nowrap">
              {LANDING_SECTIONS.map((section) => (
                <a
                  key={section.id}
                  href={`#${section.id}`}
                  className={classes.navLink}
                  onClick={handleSectionClick(section.id)}
                >
                  {t(section.label)}
                </a>
              ))}
            </Group>
          </Box>

          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <Button component={Link} to="/login" variant="subtle" color="dark" visibleFrom="sm">
              {t('landing.nav.signIn')}
            </Button>
            <Button component={Link} to="/register" visibleFrom="sm">
              {t('landing.nav.getStartedFree')}
            </Button>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('landing.nav.openMenu')}
            />
          </Group>
        </Group>
      </Container>

      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        position={dir === 'rtl' ? 'left' : 'right'}
        size="xs"
        title={<Logo to="/" />}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        hiddenFrom="md"
      >
        <Stack gap={0} component="nav" aria-label={t('landing.nav.label')}>
          {LANDING_SECTIONS.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className={classes.drawerLink}
              onClick={handleSectionClick(section.id)}
            >
              {t(section.label)}
            </a>
          ))}
        </Stack>
        <Stack gap="sm" mt="xl">
          <Button component={Link} to="/login" variant="default" size="md">
            {t('landing.nav.signIn')}
          </Button>
          <Button component={Link} to="/register" size="md">
            {t('landing.nav.getStartedFree')}
          </Button>
        </Stack>
      </Drawer>
    </header>
  );
}
