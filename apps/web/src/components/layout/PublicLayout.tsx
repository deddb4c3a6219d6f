import { Container, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { PublicHeader } from './PublicHeader.tsx';
import classes from './PublicLayout.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

/** Sign-in, sign-up, password and invitation pages: a centred card under a slim header. */
export function PublicLayout() {
  return (
    <div className={classes.page}>
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Container size={560} w="100%">
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} className={classes.card}>
            <Outlet />
          </Paper>
        </Container>
      </main>
    </div>
  );
}
