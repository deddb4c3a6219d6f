// @vitest-environment jsdom
import type { AssignmentPreviewDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { assignmentPreviewDto, ASSIGNMENT_EVENT as EVENT } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { AutoAssignmentScreen } from './components/AutoAssignmentScreen.tsx';

/*
 * The automatic assignment screen driven by a chair: compute, watch, apply or discard, with the API answered at
 * the client's boundary. Each test checks what the chair sees, the address, and the calls sent.
 */

const PREVIEW_PATH = 'events/1-conf/assignment/preview/';
const NO_PREVIEW = {
  status: 404,
  body: { detail: 'No preview.', code: 'NOT_FOUND', message_code: 'assignments.noPreview' },
};

/** A preview under the new id the screen started. */
const started = (preview: AssignmentPreviewDto): AssignmentPreviewDto => ({ ...preview, preview_id: '6-new' });

async function openScreen(url = '/events/1-conf/assignment') {
  return mountScreen(<AutoAssignmentScreen eventId="1-conf" />, { url, path: '/events/:id/assignment' });
}

describe('automatic assignment, driven by the chair', { timeout: 20_000 }, () => {
  it('computes a preview in the chosen mode, follows it to its result and applies it', async () => {
    const api = stubApi({
      'GET events/1-conf/': { status: 200, body: EVENT },
      [`GET ${PREVIEW_PATH}`]: NO_PREVIEW,
      [`POST ${PREVIEW_PATH}`]: { status: 202, body: { preview_id: '6-new', status: 'queued' } },
      [`GET ${PREVIEW_PATH}6-new/`]: [
        { status: 200, body: started(assignmentPreviewDto('running')) },
        { status: 200, body: started({ ...assignmentPreviewDto('done'), mode: 'replace' }) },
        { status: 200, body: started({ ...assignmentPreviewDto('applied'), mode: 'replace' }) },
      ],
      'POST events/1-conf/assignment/apply/': {
        status: 200,
        body: { message: 'Applied.', created: 1, kept: 1, removed: 1 },
      },
    });
    const { user, location } = await openScreen();

    expect(await screen.findByText('No preview yet')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Replace automatic and unstarted assignments/ }));
    await user.click(screen.getByRole('button', { name: 'Compute preview' }));

    expect(api.sent('POST', PREVIEW_PATH).map((call) => call.body)).toEqual([{ mode: 'replace' }]);
    await waitFor(() => expect(location()).toBe('/events/1-conf/assignment?preview=6-new'));
    expect(await screen.findByText('Computing… 40%')).toBeTruthy();

    // Polled until done: the figures and pairs, then Apply names what will change.
    const result = await screen.findByTestId('preview-result', {}, { timeout: 4_000 });
    expect(within(result).getAllByText('Paper number 1').length).toBeGreaterThan(0);
    await user.click(within(result).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this assignment?' });
    expect(within(dialog).getByTestId('apply-confirm-message').textContent).toBe(
      '1 new assignment will be created and its reviewer e-mailed.1 existing assignment stays.1 assignment will be removed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await screen.findByTestId('preview-applied');
    expect(api.sent('POST', 'events/1-conf/assignment/apply/').map((call) => call.body)).toEqual([
      { preview_id: '6-new', mode: 'replace' },
    ]);
    expect(screen.queryByTestId('preview-apply')).toBeNull();
    expect(await screen.findByText('Assignment applied: 1 new, 1 kept, 1 removed.')).toBeTruthy();
  });

  it('keeps a stale preview on screen with the reason when the apply is refused, and applies nothing', async () => {
    const api = stubApi({
      'GET events/1-conf/': { status: 200, body: EVENT },
      [`GET ${PREVIEW_PATH}5-prev/`]: { status: 200, body: assignmentPreviewDto('done') },
      'POST events/1-conf/assignment/apply/': {
        status: 409,
        body: { detail: 'The assignments changed since this preview.', code: 'STALE_PREVIEW' },
      },
    });
    const { user } = await openScreen('/events/1-conf/assignment?preview=5-prev');

    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('button', { name: 'Run a new preview' })).toBeTruthy();
    expect(api.sent('POST', 'events/1-conf/assignment/apply/')).toHaveLength(1);
    expect(screen.queryByTestId('preview-applied')).toBeNull();
  });

  it('discards the preview after asking, and the screen and the address empty', async () => {
    const api = stubApi({
      'GET events/1-conf/': { status: 200, body: EVENT },
      [`GET ${PREVIEW_PATH}5-prev/`]: { status: 200, body: assignmentPreviewDto('done') },
      [`DELETE ${PREVIEW_PATH}5-prev/`]: { status: 204 },
    });
    const { user, location } = await openScreen('/events/1-conf/assignment?preview=5-prev');

    await user.click(await screen.findByTestId('preview-discard'));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this preview?' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(api.sent('DELETE', `${PREVIEW_PATH}5-prev/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));

    expect(await screen.findByText('No preview yet')).toBeTruthy();
    expect(api.sent('DELETE', `${PREVIEW_PATH}5-prev/`)).toHaveLength(1);
    expect(location()).toBe('/events/1-conf/assignment');
  });
});
