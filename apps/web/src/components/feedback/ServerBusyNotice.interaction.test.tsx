// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api.ts';
import { mountScreen } from '../../test/interact.tsx';
import { ServerBusyNotice } from './ServerBusyNotice.tsx';

/*
 * The notice of an upload waiting for a busy server: shown while the client waits to send it again, with the
 * seconds left and a Cancel that ends the wait with the server's busy error.
 */

const SERVER_BUSY = { detail: 'The server is busy. Please try again in 3 seconds.', code: 'SERVER_BUSY' };

/** A client whose server always sheds load (Retry-After: 3), and whose waits end only when cancelled. */
function busyClient() {
  const sent: string[] = [];
  const client = createApiClient({
    fetch: async (input) => {
      sent.push(String(input));
      return new Response(JSON.stringify(SERVER_BUSY), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '3' },
      });
    },
    cookies: { get: (name) => (name === 'csrftoken' ? 'csrf-1' : undefined), remove: () => {} },
    getPathname: () => '/submissions/create',
    sleep: () => new Promise(() => {}),
    random: () => 0,
  });
  return { client, sent };
}

function paperForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.7']), 'paper.pdf');
  return form;
}

describe('the server-busy notice', { timeout: 20_000 }, () => {
  it('shows the retry countdown while an upload waits, and Cancel ends it with the busy error', async () => {
    const { client, sent } = busyClient();
    const { user } = await mountScreen(<ServerBusyNotice source={client} />, { url: '/', path: '/' });
    expect(screen.queryByTestId('server-busy-notice')).toBeNull();

    const pending = client.post('submissions/', paperForm()).catch((error: unknown) => error);
    const notice = await screen.findByTestId('server-busy-notice');
    expect(notice.textContent).toContain('Server busy');
    expect(notice.textContent).toMatch(/The server is busy; retrying in [1-3] s…/);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(pending).resolves.toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    await waitFor(() => expect(screen.queryByTestId('server-busy-notice')).toBeNull());
    expect(sent).toEqual(['/api/submissions/']);
  });

  it('speaks Arabic in the Arabic interface', async () => {
    const { client } = busyClient();
    await mountScreen(<ServerBusyNotice source={client} />, { url: '/', path: '/', language: 'ar' });
    const pending = client.post('submissions/', paperForm()).catch((error: unknown) => error);
    const notice = await screen.findByTestId('server-busy-notice');
    expect(notice.textContent).toContain('الخادم مشغول');
    expect(notice.textContent).toMatch(/ستُعاد المحاولة خلال [1-3] ث…/);
    expect(screen.getByRole('button', { name: 'إلغاء' })).toBeTruthy();
    client.getBusyRetry()?.cancel();
    await expect(pending).resolves.toMatchObject({ code: 'SERVER_BUSY' });
  });
});
