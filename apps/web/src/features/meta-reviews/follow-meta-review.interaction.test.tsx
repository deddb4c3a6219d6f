// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { BulkDecisionDialog } from '../progress/components/BulkDecisionDialog.tsx';

/*
 * The chair's bulk decision "follow the meta-reviews" (`docs/domain.md#meta-review`): the preview names the decision
 * each paper gets and why the others are left alone; deciding sends the choice itself, and the mails are left to the
 * event's mail page (one decision's group mail cannot tell papers decided differently).
 */

const EVENT = '9-aaaaaaaa';
const PLAN = {
  changed: 2,
  skipped: 1,
  notified: false,
  results: [
    { id: '1-bbbbbbbb', title: 'Paper 1', from_decision: 'pending', to_decision: 'accept', ok: true, reason: null },
    { id: '2-bbbbbbbb', title: 'Paper 2', from_decision: 'pending', to_decision: 'revision', ok: true, reason: null },
    {
      id: '3-bbbbbbbb',
      title: 'Paper 3',
      from_decision: 'pending',
      to_decision: null,
      ok: false,
      reason: 'no_meta_review',
    },
  ],
};

describe('follow the meta-reviews', { timeout: 30_000 }, () => {
  it("previews each paper's decision, decides with the choice, and leaves the mails for later", async () => {
    const api = stubApi({
      [`POST events/${EVENT}/decisions/preview/`]: { status: 200, body: PLAN },
      [`POST events/${EVENT}/decisions/`]: { status: 200, body: PLAN },
    });
    const { user } = await mountScreen(
      <BulkDecisionDialog
        eventId={EVENT}
        decision="follow_meta_review"
        submissions={PLAN.results.map((item) => ({ id: item.id, title: item.title }))}
        onClose={() => {}}
      />,
      { url: '/', path: '/' },
    );
    expect(await screen.findByText('Decision: as each meta-review recommends')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('bulk-preview');
    expect(api.sent('POST', `events/${EVENT}/decisions/preview/`)[0]?.body).toMatchObject({
      decision: 'follow_meta_review',
    });
    const decisions = within(preview)
      .getAllByTestId('bulk-preview-decision')
      .map((badge) => badge.textContent);
    expect(decisions).toEqual(['Accept', 'Revision']);
    expect(within(preview).getByText('No completed meta-review')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Decide on/ }));
    await screen.findByTestId('bulk-notify-step');
    expect(api.sent('POST', `events/${EVENT}/decisions/`)[0]?.body).toMatchObject({
      decision: 'follow_meta_review',
      notify: false,
    });
    expect(screen.queryByTestId('notify-send')).toBeNull();
    await waitFor(() => expect(screen.getByText(/from the event's mail page/)).toBeTruthy());
  });
});
