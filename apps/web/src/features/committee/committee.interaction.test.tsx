// @vitest-environment jsdom
import type { BulkPreviewDto, CommitteeReviewerDto, OrganizerInvitationDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { CommitteeScreen } from './components/CommitteeScreen.tsx';

/* The programme committee screen driven by an event's organizer: what is sent, and what the organizer sees. */

const EVENT = '7-abcdefgh';
const chair = (n: number) => ({
  first_name: `Chair${n}`,
  last_name: 'Nour',
  email: `chair${n}@example.org`,
  role_display: 'Chair',
  public_id: `${n}-cccccccc`,
});
const invitation = (overrides: Partial<OrganizerInvitationDto> = {}): OrganizerInvitationDto => ({
  role: 'chair',
  public_id: null,
  display_name: 'nobody@example.org',
  email: 'nobody@example.org',
  status: 'pending',
  awaiting_account: false,
  invited_at: '2026-11-20T10:00:00.000Z',
  responded_at: null,
  expires_at: '2026-12-04T10:00:00.000Z',
  ...overrides,
});
const admin = (n: number) => ({
  ...chair(n),
  first_name: `Admin${n}`,
  email: `admin${n}@example.org`,
  role_display: 'Event admin',
});
const reviewer = (overrides: Partial<CommitteeReviewerDto> = {}): CommitteeReviewerDto => ({
  public_id: '21-rrrrrrrr',
  display_name: 'Rana Aziz',
  email: 'rana@example.org',
  status: 'active',
  awaiting_account: false,
  expertise: 'databases',
  max_papers: 3,
  invited_at: null,
  responded_at: null,
  load: 3,
  completed: 1,
  ...overrides,
});

function mount(routes: Parameters<typeof stubApi>[0], language: 'en' | 'ar' = 'en') {
  const api = stubApi({
    [`GET events/${EVENT}/reviewers/`]: { status: 200, body: [reviewer()] },
    [`GET events/${EVENT}/organizer_invitations/`]: { status: 200, body: [] },
    ...routes,
  });
  return {
    api,
    mounted: mountScreen(<CommitteeScreen eventId={EVENT} />, {
      url: `/events/${EVENT}/committee`,
      path: '/events/:id/committee',
      language,
    }),
  };
}

const NOT_FOUND = {
  status: 400,
  body: {
    detail: 'No user found with email nobody@example.org',
    code: 'VALIDATION_ERROR',
    message_code: 'events.chairEmailNotFound',
    fields: { email: ['No user found with email nobody@example.org'] },
    field_codes: { email: ['events.chairEmailNotFound'] },
    field_params: { email: [{ email: 'nobody@example.org' }] },
  },
};

describe('the committee screen', { timeout: 30_000 }, () => {
  it('keeps the last chair: its remove button is disabled with the reason; a chair is added by e-mail', async () => {
    const { api, mounted } = mount({
      [`GET events/${EVENT}/`]: { status: 200, body: eventDto({ chairs: [chair(1)] }) },
      [`POST events/${EVENT}/add_chair/`]: [
        {
          status: 400,
          body: {
            detail: 'No user found with email nobody@example.org',
            code: 'VALIDATION_ERROR',
            message_code: 'events.chairEmailNotFound',
            fields: { email: ['No user found with email nobody@example.org'] },
            field_codes: { email: ['events.chairEmailNotFound'] },
            field_params: { email: [{ email: 'nobody@example.org' }] },
          },
        },
        { status: 200, body: eventDto({ chairs: [chair(1), chair(2)] }) },
      ],
    });
    const { user } = await mounted;
    const chairs = await screen.findByTestId('committee-chairs');
    const remove = within(chairs).getByRole('button', { name: 'Remove Chair1 Nour as chair' });
    expect(remove.hasAttribute('disabled')).toBe(true);
    expect(within(chairs).getByTestId('committee-last-chair').textContent).toBe(
      'An event must keep at least one chair: add another chair first.',
    );

    await user.click(within(chairs).getByRole('button', { name: 'Add chair' }));
    expect(await within(chairs).findByText('Enter an e-mail address')).toBeTruthy();
    expect(api.sent('POST', `events/${EVENT}/add_chair/`)).toEqual([]);

    const email = within(chairs).getByLabelText('E-mail of a registered user');
    await user.type(email, 'nobody@example.org');
    await user.click(within(chairs).getByRole('button', { name: 'Add chair' }));
    const offer = await within(chairs).findByTestId('committee-chair-invite');
    // The address is isolated in the sentence (FSI … PDI), so it reads left to right in Arabic too.
    expect(offer.textContent).toContain(
      'No account uses \u2068nobody@example.org\u2069. Send an invitation to be a chair',
    );
    await user.clear(email);
    await user.type(email, 'chair2@example.org');
    await user.click(within(chairs).getByRole('button', { name: 'Add chair' }));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/add_chair/`)).toHaveLength(2));
    expect(api.sent('POST', `events/${EVENT}/add_chair/`).at(-1)?.body).toEqual({ email: 'chair2@example.org' });
  });

  it('invites an address no account uses, lists the invitation as pending and cancels it by e-mail', async () => {
    const { api, mounted } = mount({
      [`GET events/${EVENT}/`]: { status: 200, body: eventDto({ chairs: [chair(1)] }) },
      [`GET events/${EVENT}/organizer_invitations/`]: [
        { status: 200, body: [] },
        { status: 200, body: [invitation(), invitation({ role: 'event_admin', email: 'x@example.org' })] },
        { status: 200, body: [] },
      ],
      [`POST events/${EVENT}/add_chair/`]: NOT_FOUND,
      [`POST events/${EVENT}/invite_chair/`]: {
        status: 201,
        body: { message: 'Chair invitation sent successfully', invitation: invitation() },
      },
      [`POST events/${EVENT}/remove_chair/`]: { status: 200, body: eventDto({ chairs: [chair(1)] }) },
    });
    const { user } = await mounted;
    const chairs = await screen.findByTestId('committee-chairs');
    await user.type(within(chairs).getByLabelText('E-mail of a registered user'), 'nobody@example.org');
    await user.click(within(chairs).getByRole('button', { name: 'Add chair' }));
    const prompt = await within(chairs).findByTestId('committee-chair-invite');
    expect(prompt.textContent).toContain('No account uses');
    await user.click(within(prompt).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/invite_chair/`)).toHaveLength(1));
    expect(api.sent('POST', `events/${EVENT}/invite_chair/`)[0]?.body).toEqual({ email: 'nobody@example.org' });

    // The list is asked again: the chair's invitation shows in the chairs' card only, pending.
    const rows = await within(chairs).findAllByTestId('committee-chair-invitations-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByTestId('committee-chair-invitations-status').textContent).toBe(
      'Invitation pending',
    );
    expect(within(chairs).getAllByTestId('committee-chair')).toHaveLength(1);
    const admins = screen.getByTestId('committee-event-admins');
    expect(within(admins).getAllByTestId('committee-event-admin-invitations-row')).toHaveLength(1);

    await user.click(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Cancel the invitation of nobody@example.org' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/remove_chair/`)).toHaveLength(1));
    expect(api.sent('POST', `events/${EVENT}/remove_chair/`)[0]?.body).toEqual({ email: 'nobody@example.org' });
  });

  it('shows the event admins; only a viewer who may manage them gets the form and the remove buttons', async () => {
    const readOnly = mount({
      [`GET events/${EVENT}/`]: {
        status: 200,
        body: eventDto({
          chairs: [chair(1)],
          event_admins: [admin(3)],
          abilities: { ...eventDto().abilities, manage_event_admins: false },
        }),
      },
    });
    await readOnly.mounted;
    const admins = await screen.findByTestId('committee-event-admins');
    expect(within(admins).getByTestId('committee-event-admin').textContent).toContain('Admin3 Nour');
    expect(within(admins).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(admins).queryByTestId('committee-add-event-admin')).toBeNull();
    expect(
      within(admins).getByText('Only the event admins and site administrators change the event admins.'),
    ).toBeTruthy();
  });

  it('an event admin adds another; the last one cannot be removed', async () => {
    const { api, mounted } = mount({
      [`GET events/${EVENT}/`]: { status: 200, body: eventDto({ chairs: [chair(1)], event_admins: [admin(3)] }) },
      [`POST events/${EVENT}/add_event_admin/`]: {
        status: 200,
        body: eventDto({ chairs: [chair(1)], event_admins: [admin(3), admin(4)] }),
      },
    });
    const { user } = await mounted;
    const admins = await screen.findByTestId('committee-event-admins');
    const remove = within(admins).getByRole('button', { name: 'Remove Admin3 Nour as event admin' });
    expect(remove.hasAttribute('disabled')).toBe(true);
    expect(within(admins).getByTestId('committee-last-event-admin').textContent).toBe(
      'An event must keep at least one event admin: add another event admin first.',
    );
    await user.type(within(admins).getByLabelText('E-mail of a registered user'), 'admin4@example.org');
    await user.click(within(admins).getByRole('button', { name: 'Add event admin' }));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/add_event_admin/`)).toHaveLength(1));
    expect(api.sent('POST', `events/${EVENT}/add_event_admin/`)[0]?.body).toEqual({ email: 'admin4@example.org' });
  });

  it('removes a reviewer who holds reviews only once the organizer chose what becomes of them', async () => {
    const { api, mounted } = mount({
      [`GET events/${EVENT}/`]: { status: 200, body: eventDto({ chairs: [chair(1), chair(2)] }) },
      [`POST events/${EVENT}/remove_reviewer/`]: { status: 200, body: { message: 'Reviewer removed successfully' } },
    });
    const { user } = await mounted;
    const row = await screen.findByTestId('committee-reviewer');
    expect(within(row).getByTestId('committee-reviewer-load').textContent).toBe('3 of 3');
    await user.click(within(row).getByRole('button', { name: 'Remove Rana Aziz' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/holds 2 unfinished and 1 completed reviews/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Remove' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByLabelText(/Delete them/));
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/remove_reviewer/`)).toHaveLength(1));
    expect(api.sent('POST', `events/${EVENT}/remove_reviewer/`)[0]?.body).toEqual({
      user_id: '21-rrrrrrrr',
      reviews: 'delete',
    });
  });

  it("changes a reviewer's limit and says when their load is now beyond it", async () => {
    const { api, mounted } = mount({
      [`GET events/${EVENT}/`]: { status: 200, body: eventDto({ chairs: [chair(1)] }) },
      [`PATCH events/${EVENT}/reviewers/21-rrrrrrrr/`]: {
        status: 200,
        body: { message: 'Reviewer updated', over_limit: 1 },
      },
    });
    const { user } = await mounted;
    const row = await screen.findByTestId('committee-reviewer');
    await user.click(within(row).getByRole('button', { name: 'Edit Rana Aziz' }));
    const form = await screen.findByTestId('edit-reviewer-form');
    const max = within(form).getByLabelText('Max papers');
    await user.clear(max);
    await user.type(max, '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH', `events/${EVENT}/reviewers/21-rrrrrrrr/`)).toHaveLength(1));
    expect(api.sent('PATCH', `events/${EVENT}/reviewers/21-rrrrrrrr/`)[0]?.body).toEqual({
      expertise: 'databases',
      max_papers: 2,
    });
    expect(await screen.findByText(/They hold one assignment beyond the new maximum/)).toBeTruthy();
  });

  it('checks a pasted list line by line, then sends it', async () => {
    const preview: BulkPreviewDto = {
      lines: [
        {
          line: 1,
          email: 'new@example.org',
          first_name: 'Lina',
          last_name: 'Haddad',
          expertise: '',
          max_papers: 5,
          status: 'invite',
          reason: null,
          reason_params: null,
          field: null,
          conflicts: 0,
        },
        {
          line: 2,
          email: 'bad',
          first_name: '',
          last_name: '',
          expertise: '',
          max_papers: null,
          status: 'invalid',
          reason: 'events.emailInvalid',
          reason_params: null,
          field: 'email',
          conflicts: 0,
        },
        {
          line: 3,
          email: 'known@example.org',
          first_name: '',
          last_name: '',
          expertise: '',
          max_papers: 5,
          status: 'add',
          reason: null,
          reason_params: null,
          field: null,
          conflicts: 2,
        },
      ],
      counts: { invite: 1, add: 1, member: 0, invalid: 1, duplicate: 0 },
    };
    const { api, mounted } = mount({
      [`GET events/${EVENT}/`]: { status: 200, body: eventDto({ chairs: [chair(1)] }) },
      [`POST events/${EVENT}/reviewers/bulk/preview/`]: { status: 200, body: preview },
      [`POST events/${EVENT}/reviewers/bulk/`]: {
        status: 202,
        body: { message: 'sent', job_id: 9, invited: 1, added: 1, skipped: 0, invalid: 1 },
      },
    });
    const { user } = await mounted;
    const card = await screen.findByTestId('committee-bulk');
    expect(within(card).queryByTestId('bulk-send')).toBeNull();
    const text = 'new@example.org,Lina,Haddad\nbad\nknown@example.org';
    await user.type(within(card).getByTestId('bulk-text'), text);
    await user.click(within(card).getByTestId('bulk-preview'));

    const lines = await within(card).findAllByTestId('bulk-line');
    expect(lines.map((line) => line.getAttribute('data-status'))).toEqual(['invite', 'invalid', 'add']);
    expect(within(lines[1] as HTMLElement).getByTestId('bulk-line-reason').textContent).toBe(
      'Enter a valid email address',
    );
    expect(within(lines[2] as HTMLElement).getByTestId('bulk-line-conflicts').textContent).toBe(
      'Conflicted with 2 submissions',
    );
    expect(api.sent('POST', `events/${EVENT}/reviewers/bulk/preview/`)[0]?.body).toEqual({ csv: text });

    await user.click(within(card).getByTestId('bulk-send'));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/reviewers/bulk/`)).toHaveLength(1));
    expect(api.sent('POST', `events/${EVENT}/reviewers/bulk/`)[0]?.body).toEqual({ csv: text });
    expect(await screen.findByText(/Invitations sent: 1. Reviewers added: 1./)).toBeTruthy();
    await waitFor(() => expect(within(card).queryByTestId('bulk-result')).toBeNull());
  });

  it("sets a track's chairs from the committee's people", async () => {
    const track = { id: 3, public_id: '3-tttttttt', name: 'Systems', description: '', chairs: [] };
    const { api, mounted } = mount({
      [`GET events/${EVENT}/`]: { status: 200, body: eventDto({ chairs: [chair(1)], tracks: [track] }) },
      [`PUT events/${EVENT}/tracks/3-tttttttt/chairs/`]: { status: 200, body: track },
    });
    const { user } = await mounted;
    const tracks = await screen.findByTestId('committee-tracks');
    expect(within(tracks).getByText('No chair')).toBeTruthy();
    await user.click(within(tracks).getByRole('button', { name: 'Change the chairs of Systems' }));
    const form = await screen.findByTestId('track-chairs-form');
    await user.click(within(form).getByLabelText('Chairs of this track'));
    // The dropdown opens in a portal that jsdom lays out as hidden.
    await user.click(await screen.findByRole('option', { name: 'Rana Aziz (rana@example.org)', hidden: true }));
    await user.click(within(form).getByTestId('track-chairs-save'));
    await waitFor(() => expect(api.sent('PUT', `events/${EVENT}/tracks/3-tttttttt/chairs/`)).toHaveLength(1));
    expect(api.sent('PUT', `events/${EVENT}/tracks/3-tttttttt/chairs/`)[0]?.body).toEqual({
      user_ids: ['21-rrrrrrrr'],
    });
  });

  it('shows no list to someone who may not manage the committee, in Arabic too', async () => {
    const { api, mounted } = mount(
      {
        [`GET events/${EVENT}/`]: {
          status: 200,
          body: eventDto({ abilities: { ...eventDto().abilities, manage_members: false } }),
        },
      },
      'ar',
    );
    await mounted;
    const denied = await screen.findByTestId('committee-denied');
    expect(denied.textContent).toContain('لا يدير لجنة الفعالية إلا رؤساؤها ومسؤولوها.');
    expect(api.sent('GET', `events/${EVENT}/reviewers/`)).toEqual([]);
  });
});
