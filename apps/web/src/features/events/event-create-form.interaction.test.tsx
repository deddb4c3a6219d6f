// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.ts';
import { EventCreateForm } from './forms/EventCreateForm.tsx';

/*
 * The event creation form driven by a user: the rules answer one at a time, in their order, under their field, and
 * nothing is sent until they all pass; Cancel leaves. The complete creation, with its dates, is the journey of
 * e2e/events.spec.ts.
 */

const AREAS = [
  {
    key: 'computer_science',
    name_en: 'Computer science',
    name_ar: 'علوم الحاسوب',
    subcategories: [{ key: 'ml', name_en: 'Machine learning', name_ar: 'تعلم الآلة' }],
  },
];

async function openForm() {
  const refreshUser = vi.fn(async () => null);
  const auth = { status: 'authenticated', user: null, error: null, checkedPath: null, refreshUser } as unknown;
  const mounted = await mountScreen(
    <AuthContext.Provider value={auth as AuthContextValue}>
      <EventCreateForm />
    </AuthContext.Provider>,
    { url: '/events/create', path: '/events/create', otherPaths: ['/roles', '/events'] },
  );
  return { ...mounted, refreshUser };
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Create event' }));

describe('the event creation form, driven by a user', { timeout: 30_000 }, () => {
  it('answers the rules one at a time, in order, under their field, and sends nothing', async () => {
    const api = stubApi({ 'GET research-areas/': { status: 200, body: AREAS } });
    const { user } = await openForm();

    await submit(user);
    const title = screen.getByRole('textbox', { name: /^Event title/ });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Title is required').length).toBeGreaterThan(0);

    await user.type(title, 'Workshop on Peer Review');
    await submit(user);
    expect(title.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getAllByText('Description is required').length).toBeGreaterThan(0);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('goes back to the events on Cancel, sending nothing', async () => {
    const api = stubApi({ 'GET research-areas/': { status: 200, body: AREAS } });
    const { user, location, refreshUser } = await openForm();

    await user.type(screen.getByRole('textbox', { name: /^Event title/ }), 'Workshop on Peer Review');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(location()).toBe('/events'));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(refreshUser).not.toHaveBeenCalled();
  });
});
