import { describe, expect, it } from 'vitest';
import { type AffinityDocument, buildAffinityModel, type ReviewerProfile } from './index.ts';

const doc = (id: string, title: string, abstract?: string, fullText?: string): AffinityDocument => ({
  id,
  title,
  ...(abstract ? { abstract } : {}),
  ...(fullText ? { fullText } : {}),
});

/** The method's alternative components (`AffinityOptions`), whose formulas these tests pin down too. */
const PROBABILISTIC_TOP3 = { idf: 'probabilistic', minDocumentFrequency: 2, aggregation: 'top3' } as const;

describe('TF-IDF on a tiny corpus', () => {
  // Four titles. Stems: neural (2 documents), speech (3), recognit (2), transform (1), graph (2), color (2).
  // Indexed bigrams (df ≥ 2): "speech recognit" (d1, d2), "graph color" (d3, d4); "for" is a stop word.
  const corpus = [
    doc('d1', 'Neural speech recognition'),
    doc('d2', 'Speech recognition with transformers'),
    doc('d3', 'Neural graph coloring'),
    doc('d4', 'Graph coloring for speech'),
  ];
  const model = buildAffinityModel(corpus, PROBABILISTIC_TOP3);
  const idf = (df: number) => Math.log(1 + (4 - df + 0.5) / (df + 0.5));

  it('by default indexes every term with the smooth IDF ln((1 + N)/(1 + df)) + 1', () => {
    const standard = buildAffinityModel(corpus);
    // 6 stems and 6 bigrams: neural speech, speech recognit, recognit transform, neural graph, graph color, color speech.
    expect(standard.vocabularySize).toBe(12);
    expect(standard.idf('speech')).toBeCloseTo(Math.log(5 / 4) + 1, 6);
    expect(standard.idf('transform')).toBeCloseTo(Math.log(5 / 2) + 1, 6);
    expect(standard.idf('neural speech')).toBeCloseTo(Math.log(5 / 2) + 1, 6);
    // One paper: the mean over the profile is that paper's cosine.
    const { scores } = standard.score(
      [{ id: 'r', papers: [corpus[0] as AffinityDocument] }],
      [corpus[0] as AffinityDocument],
    );
    expect(scores[0]).toBeCloseTo(1, 6);
  });

  it('indexes the terms of at least two documents, with the probabilistic IDF (options)', () => {
    expect(model.documentCount).toBe(4);
    expect(model.vocabularySize).toBe(7);
    expect(model.idf('speech')).toBeCloseTo(Math.log(10 / 7), 6); // ln(1 + 1.5/3.5) = 0.3567
    expect(model.idf('speech')).toBeCloseTo(0.356675, 6);
    expect(model.idf('neural')).toBeCloseTo(Math.LN2, 6); // df 2 of 4: ln(1 + 2.5/2.5)
    expect(model.idf('speech recognit')).toBeCloseTo(Math.LN2, 6);
    expect(model.idf('transform')).toBeUndefined(); // one document only
    expect(model.idf('neural speech')).toBeUndefined();
  });

  it('weights (1 + ln tf) · idf, L2-normalised', () => {
    const norm = Math.sqrt(3 * idf(2) ** 2 + idf(3) ** 2); // 1.252428
    const weights = Object.fromEntries(model.termWeights(corpus[0] as AffinityDocument).map((t) => [t.term, t.weight]));
    expect(Object.keys(weights).sort()).toEqual(['neural', 'recognit', 'speech', 'speech recognit']);
    expect(weights.neural).toBeCloseTo(idf(2) / norm, 6);
    expect(weights.neural).toBeCloseTo(0.553444, 5);
    expect(weights.speech).toBeCloseTo(idf(3) / norm, 6);
    expect(weights['speech recognit']).toBeCloseTo(idf(2) / norm, 6);

    // A repeated word counts 1 + ln 2 (sublinear term frequency).
    const repeated = Object.fromEntries(
      model.termWeights(doc('x', 'speech speech graph')).map((t) => [t.term, t.weight]),
    );
    const raw = { speech: (1 + Math.LN2) * idf(3), graph: idf(2) };
    const rawNorm = Math.hypot(raw.speech, raw.graph);
    expect(repeated.speech).toBeCloseTo(raw.speech / rawNorm, 6);
    expect(repeated.graph).toBeCloseTo(raw.graph / rawNorm, 6);
  });

  it('treats a word the same whether the text had it plain, capitalised, accented or split at a line end', () => {
    const variants = buildAffinityModel([
      doc('a', 'Speech RECOGNITION', 'naïve'),
      doc('b', 'speech recog-\nnition', 'naive'),
    ]);
    expect(variants.idf('recognit')).toBeCloseTo(1, 6); // in both documents (N = 2): ln(3/3) + 1
    expect(variants.idf('naiv')).toBeDefined();
    expect(variants.idf('speech recognit')).toBeDefined();
  });

  it('scores a one-paper reviewer as a third of the cosine with top-3 aggregation (missing ones 0)', () => {
    const reviewer: ReviewerProfile = { id: 'r', papers: [corpus[0] as AffinityDocument] };
    const { scores } = model.score([reviewer], [corpus[1] as AffinityDocument]);
    // cos(d1, d2) over speech, recognit and "speech recognit"; d2's vector lacks "transform" (not indexed).
    const n1 = Math.sqrt(3 * idf(2) ** 2 + idf(3) ** 2);
    const n2 = Math.sqrt(2 * idf(2) ** 2 + idf(3) ** 2);
    const cosine = (idf(3) ** 2 + 2 * idf(2) ** 2) / (n1 * n2);
    expect(cosine).toBeCloseTo(0.832889, 5);
    expect(scores[0]).toBeCloseTo(cosine / 3, 6);
  });
});

