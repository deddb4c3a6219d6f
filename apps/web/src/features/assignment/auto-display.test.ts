import fs from 'node:fs';
import path from 'node:path';
import type { AssignmentResultDto, ProposedPairDto } from '@confero/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  applyCounts,
  filterPaperGroups,
  formatScore,
  groupPairsByPaper,
  histogramBars,
  isPreviewActive,
  isStalePreviewError,
  MIN_BAR_PERCENT,
  normalizeSearch,
  paginate,
  previewErrorText,
  progressPercent,
  readPreviewParam,
  shortReasonText,
  type Translate,
  withPreviewParam,
} from './auto-display.ts';

const paper = (id: number, title: string) => ({ id, public_id: `${id}-p${id}`, title });
const person = (n: number, name: string, extra: Partial<ProposedPairDto['reviewer']> = {}) => ({
  public_id: `${n}-r${n}`,
  first_name: name,
  last_name: 'Tester',
  full_name: `${name} Tester`,
  email: `${name.toLowerCase()}@uni${n}.edu`,
  affiliation: `University ${n}`,
  ...extra,
});

function pair(
  submission: ReturnType<typeof paper>,
  reviewer: ReturnType<typeof person>,
  score: number,
  options: Partial<Omit<ProposedPairDto, 'submission' | 'reviewer' | 'score'>> = {},
): ProposedPairDto {
  return { submission, reviewer, score, affinity: score, bid: null, reasons: [], existing: false, ...options };
}

const speech = paper(1, 'Speech recognition with recurrent networks');
const protein = paper(2, 'Protein folding with molecular dynamics');
const query = paper(3, 'Query optimisation in distributed databases');
const ada = person(1, 'Ada');
const ben = person(2, 'Ben', { affiliation: 'Institut Pasteur' });
const cai = person(3, 'Cai');
const dana = person(4, 'Dana');

const PAIRS: ProposedPairDto[] = [
  pair(speech, ada, 0.4, { reasons: ['speech', 'acoustic'] }),
  pair(speech, cai, 0.9, { reasons: ['audio'], existing: true }),
  pair(protein, ben, 1.2, { reasons: ['folding'], bid: 'eager' }),
  pair(query, dana, 0.3, { reasons: ['databases'] }),
  pair(protein, dana, 0.1, { reasons: [] }),
  pair(query, cai, 0.3, { reasons: ['query'] }),
];

describe('groupPairsByPaper', () => {
  it('puts each paper once, in first-seen order, with its reviewers by score and its totals', () => {
    const groups = groupPairsByPaper(PAIRS);
    expect(groups.map((group) => group.submission.id)).toEqual([1, 2, 3]);
    expect(groups[0]?.pairs.map((p) => p.reviewer.public_id)).toEqual(['3-r3', '1-r1']);
    expect(groups[1]?.pairs.map((p) => p.reviewer.public_id)).toEqual(['2-r2', '4-r4']);
    expect(groups.map((group) => group.score)).toEqual([1.3, 1.3, 0.6]);
    expect(groups[0]).toMatchObject({ newCount: 1, keptCount: 1 });
    expect(groups[2]).toMatchObject({ newCount: 2, keptCount: 0 });
  });

  it('keeps the server order between reviewers of equal score', () => {
    const groups = groupPairsByPaper(PAIRS);
    expect(groups[2]?.pairs.map((p) => p.reviewer.public_id)).toEqual(['4-r4', '3-r3']);
  });

  it('rounds the per-paper sum so float noise does not show', () => {
    const groups = groupPairsByPaper([pair(speech, ada, 0.1), pair(speech, ben, 0.2)]);
    expect(groups[0]?.score).toBe(0.3);
  });

  it('is empty without pairs', () => {
    expect(groupPairsByPaper([])).toEqual([]);
  });
});

