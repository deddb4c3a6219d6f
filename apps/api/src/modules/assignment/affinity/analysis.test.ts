import { describe, expect, it } from 'vitest';
import {
  type AffinityDocument,
  ANALYSIS_VERSION,
  analyseDocuments,
  analysisKey,
  buildAffinityModel,
  decodeAnalysis,
  type ReviewerProfile,
} from './index.ts';

const corpus: AffinityDocument[] = [
  {
    id: 's1',
    title: 'Robust Speech Recognition in Noisy Rooms',
    keywords: ['speech', 'far-field ASR'],
    abstract: 'We study recognition of speech by the García–Müller method; it is the best of the methods.',
    fullText: 'Introduction. Speech recog-\nnition systems fail in reverberant rooms. The ﬁlter bank features…',
  },
  { id: 's2', title: 'Graph colouring with neural networks', abstract: 'Neural graph coloring, and graph networks.' },
  { id: 'p1', title: 'Speech enhancement', abstract: 'Enhancing speech for recognition; noisy speech corpora.' },
  {
    id: 'p2',
    title: 'Coloring graphs',
    abstract: 'Graph colorings, colored graphs and the colours of networks.',
    fullText: 'Networks of graphs. A graph is colored when… Speech is not involved.',
  },
  { id: 'p3', title: 'Über Spracherkennung', abstract: 'Naïve Bayes for Spracherkennung; café-style recognition.' },
];
const reviewers: ReviewerProfile[] = [
  { id: 'r1', expertise: 'speech recognition', papers: [corpus[2] as AffinityDocument, corpus[4] as AffinityDocument] },
  { id: 'r2', bio: 'graphs', papers: [corpus[3] as AffinityDocument] },
];

/** The corpus with every document (or every other one) carrying its stored analysis. */
function withAnalyses(docs: AffinityDocument[], every: number): AffinityDocument[] {
  const analyses = analyseDocuments(docs);
  return docs.map((doc, i) => (i % every === 0 ? { ...doc, analysis: analyses[i] } : { ...doc }));
}

function summary(docs: AffinityDocument[]) {
  const model = buildAffinityModel(docs);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const profiles = reviewers.map((r) => ({ ...r, papers: r.papers.map((p) => byId.get(p.id) as AffinityDocument) }));
  const subs = ['s1', 's2'].map((id) => byId.get(id) as AffinityDocument);
  const { scores, reasons } = model.score(profiles, subs);
  return {
    size: model.vocabularySize,
    scores: Buffer.from(scores.buffer),
    reasons: [reasons(0, 0), reasons(1, 1), reasons(0, 1)],
    weights: docs.map((doc) => model.termWeights(doc)),
  };
}

describe('stored analyses', () => {
  it('fit the same model as the texts, to the bit: vocabulary, weights, scores, reasons and their spellings', () => {
    const fromText = summary(corpus);
    expect(fromText.reasons[0]).toContain('speech recognition');
    expect(summary(withAnalyses(corpus, 1))).toEqual(fromText);
    expect(summary(withAnalyses(corpus, 2))).toEqual(fromText);
  });

  it('hold the kept words once, in order of first occurrence, and the streams as indexes into them', () => {
    const [bytes] = analyseDocuments([{ id: 'x', title: 'The speech of speech', abstract: 'Müller speech' }]);
    const decoded = decodeAnalysis(bytes as Uint8Array);
    // "the" and "of" are stop words; −1 ends the title and the abstract; no full text.
    expect(decoded?.words).toEqual(['speech', 'muller']);
    expect([...(decoded?.summary ?? [])]).toEqual([0, 0, -1, 1, 0, -1]);
    expect([...(decoded?.body ?? [])]).toEqual([]);
  });

  it('are refused when of another version or malformed, and the text is tokenised instead', () => {
    const [bytes] = analyseDocuments([corpus[0] as AffinityDocument]);
    const other = (bytes as Uint8Array).slice();
    new DataView(other.buffer).setUint32(0, ANALYSIS_VERSION + 1, true);
    expect(decodeAnalysis(other)).toBeUndefined();
    expect(decodeAnalysis((bytes as Uint8Array).subarray(0, (bytes as Uint8Array).length - 4))).toBeUndefined();
    const fromText = summary(corpus);
    expect(summary(corpus.map((doc) => ({ ...doc, analysis: other })))).toEqual(fromText);
  });

  it('are keyed by every text of the document and the version', async () => {
    const base = corpus[0] as AffinityDocument;
    const key = await analysisKey(base);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await analysisKey({ ...base, id: 'other id' })).toBe(key);
    for (const change of [
      { title: 'x' },
      { abstract: 'x' },
      { fullText: 'x' },
      { keywords: ['x'] },
      { fullText: undefined },
    ]) {
      expect(await analysisKey({ ...base, ...change })).not.toBe(key);
    }
  });
});
