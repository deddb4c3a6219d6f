import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import { TOAST_AUTO_CLOSE_MS } from '@confero/contracts';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { ServerBusyNotice } from './components/feedback/ServerBusyNotice.tsx';
import { i18n, isRtlLanguage, startI18n } from './i18n.ts';
import { api } from './lib/api.ts';
import { queryClient } from './lib/query-client.ts';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, themeFor } from './theme.ts';

/** Keeps Mantine's direction (and so every component's mirroring) in step with the language. */
function DirectionSync() {
  const { i18n: instance } = useTranslation();
  const { setDirection } = useDirection();
  const language = instance.resolvedLanguage ?? instance.language;
  useEffect(() => {
    setDirection(isRtlLanguage(language) ? 'rtl' : 'ltr');
  }, [language, setDirection]);
  return null;
}

/** Mantine with the theme of the interface language (the translated names of icon-only buttons). */
function ThemedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  const clear = t('common.clear');
  const theme = useMemo(() => themeFor({ close, clear }), [close, clear]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

async function start() {
  await startI18n();
  const router = createRouter();
  // An unrecoverable authentication failure goes to /login, keeping the page the user was on.
  api.setRedirectToLogin(() => {
    void router.navigate('/login', { replace: true, state: { from: router.state.location } });
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <DirectionProvider initialDirection={isRtlLanguage(i18n.language) ? 'rtl' : 'ltr'}>
          <DirectionSync />
          <ThemedMantine>
            <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={5} />
            <ServerBusyNotice />
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </ThemedMantine>
        </DirectionProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
