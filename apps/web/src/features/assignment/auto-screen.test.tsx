import fs from 'node:fs';
import path from 'node:path';
import type { AssignmentPreviewDto, AssignmentPreviewStatus, EventDto } from '@confero/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { autoAssignmentKeys } from './auto-api.ts';
import { AutoAssignmentScreen } from './components/AutoAssignmentScreen.tsx';

/*
 * The screen rendered to HTML in each state of a preview (no browser: what matters is that every state renders,
 * with its translated texts and the data-testids the end-to-end journeys use).
 */

const EVENT = {
  id: 1,
  public_id: '1-conf',
  title: 'Speech Conference',
  abilities: { manage_reviewing: true },
  review_settings: { reviewers_per_paper: 3 },
} as unknown as EventDto;

const paper = (id: number) => ({ id, public_id: `${id}-paper`, title: `Paper number ${id}` });
const person = (n: number) => ({
  public_id: `${n}-rev`,
  first_name: 'Rev',
  last_name: String(n),
  full_name: `Reviewer ${n}`,
  email: `r${n}@uni.example`,
  affiliation: 'University',
});

function preview(status: AssignmentPreviewStatus): AssignmentPreviewDto {
  const finished = status === 'done' || status === 'applied';
  return {
    preview_id: '5-prev',
    status,
    progress: status === 'running' ? 0.4 : finished ? 1 : 0,
    mode: 'replace',
    created_at: '2026-01-01T10:00:00Z',
    finished_at: finished ? '2026-01-01T10:00:05Z' : null,
    error: status === 'failed' ? 'The assignment could not be computed. Compute a new preview.' : null,
    result: finished
      ? {
          pairs: [
            {
              submission: paper(1),
              reviewer: person(1),
              score: 1.5,
              affinity: 0.5,
              bid: 'eager',
              reasons: ['speech'],
              existing: false,
            },
            {
              submission: paper(1),
              reviewer: person(2),
              score: 0.2,
              affinity: 0.2,
              bid: null,
              reasons: [],
              existing: true,
            },
          ],
          new_count: 1,
          removed: [{ submission: paper(2), reviewer: person(3) }],
          total_score: 1.7,
          lowest_paper_score: 0,
          lowest_paper: paper(2),
          load_histogram: [
            { papers: 0, reviewers: 1 },
            { papers: 1, reviewers: 2 },
          ],
          short: [
            {
              submission: paper(2),
              wanted: 3,
              assigned: 0,
              eligible_reviewers: 1,
              reason: { code: 'assignments.shortNoEligible', message: 'Only 1 reviewers…' },
            },
          ],
          reviewers_per_paper: 3,
          papers: 2,
          reviewers: 3,
        }
      : null,
  };
}

async function render(language: 'en' | 'ar', status: AssignmentPreviewStatus | null, event: EventDto = EVENT) {
  const i18n = i18next.createInstance();
  const file = path.resolve(import.meta.dirname, `../../../../../packages/i18n/locales/${language}/translation.json`);
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: JSON.parse(fs.readFileSync(file, 'utf8')) } },
    interpolation: { escapeValue: false },
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(['events', 'detail', '1-conf'], event);
  if (status) queryClient.setQueryData(autoAssignmentKeys.preview('1-conf', '5-prev'), preview(status));
  const router = createMemoryRouter(
    [{ path: '/events/:id/assignment', element: <AutoAssignmentScreen eventId="1-conf" /> }],
    { initialEntries: [`/events/1-conf/assignment${status ? '?preview=5-prev' : ''}`] },
  );
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const testIds = new Set([...html.matchAll(/data-testid="([^"]+)"/g)].map((match) => match[1]));
  const text = html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
  return { testIds, text };
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

  it('refuses a viewer who does not run the reviewing of the event', async () => {
    const event = { ...EVENT, abilities: { ...EVENT.abilities, manage_reviewing: false } } as EventDto;
    const { testIds } = await render('en', null, event);
    expect(testIds.has('auto-access-denied')).toBe(true);
    expect(testIds.has('auto-setup')).toBe(false);
  });
});