// Two topics, each with enough documents for its vocabulary to be indexed.
const speechSubmission = doc(
  's-speech',
  'Self-supervised speech representations for low-resource recognition',
  'We pre-train speech representations with self-supervised learning and fine-tune them for speech recognition in low-resource languages.',
);
const graphSubmission = doc(
  's-graph',
  'Graph coloring with integer programming',
  'We give an integer programming formulation of graph coloring and prove bounds on the chromatic number of sparse graphs.',
);
const speechPapers = [
  doc(
    'p1',
    'Self-supervised learning of speech representations',
    'Speech representations learned without labels improve recognition.',
  ),
  doc(
    'p2',
    'Low-resource speech recognition',
    'Recognition of speech in low-resource languages with transfer learning.',
  ),
  doc('p3', 'End-to-end speech recognition toolkit', 'A toolkit for speech recognition and speech synthesis.'),
];
const graphPapers = [
  doc('p4', 'Chromatic number of sparse graphs', 'We bound the chromatic number of sparse graphs.'),
  doc('p5', 'Integer programming for graph coloring', 'Graph coloring formulations in integer programming.'),
];
const speechReviewer: ReviewerProfile = { id: 'speech', papers: speechPapers };
const graphReviewer: ReviewerProfile = { id: 'graph', papers: graphPapers };
const submissions = [speechSubmission, graphSubmission];
const reviewers = [speechReviewer, graphReviewer];
const corpus = [...submissions, ...speechPapers, ...graphPapers];

