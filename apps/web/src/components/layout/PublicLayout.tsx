import { Container, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { PublicHeader } from './PublicHeader.tsx';
import classes from './PublicLayout.module.css';

/** Sign-in, sign-up, password and invitation pages: a centred card under a slim header. */
export function PublicLayout() {
  return (
    <div className={classes.page}>
      <PublicHeader />
      <main className={classes.main}>
        <Container size={560} w="100%">
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} className={classes.card}>
            <Outlet />
          </Paper>
        </Container>
      </main>
    </div>
  );
}
