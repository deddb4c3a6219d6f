import type { AssignmentPreviewDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { assignmentPreviewDto, ASSIGNMENT_EVENT as EVENT } from '../../test/fixtures.ts';
import { autoAssignmentKeys } from './auto-api.ts';
import { renderAutoScreen } from './auto-screen-harness.tsx';

/*
 * The automatic assignment screen for area chairs (/events/{id}/area-chair-assignment), rendered to HTML: the same
 * parts as the reviewers' screen, worded for area chairs (one per paper) in English and Arabic.
 */

/** A preview of area chairs: one per paper, its short paper told with the area chairs' reason. */
function areaChairPreview(): AssignmentPreviewDto {
  const done = assignmentPreviewDto('done');
  const result = done.result as NonNullable<AssignmentPreviewDto['result']>;
  return {
    ...done,
    result: {
      ...result,
      reviewers_per_paper: 1,
      short: result.short.map((row) => ({
        ...row,
        wanted: 1,
        assigned: 0,
        eligible_reviewers: 0,
        reason: {
          code: 'assignments.areaChairShortNoEligible',
          params: { eligible: 0, wanted: 1 },
          message: 'Only 0 area chairs of the event may lead it…',
        },
      })),
    },
  };
}

async function render(language: 'en' | 'ar', preview: AssignmentPreviewDto | null) {
  const client = new QueryClient();
  client.setQueryData(['events', 'detail', '1-conf'], EVENT);
  client.setQueryData(autoAssignmentKeys.latest('1-conf', 'area_chair'), preview);
  return renderAutoScreen(language, client, { assigns: 'area_chair' });
}

describe('AutoAssignmentScreen for area chairs', () => {
  it('says each paper gets one area chair, whatever the reviewers per paper, and links no review settings', async () => {
    const { testIds, text } = await render('en', null);
    expect([...testIds]).toEqual(expect.arrayContaining(['auto-setup', 'auto-compute', 'auto-empty']));
    expect(text).toContain('Automatic assignment of area chairs');
    expect(text).toContain('Each paper gets exactly one area chair.');
    expect(text).not.toContain('3 reviewers');
    expect(text).not.toContain('Change the review settings');
    expect(text).toContain('Replace automatic area chairs');
    expect(text).toContain('No area chair gets more papers than their own maximum');
  });

  it("words a computed preview for area chairs: their load, their column, the short paper's reason", async () => {
    const { testIds, text } = await render('en', areaChairPreview());
    expect([...testIds]).toEqual(
      expect.arrayContaining(['preview-apply', 'load-histogram-bar', 'preview-short-row', 'pair-row']),
    );
    expect(text).toContain('Area chair load');
    expect(text).toContain('Eligible area chairs');
    expect(text).toContain('Area chairs that would be replaced');
    expect(text).toContain(
      'Only 0 area chairs of the event may lead it (the others have a conflict of interest); 1 is wanted.',
    );
    expect(text).not.toContain('Reviewer load');
  });

  it('speaks Arabic', async () => {
    const { text } = await render('ar', areaChairPreview());
    expect(text).toContain('الإسناد التلقائي لرؤساء المجالات');
    expect(text).toContain('عبء رؤساء المجالات');
    expect(text).toContain('رؤساء المجالات المؤهلون');
    expect(text).toContain('لا يمكن أن يرأسها إلا 0 من رؤساء المجالات في الفعالية');
    expect(text).not.toContain('عبء المحكّمين');
  });
});