describe('scoring reviewers against submissions', () => {
  const model = buildAffinityModel(corpus);
  const result = model.score(reviewers, submissions);
  const at = (r: number, s: number) => result.scores[r * submissions.length + s] as number;

  it('ranks the reviewer whose papers match a submission above the one whose papers do not', () => {
    expect(result.scores).toHaveLength(4);
    expect(at(0, 0)).toBeGreaterThan(at(1, 0));
    expect(at(1, 1)).toBeGreaterThan(at(0, 1));
    expect(at(1, 0)).toBe(0); // no shared indexed term
    for (const score of result.scores) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
  });

  it('gives as reasons the readable terms the submission and the reviewer papers share, most weight first', () => {
    const reasons = result.reasons(0, 0);
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.length).toBeLessThanOrEqual(5);
    expect(reasons).toContain('speech representations');
    const submissionText = `${speechSubmission.title} ${speechSubmission.abstract}`.toLowerCase();
    const paperText = speechPapers
      .map((p) => `${p.title} ${p.abstract}`)
      .join(' ')
      .toLowerCase();
    for (const reason of reasons) {
      for (const word of reason.split(' ')) {
        expect(submissionText).toContain(word);
        expect(paperText).toContain(word);
      }
    }
    // A bigram replaces the unigrams it is made of.
    for (const reason of reasons.filter((r) => r.includes(' '))) {
      for (const word of reason.split(' ')) expect(reasons).not.toContain(word);
    }
    expect(result.reasons(1, 0)).toEqual([]);
    expect(model.score(reviewers, submissions, { topTerms: 2 }).reasons(0, 0)).toHaveLength(2);
  });

  it('is deterministic: the same input gives the same bytes, and corpus order changes nothing beyond rounding', () => {
    const again = buildAffinityModel(corpus).score(reviewers, submissions);
    expect(Buffer.from(again.scores.buffer)).toEqual(Buffer.from(result.scores.buffer));
    expect(again.reasons(0, 0)).toEqual(result.reasons(0, 0));
    const shuffled = buildAffinityModel([...corpus].reverse()).score(reviewers, submissions);
    shuffled.scores.forEach((score, i) => {
      expect(score).toBeCloseTo(result.scores[i] as number, 6);
    });
  });

  it('gives the same bytes on worker threads as in one thread', async () => {
    const many = Array.from({ length: 7 }, (_, i) => reviewers[i % 2] as ReviewerProfile);
    const expected = model.score(many, submissions);
    for (const threads of [2, 3]) {
      const parallel = await model.scoreInParallel(many, submissions, { threads });
      expect(Buffer.from(parallel.scores.buffer)).toEqual(Buffer.from(expected.scores.buffer));
      expect(parallel.reasons(0, 0)).toEqual(expected.reasons(0, 0));
    }
    const single = await model.scoreInParallel(many, submissions, { threads: 1 });
    expect([...single.scores]).toEqual([...expected.scores]);
  });

  it('aggregates by the top three on worker threads too, with the same bytes', async () => {
    const top3 = buildAffinityModel(corpus, { aggregation: 'top3' });
    const many = Array.from({ length: 5 }, (_, i) => reviewers[i % 2] as ReviewerProfile);
    const expected = top3.score(many, submissions);
    const parallel = await top3.scoreInParallel(many, submissions, { threads: 2 });
    expect(Buffer.from(parallel.scores.buffer)).toEqual(Buffer.from(expected.scores.buffer));
    // Three papers: the top three are all of them, so the two aggregations agree; two papers differ (÷3 vs ÷2).
    expect(expected.scores[0]).toBeCloseTo(at(0, 0), 6);
    expect(expected.scores[3]).toBeCloseTo((2 / 3) * at(1, 1), 6);
  });

  it('vectorises documents it was not fitted on against the fitted vocabulary', () => {
    const copy = { ...speechSubmission };
    const fresh = model.score(reviewers, [copy]);
    expect(fresh.scores[0]).toBeCloseTo(at(0, 0), 6);
    const unknown = model.score(reviewers, [doc('new', 'Quantum chromodynamics on lattices')]);
    expect([...unknown.scores]).toEqual([0, 0]);
  });

  it('counts a paper listed twice once, and a corpus document repeated by id once', () => {
    const twice: ReviewerProfile = {
      id: 'twice',
      papers: [speechPapers[0] as AffinityDocument, speechPapers[0] as AffinityDocument],
    };
    const once: ReviewerProfile = { id: 'once', papers: [speechPapers[0] as AffinityDocument] };
    const { scores } = model.score([twice, once], [speechSubmission]);
    expect(scores[0]).toBe(scores[1]);
    expect(buildAffinityModel([...corpus, ...speechPapers]).documentCount).toBe(corpus.length);
  });

  it('uses the expertise and bio text as one more document at half weight', () => {
    const profileOnly: ReviewerProfile = {
      id: 'p',
      expertise: 'speech recognition',
      bio: 'Works on low-resource languages.',
      papers: [],
    };
    const { scores } = model.score([profileOnly], submissions);
    const asDocument = doc('q', 'speech recognition', 'Works on low-resource languages.');
    const cosine = dotOf(model.termWeights(asDocument), model.termWeights(speechSubmission));
    expect(cosine).toBeGreaterThan(0);
    expect(scores[0]).toBeCloseTo(0.5 * cosine, 6);
    expect(scores[1]).toBe(0);
    // With papers, the profile is one more document of the mean: 3 papers + a profile sharing nothing.
    const withProfile = model.score([{ ...speechReviewer, expertise: 'graph coloring' }], submissions);
    expect(withProfile.scores[0]).toBeCloseTo((3 * at(0, 0)) / 4, 6);
    expect(withProfile.scores[1]).toBeGreaterThan(0);
  });
});

