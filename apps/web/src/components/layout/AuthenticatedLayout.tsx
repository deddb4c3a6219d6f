import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppHeader } from './AppHeader.tsx';
import { AppNavbar } from './AppNavbar.tsx';
import classes from './AuthenticatedLayout.module.css';
import { RequireAuth } from './RequireAuth.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

function Shell() {
  const [navbarOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // On small screens the sidebar is a drawer: close it after each navigation.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
        padding={{ base: 'md', sm: 'xl' }}
        className={classes.shell}
      >
        <AppShell.Header className={classes.header}>
          <AppHeader navbarOpened={navbarOpened} onToggleNavbar={toggle} />
        </AppShell.Header>
        <AppShell.Navbar className={classes.navbar}>
          <AppNavbar />
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <div className={classes.content}>
            <Outlet />
          </div>
        </AppShell.Main>
      </AppShell>
    </>
  );
}

/** Every signed-in screen: the login guard around the application shell. */
export function AuthenticatedLayout() {
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}
