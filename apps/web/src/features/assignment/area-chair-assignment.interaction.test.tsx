// @vitest-environment jsdom
import type { AssignmentPreviewDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { assignmentPreviewDto, ASSIGNMENT_EVENT as EVENT } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { AutoAssignmentScreen } from './components/AutoAssignmentScreen.tsx';

/*
 * The automatic assignment of area chairs driven by a chair: the screen calls the area chairs' routes
 * (events/{id}/area-chair-assignment/…), never the reviewers', and words the apply for area chairs.
 */

const BASE = 'events/1-conf/area-chair-assignment/';
const started = (preview: AssignmentPreviewDto): AssignmentPreviewDto => ({ ...preview, preview_id: '6-new' });

describe('automatic assignment of area chairs, driven by the chair', { timeout: 20_000 }, () => {
  it('computes a preview on the area chairs’ routes and applies it', async () => {
    const api = stubApi({
      'GET events/1-conf/': { status: 200, body: EVENT },
      [`GET ${BASE}preview/`]: {
        status: 404,
        body: { detail: 'None.', code: 'NOT_FOUND', message_code: 'assignments.noAreaChairPreview' },
      },
      [`POST ${BASE}preview/`]: { status: 202, body: { preview_id: '6-new', status: 'queued' } },
      [`GET ${BASE}preview/6-new/`]: [
        { status: 200, body: started(assignmentPreviewDto('done')) },
        { status: 200, body: started(assignmentPreviewDto('applied')) },
      ],
      [`POST ${BASE}apply/`]: { status: 200, body: { message: 'Applied.', created: 1, kept: 1, removed: 0 } },
    });
    const { user, location } = await mountScreen(<AutoAssignmentScreen eventId="1-conf" assigns="area_chair" />, {
      url: '/events/1-conf/area-chair-assignment',
      path: '/events/:id/area-chair-assignment',
    });

    // The area chairs' 404 is "no preview yet", not an error.
    expect(await screen.findByText('No preview yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Compute preview' }));
    expect(api.sent('POST', `${BASE}preview/`).map((call) => call.body)).toEqual([{ mode: 'keep_existing' }]);
    await waitFor(() => expect(location()).toBe('/events/1-conf/area-chair-assignment?preview=6-new'));

    const result = await screen.findByTestId('preview-result', {}, { timeout: 4_000 });
    await user.click(within(result).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this assignment?' });
    expect(within(dialog).getByTestId('apply-confirm-message').textContent).toContain(
      '1 paper will get its area chair, and that area chair will be e-mailed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.sent('POST', `${BASE}apply/`).map((call) => call.body)).toEqual([
        { preview_id: '6-new', mode: assignmentPreviewDto('done').mode },
      ]),
    );
    // Nothing went to the reviewers' routes.
    expect(api.sent('POST', 'events/1-conf/assignment/preview/')).toEqual([]);
    expect(api.sent('POST', 'events/1-conf/assignment/apply/')).toEqual([]);
  });
});