function dotOf(a: { term: string; weight: number }[], b: { term: string; weight: number }[]): number {
  const weights = new Map(b.map((t) => [t.term, t.weight]));
  return a.reduce((sum, t) => sum + t.weight * (weights.get(t.term) ?? 0), 0);
}

describe('full text', () => {
  const body = 'Our method relies on wavelet scattering transforms. Wavelet scattering transforms are stable.';
  const withBody = doc('s-body', 'A new method', 'We propose a method.', body);
  const waveletPaper = doc('w', 'Wavelet scattering transforms', 'Stable wavelet scattering transforms for signals.');
  const unrelated = doc('u', 'Graph coloring', 'Integer programming for graph coloring.');

  it("scores a submission's full text with its title and abstract", () => {
    const model = buildAffinityModel([withBody, waveletPaper, unrelated, graphSubmission]);
    const { scores, reasons } = model.score([{ id: 'r', papers: [waveletPaper] }], [withBody]);
    expect(scores[0]).toBeGreaterThan(0);
    expect(reasons(0, 0)).toContain('wavelet scattering');
    // Without the full text, nothing matches.
    const bare = { ...withBody, fullText: undefined };
    expect(model.score([{ id: 'r', papers: [waveletPaper] }], [bare]).scores[0]).toBe(0);
  });

  it('represents a reviewer paper by its full text too when the system holds it (or not, as an option)', () => {
    const reviewerPaper = doc('rp', 'Graph coloring bounds', 'Bounds for graph coloring.', body);
    const submission = doc('sw', 'Wavelet scattering transforms', 'Stable wavelet scattering transforms.');
    const corpus = [reviewerPaper, submission, waveletPaper, unrelated];
    const { scores, reasons } = buildAffinityModel(corpus).score([{ id: 'r', papers: [reviewerPaper] }], [submission]);
    expect(scores[0]).toBeGreaterThan(0);
    expect(reasons(0, 0)).toContain('wavelet scattering');
    const summaries = buildAffinityModel(corpus, { reviewerFullText: false });
    expect(summaries.score([{ id: 'r', papers: [reviewerPaper] }], [submission]).scores[0]).toBe(0);
  });
});