describe('filterPaperGroups', () => {
  const groups = groupPairsByPaper(PAIRS);

  it('keeps every reviewer of a paper whose title matches, whatever the case and spacing', () => {
    const found = filterPaperGroups(groups, '  PROTEIN   folding ', 'all');
    expect(found.map((group) => group.submission.id)).toEqual([2]);
    expect(found[0]?.pairs).toHaveLength(2);
  });

  it('narrows to the reviewers whose name, e-mail, affiliation or matched terms match', () => {
    expect(filterPaperGroups(groups, 'cai', 'all').map((g) => [g.submission.id, g.pairs.length])).toEqual([
      [1, 1],
      [3, 1],
    ]);
    expect(filterPaperGroups(groups, 'pasteur', 'all').map((g) => g.submission.id)).toEqual([2]);
    expect(filterPaperGroups(groups, 'ACOUST', 'all').flatMap((g) => g.pairs.map((p) => p.reviewer.full_name))).toEqual(
      ['Ada Tester'],
    );
    expect(filterPaperGroups(groups, 'dana@uni4', 'all').map((g) => g.submission.id)).toEqual([2, 3]);
  });

  it('finds a paper by its public id', () => {
    expect(filterPaperGroups(groups, '3-p3', 'all').map((g) => g.submission.id)).toEqual([3]);
  });

  it('shows only new or only kept pairs', () => {
    const kept = filterPaperGroups(groups, '', 'kept');
    expect(kept.map((g) => [g.submission.id, g.pairs.map((p) => p.reviewer.public_id)])).toEqual([[1, ['3-r3']]]);
    const fresh = filterPaperGroups(groups, '', 'new');
    expect(fresh.flatMap((g) => g.pairs).every((p) => !p.existing)).toBe(true);
    expect(fresh.flatMap((g) => g.pairs)).toHaveLength(5);
  });

  it('combines the filter and the search, and finds nothing when nothing matches', () => {
    expect(filterPaperGroups(groups, 'ada', 'kept')).toEqual([]);
    expect(filterPaperGroups(groups, 'no such thing', 'all')).toEqual([]);
  });

  it('matches Arabic text without its diacritics', () => {
    const arabic = groupPairsByPaper([pair(paper(9, 'التعرّف على الكلام'), ada, 1)]);
    expect(normalizeSearch('التعرّف')).toBe('التعرف');
    expect(filterPaperGroups(arabic, 'التعرف', 'all')).toHaveLength(1);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 45 }, (_, index) => index + 1);

  it('cuts pages of the given size', () => {
    expect(paginate(items, 1, 20)).toMatchObject({ page: 1, pages: 3, total: 45 });
    expect(paginate(items, 1, 20).items).toEqual(items.slice(0, 20));
    expect(paginate(items, 3, 20).items).toEqual([41, 42, 43, 44, 45]);
  });

  it('clamps a page past the end or before the start', () => {
    expect(paginate(items, 9, 20)).toMatchObject({ page: 3, items: [41, 42, 43, 44, 45] });
    expect(paginate(items, 0, 20).page).toBe(1);
    expect(paginate(items, Number.NaN, 20).page).toBe(1);
  });

  it('has one empty page for an empty list', () => {
    expect(paginate([], 4, 20)).toEqual({ items: [], page: 1, pages: 1, total: 0 });
  });

  it('pages search results: a search that leaves 21 papers gives two pages', () => {
    const many = groupPairsByPaper(
      Array.from({ length: 50 }, (_, index) =>
        pair(paper(index + 1, index % 2 === 0 ? `Speech paper ${index}` : `Other paper ${index}`), ada, 1),
      ),
    );
    const found = filterPaperGroups(many, 'speech', 'all');
    expect(found).toHaveLength(25);
    const second = paginate(found, 2, 20);
    expect(second.pages).toBe(2);
    expect(second.items.map((g) => g.submission.title)).toEqual([
      'Speech paper 40',
      'Speech paper 42',
      'Speech paper 44',
      'Speech paper 46',
      'Speech paper 48',
    ]);
  });
});

