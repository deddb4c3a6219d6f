import type { AssignmentPreviewDto, AssignmentPreviewStatus, EventDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { assignmentPreviewDto, ASSIGNMENT_EVENT as EVENT } from '../../test/fixtures.ts';
import { autoAssignmentKeys } from './auto-api.ts';
import { renderAutoScreen } from './auto-screen-harness.tsx';

/*
 * The screen rendered to HTML in each state of a preview (no browser: what matters is that every state renders,
 * with its translated texts and the data-testids the end-to-end journeys use).
 */

/** `status`: the preview of the address (`?preview=5-prev`); without one, `latest` is the event's latest preview. */
async function render(
  language: 'en' | 'ar',
  status: AssignmentPreviewStatus | null,
  event: EventDto = EVENT,
  latest: AssignmentPreviewDto | null = null,
) {
  const client = new QueryClient();
  client.setQueryData(['events', 'detail', '1-conf'], event);
  if (status) client.setQueryData(autoAssignmentKeys.preview('1-conf', '5-prev'), assignmentPreviewDto(status));
  else client.setQueryData(autoAssignmentKeys.latest('1-conf'), latest);
  return renderAutoScreen(language, client, { query: status ? '?preview=5-prev' : '' });
}

describe('AutoAssignmentScreen', () => {
  it('starts empty, with the settings and the mode choice', async () => {
    const { testIds, text } = await render('en', null);
    expect([...testIds]).toEqual(expect.arrayContaining(['auto-setup', 'auto-mode', 'auto-compute', 'auto-empty']));
    expect(text).toContain('Each paper should get 3 reviewers');
    expect(text).toContain('Compute preview');
  });

  it('shows the progress of a running preview', async () => {
    const { testIds, text } = await render('en', 'running');
    expect(testIds.has('preview-progress-bar')).toBe(true);
    expect(testIds.has('preview-result')).toBe(false);
    expect(text).toContain('Computing… 40%');
  });

  it('shows a failed preview with its error, translated, and a retry', async () => {
    const { testIds, text } = await render('ar', 'failed');
    expect(testIds.has('preview-retry')).toBe(true);
    expect(text).toContain('تعذّر حساب الإسناد. احسب معاينة جديدة.');
  });

  it('shows a computed preview: figures, histogram, short papers, removals and pairs, with Apply', async () => {
    const { testIds, text } = await render('en', 'done');
    expect([...testIds]).toEqual(
      expect.arrayContaining([
        'preview-apply',
        'preview-discard',
        'stat-new-pairs',
        'stat-lowest-paper',
        'load-histogram-bar',
        'preview-short-row',
        'removed-row',
        'pair-row',
        'pair-reason',
        'pair-kept-badge',
        'pair-new-badge',
      ]),
    );
    expect(text).toContain(
      'Only 1 reviewers of the event may review it (the others have a conflict of interest); 3 are wanted.',
    );
    expect(text).toContain('Eager');
  });

  it('shows an applied preview without Apply, in Arabic', async () => {
    const { testIds, text } = await render('ar', 'applied');
    expect(testIds.has('preview-applied')).toBe(true);
    expect(testIds.has('preview-view-submissions')).toBe(true);
    expect(testIds.has('preview-apply')).toBe(false);
    expect(text).toContain('طُبّق الإسناد');
  });

  it('opens on the latest preview of the event when the address names none', async () => {
    const { testIds, text } = await render('en', null, EVENT, assignmentPreviewDto('done'));
    expect(testIds.has('auto-empty')).toBe(false);
    expect([...testIds]).toEqual(expect.arrayContaining(['preview-apply', 'stat-new-pairs', 'pair-row']));
    expect(text).toContain('Paper number 1');
  });

  it('says how many papers a conflicted chair does not see in the figures, in Arabic', async () => {
    const done = assignmentPreviewDto('done');
    const hidden = { ...done, result: done.result ? { ...done.result, hidden_papers: 2 } : null };
    const { testIds, text } = await render('ar', null, EVENT, hidden);
    expect(testIds.has('stat-hidden-papers')).toBe(true);
    expect(text).toContain('تستثني ورقتين لديك تعارض مصالح معهما');
    expect((await render('en', 'done')).testIds.has('stat-hidden-papers')).toBe(false);
  });

  it('refuses a viewer who does not run the reviewing of the event', async () => {
    const event = { ...EVENT, abilities: { ...EVENT.abilities, manage_reviewing: false } } as EventDto;
    const { testIds } = await render('en', null, event);
    expect(testIds.has('auto-access-denied')).toBe(true);
    expect(testIds.has('auto-setup')).toBe(false);
  });
});
