import { afterEach, describe, expect, it } from 'vitest';
import { closeWorkerPool, defineWorkerTask, runInWorker, workerPoolLoad } from '../../lib/worker-pool.ts';
import { analyzeLocally, type InsightsInput } from './insights/index.ts';
import { analyzeLocallyInWorker } from './insights/insights-worker.ts';
import { type AssistantPaper, analyzeDraft, type DraftToAnalyze, type Finding } from './review-assistant/index.ts';
import { ASSISTANT_INLINE_CHARS, findingsOf } from './review-assistant.service.ts';

/* The AI features' CPU work on long texts runs in the worker pool, with the answers it gives in place. */

afterEach(closeWorkerPool);

const sentence =
  'We index co-authorship graphs to detect conflicts of interest between reviewers and authors in 3 ms. ';
const longText = sentence.repeat(Math.ceil((2 * ASSISTANT_INLINE_CHARS) / sentence.length));

const draft: DraftToAnalyze = {
  questions: [
    { key: 'overall_score', kind: 'score', required: true, label: { en: 'Score', ar: 'الدرجة' }, min: 1, max: 5 },
    { key: 'strengths', kind: 'list', required: true, label: { en: 'Strengths', ar: 'نقاط القوة' } },
    { key: 'weaknesses', kind: 'list', required: true, label: { en: 'Weaknesses', ar: 'نقاط الضعف' } },
    { key: 'justification', kind: 'text', required: true, label: { en: 'Justification', ar: 'التبرير' } },
  ],
  answers: {
    overall_score: 5,
    strengths: ['The paper is well written.'],
    weaknesses: ['The evaluation of the conflict index is weak and this is a stupid idea.'],
    justification: 'Terrible work, reject.',
  },
};
const paper = (text: string): AssistantPaper => ({
  title: 'Fast Conflict-of-Interest Detection',
  abstract: 'We present an index that finds co-authorship between authors and reviewers.',
  keywords: ['conflict of interest'],
  text,
});

describe('the review assistant off the request thread', () => {
  it('analyses a short draft in place, without the pool', async () => {
    const findings = await findingsOf(draft, paper(''));
    expect(findings).toEqual(analyzeDraft(draft, paper('')));
    expect(findings.length).toBeGreaterThan(0);
    expect(workerPoolLoad().threads).toBe(0);
  });

  it('analyses a draft on a long paper in the pool, with the same findings', async () => {
    const findings = await findingsOf(draft, paper(longText));
    // In the request pool (the reviewer waits for it), never behind background work.
    expect(workerPoolLoad().byPriority.request).toBeGreaterThan(0);
    expect(workerPoolLoad().byPriority.background).toBe(0);
    expect(findings).toEqual(analyzeDraft(draft, paper(longText)));
    expect(findings.length).toBeGreaterThan(0);
  });

  it('runs its task in a pool thread', async () => {
    const task = defineWorkerTask<
      { draft: DraftToAnalyze; paper: AssistantPaper },
      { findings: Finding[]; mainThread: boolean }
    >(new URL('./review-assistant.task.ts', import.meta.url), 'analyzeDraftTask');
    expect((await runInWorker(task, { draft, paper: paper(longText) })).mainThread).toBe(false);
  });
});

describe('the local insights off the request thread', () => {
  it('answers in the pool what analyzeLocally answers', async () => {
    const input: InsightsInput = {
      title: 'Speech recognition with recurrent networks',
      abstract: 'We train recurrent neural networks for speech recognition on noisy audio corpora.',
      keywords: ['speech recognition', 'recurrent networks'],
      fullText: 'Introduction. Speech recognition on noisy audio remains hard. '.repeat(2000),
      event: {
        title: 'Audio Conference',
        description: 'Speech and audio processing.',
        primaryResearchArea: 'computer_science',
        secondaryResearchAreas: [],
      },
    };
    const inPool = await analyzeLocallyInWorker(input);
    expect(workerPoolLoad().threads).toBeGreaterThan(0);
    expect(inPool).toEqual(analyzeLocally(input));
    expect(inPool.relevance_to_event.score).toBeGreaterThan(0);
  });
});
