import { describe, expect, it } from 'vitest';
import { Lexicon } from './lexicon.ts';
import { PairTable } from './pair-table.ts';
import { buildVocabulary } from './vocabulary.ts';

describe('PairTable', () => {
  it('finds every pair it holds across growth, and nothing else', () => {
    const table = new PairTable(4);
    for (let i = 0; i < 5000; i++) table.setFirst(table.insert(i % 97, i), i * 3);
    expect(table.size).toBe(5000);
    expect(table.capacity).toBeGreaterThanOrEqual(10_000);
    for (let i = 0; i < 5000; i++) {
      const slot = table.find(i % 97, i);
      expect(slot).toBeGreaterThanOrEqual(0);
      expect(table.getFirst(slot)).toBe(i * 3);
      expect([table.keyA(slot), table.keyB(slot)]).toEqual([i % 97, i]);
    }
    expect(table.find(5, 5001)).toBe(-1);
    expect(table.insert(3, 3)).toBe(table.find(3, 3)); // present: same slot, no new entry
    expect(table.size).toBe(5000);
  });
});

describe('buildVocabulary', () => {
  const texts = [
    'speech recognition with neural networks and speech recognition benchmarks',
    'neural networks for graph coloring and speech recognition',
    'graph coloring bounds for sparse graphs with neural networks',
    'sparse graphs and graph coloring in speech recognition systems',
  ];
  const lexicon = new Lexicon();
  const tokens = texts.map((abstract, i) => lexicon.tokenize({ id: String(i), abstract }));

  it('counts bigram document frequencies exactly when split into hash partitions', () => {
    const whole = buildVocabulary(tokens, lexicon.stems.length, 2);
    const split = buildVocabulary(tokens, lexicon.stems.length, 2, 3); // a handful of pairs per pass
    expect([...split.termA]).toEqual([...whole.termA]);
    expect([...split.termB]).toEqual([...whole.termB]);
    expect([...split.idf]).toEqual([...whole.idf]);
    const bigrams = [...whole.termB].filter((b) => b >= 0).length;
    expect(bigrams).toBeGreaterThan(2);
  });

  it('counts a bigram once per document, however often it occurs there', () => {
    const { termA, termB, idf } = buildVocabulary(tokens, lexicon.stems.length, 2);
    const names = Array.from(termA, (a, t) =>
      (termB[t] as number) < 0 ? lexicon.stems[a] : `${lexicon.stems[a]} ${lexicon.stems[termB[t] as number]}`,
    );
    const speechRecognition = names.indexOf('speech recognit');
    const graphColoring = names.indexOf('graph color');
    // "speech recognit" is in documents 0, 1 and 3 (twice in 0); "graph color" in 1, 2 and 3: same df, same IDF.
    expect(speechRecognition).toBeGreaterThanOrEqual(0);
    expect(idf[speechRecognition]).toBe(idf[graphColoring]);
    expect(idf[speechRecognition]).toBeCloseTo(Math.log(1 + (4 - 3 + 0.5) / (3 + 0.5)), 6);
  });
});
