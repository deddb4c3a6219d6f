import { Container, Group } from '@mantine/core';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import classes from './PublicLayout.module.css';

/** Header of the public pages outside the landing page: logo home and the language switch. */
export function PublicHeader() {
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo to="/" />
          <LanguageSwitch />
        </Group>
      </Container>
    </header>
  );
}