describe('topReviewers', () => {
  const topics = [
    'speech recognition',
    'graph coloring',
    'protein folding',
    'image segmentation',
    'query optimization',
  ];
  const words = ['neural', 'bounds', 'benchmark', 'dataset', 'theory', 'system', 'learning', 'sparse'];
  const pick = (i: number, salt: number) => words[(i * 7 + salt * 3) % words.length] as string;
  const subs = Array.from({ length: 12 }, (_, s) =>
    doc(
      `s${s}`,
      `${topics[s % topics.length]} ${pick(s, 1)}`,
      `${pick(s, 2)} ${topics[(s + 1) % topics.length]} ${pick(s, 3)}`,
    ),
  );
  const revs: ReviewerProfile[] = Array.from({ length: 9 }, (_, r) => ({
    id: `r${r}`,
    papers: Array.from({ length: 1 + (r % 4) }, (_, p) =>
      doc(`r${r}p${p}`, `${topics[(r + p) % topics.length]} ${pick(r + p, 4)}`, `${pick(r, p)} ${pick(p, r)}`),
    ),
  }));
  revs.push({ id: 'empty', papers: [] });
  const model = buildAffinityModel([...subs, ...revs.flatMap((r) => r.papers)]);
  const { scores } = model.score(revs, subs);
  const S = subs.length;

  /** The expected top k from the full matrix: score descending, then reviewer index. */
  const expectedTop = (s: number, k: number, excluded: (r: number) => boolean = () => false) =>
    revs
      .map((_, r) => ({ r, score: scores[r * S + s] as number }))
      .filter(({ r }) => !excluded(r))
      .sort((a, b) => b.score - a.score || a.r - b.r)
      .slice(0, k);

  it('returns, per submission, the k best reviewers of the full matrix, best first, without building it', () => {
    const k = 4;
    const top = model.topReviewers(revs, subs, { k });
    expect(top.reviewers).toHaveLength(S * k);
    for (let s = 0; s < S; s++) {
      const expected = expectedTop(s, k);
      expect([...top.reviewers.subarray(s * k, s * k + k)]).toEqual(expected.map((e) => e.r));
      expect([...top.scores.subarray(s * k, s * k + k)]).toEqual(expected.map((e) => e.score));
    }
    expect(top.reasons(top.reviewers[0] as number, 0).length).toBeGreaterThan(0);
  });

  it('fills with reviewers of score 0 when fewer share a term, and pads with −1 past the reviewers', () => {
    const all = model.topReviewers(revs, subs, { k: revs.length + 2 });
    for (let s = 0; s < S; s++) {
      const row = [...all.reviewers.subarray(s * all.k, (s + 1) * all.k)];
      expect(new Set(row.slice(0, revs.length))).toEqual(new Set(revs.map((_, r) => r)));
      expect(row.slice(revs.length)).toEqual([-1, -1]);
    }
  });

  it('never proposes an excluded pair (conflicts)', () => {
    const conflicted = (r: number, s: number) => (r + s) % 3 === 0;
    const k = 3;
    const top = model.topReviewers(revs, subs, { k, exclude: conflicted });
    for (let s = 0; s < S; s++) {
      const row = [...top.reviewers.subarray(s * k, s * k + k)];
      expect(row.some((r) => conflicted(r, s))).toBe(false);
      expect(row).toEqual(expectedTop(s, k, (r) => conflicted(r, s)).map((e) => e.r));
    }
  });

  it("gives the same bytes on worker threads, merging the threads' heaps, with and without conflicts", async () => {
    const bytes = (top: { reviewers: Int32Array; scores: Float32Array }) => [
      Buffer.from(top.reviewers.buffer),
      Buffer.from(top.scores.buffer),
    ];
    const cases: { k: number; exclude?: (r: number, s: number) => boolean }[] = [
      { k: 2 },
      { k: 3, exclude: (r, s) => (r + s) % 3 === 0 },
      // Every reviewer of the first thread's slice excluded from the even submissions: that slice's full heap of
      // 2k holds no allowed reviewer, so those columns are scored again in the calling thread.
      { k: 2, exclude: (r, s) => s % 2 === 0 && r < 5 },
      { k: revs.length + 1 },
    ];
    for (const options of cases) {
      const expected = model.topReviewers(revs, subs, options);
      for (const threads of [2, 3]) {
        const parallel = await model.topReviewersInParallel(revs, subs, { ...options, threads });
        expect(bytes(parallel)).toEqual(bytes(expected));
      }
      for (let s = 0; s < S; s++) {
        const want = expectedTop(s, Math.min(options.k, revs.length), (r) => options.exclude?.(r, s) ?? false);
        expect([...expected.reviewers.subarray(s * options.k, s * options.k + want.length)]).toEqual(
          want.map((e) => e.r),
        );
      }
    }
  });

  it('scores one submission against every reviewer as its column of the matrix, to the bit', () => {
    for (const aggregation of ['mean', 'top3'] as const) {
      const fitted = buildAffinityModel([...subs, ...revs.flatMap((r) => r.papers)], { aggregation });
      const matrix = fitted.score(revs, subs).scores;
      subs.forEach((sub, s) => {
        const column = fitted.scoreColumn(revs, sub);
        expect([...column]).toEqual(revs.map((_, r) => matrix[r * S + s]));
        expect(column.some((score) => score > 0)).toBe(true);
      });
    }
  });

  it('rejects a k that is not a non-negative integer', () => {
    expect(() => model.topReviewers(revs, subs, { k: -1 })).toThrow(RangeError);
    expect(() => model.topReviewers(revs, subs, { k: 1.5 })).toThrow(RangeError);
  });
});