describe('histogramBars', () => {
  it('scales bars to the most common load and fills the gaps from zero', () => {
    const bars = histogramBars([
      { papers: 2, reviewers: 10 },
      { papers: 4, reviewers: 5 },
      { papers: 1, reviewers: 2 },
    ]);
    expect(bars).toEqual([
      { papers: 0, reviewers: 0, percent: 0 },
      { papers: 1, reviewers: 2, percent: 20 },
      { papers: 2, reviewers: 10, percent: 100 },
      { papers: 3, reviewers: 0, percent: 0 },
      { papers: 4, reviewers: 5, percent: 50 },
    ]);
  });

  it('keeps a tiny bar visible', () => {
    const bars = histogramBars([
      { papers: 0, reviewers: 1000 },
      { papers: 1, reviewers: 1 },
    ]);
    expect(bars[1]).toEqual({ papers: 1, reviewers: 1, percent: MIN_BAR_PERCENT });
  });

  it('adds up rows of the same load, and ignores empty rows', () => {
    expect(
      histogramBars([
        { papers: 1, reviewers: 3 },
        { papers: 1, reviewers: 1 },
        { papers: 5, reviewers: 0 },
      ]),
    ).toEqual([
      { papers: 0, reviewers: 0, percent: 0 },
      { papers: 1, reviewers: 4, percent: 100 },
    ]);
  });

  it('has no bars without reviewers', () => {
    expect(histogramBars([])).toEqual([]);
    expect(histogramBars([{ papers: 3, reviewers: 0 }])).toEqual([]);
  });

  it('rounds to a tenth of a percent', () => {
    const bars = histogramBars([
      { papers: 0, reviewers: 3 },
      { papers: 1, reviewers: 1 },
    ]);
    expect(bars[1]?.percent).toBe(33.3);
  });
});

describe('shortReasonText', () => {
  const short = (
    code: string,
    message: string,
    params: Record<string, number> = { eligible: 1, wanted: 3 },
  ): AssignmentResultDto['short'][number] => ({
    submission: protein,
    wanted: 3,
    assigned: 1,
    eligible_reviewers: 1,
    reason: { code, params, message },
  });
  const translators = new Map<string, Translate>();

  beforeAll(async () => {
    for (const language of ['en', 'ar']) {
      const file = path.resolve(
        import.meta.dirname,
        `../../../../../packages/i18n/locales/${language}/translation.json`,
      );
      const instance = i18next.createInstance();
      await instance.init({
        lng: language,
        resources: { [language]: { translation: JSON.parse(fs.readFileSync(file, 'utf8')) } },
        interpolation: { escapeValue: false },
      });
      translators.set(language, instance.t.bind(instance) as unknown as Translate);
    }
  });

  it('translates the no-eligible-reviewers reason with the row numbers', () => {
    const row = short('assignments.shortNoEligible', 'Only 1 reviewers of the event may review it…');
    expect(shortReasonText(row, translators.get('en') as Translate)).toBe(
      'Only 1 reviewers of the event may review it (the others have a conflict of interest); 3 are wanted.',
    );
    const arabic = shortReasonText(row, translators.get('ar') as Translate);
    expect(arabic).toContain('تعارض مصالح');
    expect(arabic).toContain('1');
    expect(arabic).toContain('3');
  });

  it("takes the numbers from the reason's parameters when it has them", () => {
    const row = short('assignments.shortNoEligible', 'Only 2 reviewers…', { eligible: 2, wanted: 4 });
    expect(shortReasonText(row, translators.get('en') as Translate)).toBe(
      'Only 2 reviewers of the event may review it (the others have a conflict of interest); 4 are wanted.',
    );
    expect(shortReasonText(row, translators.get('ar') as Translate)).toBe(
      'لا يمكن تحكيمها إلا لـ2 من محكّمي الفعالية (لدى الآخرين تعارض مصالح)، والمطلوب 4.',
    );
  });

  it('falls back to the row numbers for a reason without parameters (an older preview)', () => {
    const { reason, ...rest } = short('assignments.shortNoEligible', 'Only 1 reviewers…');
    const older = { ...rest, reason: { code: reason.code, message: reason.message } } as unknown as typeof rest & {
      reason: typeof reason;
    };
    expect(shortReasonText(older, translators.get('ar') as Translate)).toBe(
      'لا يمكن تحكيمها إلا لـ1 من محكّمي الفعالية (لدى الآخرين تعارض مصالح)، والمطلوب 3.',
    );
  });

  it('translates the capacity reason', () => {
    const row = short('assignments.shortCapacity', 'The reviewers who may review it have reached…');
    expect(shortReasonText(row, translators.get('en') as Translate)).toBe(
      'The reviewers who may review it have reached their maximum number of papers.',
    );
    expect(shortReasonText(row, translators.get('ar') as Translate)).toBe(
      'بلغ المحكّمون الذين يمكنهم تحكيمها الحد الأقصى لعدد الأوراق.',
    );
  });

  it("shows the server's text for a reason it does not know", () => {
    const row = short('assignments.somethingNew', 'A reason added later.');
    expect(shortReasonText(row, translators.get('ar') as Translate)).toBe('A reason added later.');
  });
});

