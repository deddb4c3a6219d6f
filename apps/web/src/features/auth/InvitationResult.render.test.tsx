import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../test/render.tsx';
import { InvitationAccepted, InvitationDeclined } from './components/InvitationResult.tsx';

/* The pages an invitation link lands on speak of the role it was for. */

describe('the invitation result pages', () => {
  it('thank a reviewer for reviewing, and a chair or an event admin for running the event', async () => {
    const reviewer = await renderHtml(<InvitationAccepted />, { url: '/reviewer-invitation/accepted' });
    expect(reviewer).toContain('Thank you for agreeing to review.');
    expect(reviewer).toContain('the papers assigned to you');

    const chair = await renderHtml(<InvitationAccepted />, { url: '/reviewer-invitation/accepted?role=chair' });
    expect(chair).toContain('Thank you for agreeing to chair this event.');
    expect(chair).toContain('with its committee and its tools');
    expect(chair).not.toContain('the papers assigned to you');

    const admin = await renderHtml(<InvitationAccepted />, {
      url: '/reviewer-invitation/accepted?role=event_admin',
      language: 'ar',
    });
    expect(admin).toContain('شكرًا لقبولك مسؤولية هذه الفعالية.');
  });

  it("say where a chair's decline shows", async () => {
    const html = await renderHtml(<InvitationDeclined />, { url: '/reviewer-invitation/declined?role=chair' });
    expect(html).toContain('the organizers see it on the event&#x27;s committee page');
  });
});