describe('the preview in the address', () => {
  it('reads the preview id, ignoring blanks and overlong values', () => {
    expect(readPreviewParam(new URLSearchParams('preview=12-abcd'))).toBe('12-abcd');
    expect(readPreviewParam(new URLSearchParams('preview=%20'))).toBeNull();
    expect(readPreviewParam(new URLSearchParams(''))).toBeNull();
    expect(readPreviewParam(new URLSearchParams(`preview=${'x'.repeat(61)}`))).toBeNull();
  });

  it('sets and removes the id, keeping other parameters', () => {
    const set = withPreviewParam(new URLSearchParams('tab=pairs'), '7-xyz');
    expect(set.toString()).toBe('tab=pairs&preview=7-xyz');
    expect(withPreviewParam(set, null).toString()).toBe('tab=pairs');
  });
});

describe('preview status and figures', () => {
  it('polls only while queued or running', () => {
    expect(isPreviewActive('queued')).toBe(true);
    expect(isPreviewActive('running')).toBe(true);
    expect(isPreviewActive('done')).toBe(false);
    expect(isPreviewActive('failed')).toBe(false);
    expect(isPreviewActive('applied')).toBe(false);
    expect(isPreviewActive(undefined)).toBe(false);
  });

  it('turns progress into a clamped percentage', () => {
    expect(progressPercent(0.254)).toBe(25);
    expect(progressPercent(1.3)).toBe(100);
    expect(progressPercent(-1)).toBe(0);
    expect(progressPercent(Number.NaN)).toBe(0);
  });

  it('counts what an apply creates, keeps and removes', () => {
    const result = {
      pairs: PAIRS,
      new_count: 5,
      removed: [{ submission: speech, reviewer: ben }],
    } as AssignmentResultDto;
    expect(applyCounts(result)).toEqual({ created: 5, kept: 1, removed: 1 });
  });

  it('recognises a stale preview refusal and nothing else', () => {
    const stale = new ApiError({ status: 409, code: 'STALE_PREVIEW', detail: 'changed' });
    expect(isStalePreviewError(stale)).toBe(true);
    expect(isStalePreviewError(new ApiError({ status: 409, code: 'CONFLICT', detail: 'applied' }))).toBe(false);
    expect(isStalePreviewError(new Error('x'))).toBe(false);
  });

  it("translates the API's failure from its key, and shows a text without a key as sent", () => {
    const english = 'The assignment could not be computed. Compute a new preview.';
    const failed = { error: english, error_code: 'assignments.previewFailed' };
    expect(previewErrorText(failed, 'ar')).toBe('تعذّر حساب الإسناد. احسب معاينة جديدة.');
    expect(previewErrorText(failed, 'en')).toBe(english);
    expect(previewErrorText({ error: 'Solver crashed', error_code: null }, 'ar')).toBe('Solver crashed');
    expect(previewErrorText({ error: null, error_code: null }, 'en')).toBeNull();
  });

  it('formats scores with at most two decimals', () => {
    expect(formatScore(1.23456, 'en')).toBe('1.23');
    expect(formatScore(-0.5, 'en')).toBe('-0.5');
    expect(formatScore(3, 'en')).toBe('3');
  });
});
