import { describe, expect, it } from 'vitest';
import { analyze, foldText, splitWords, termsOf } from './tokenize.ts';

describe('tokenizer', () => {
  it('lower-cases, splits on punctuation and drops stop words, numbers and one-letter words', () => {
    expect(analyze('The Transformers of 2019: a study in (self-)attention, e.g. for NLP!')).toEqual([
      'transform',
      'studi',
      'self',
      'attent',
      'nlp',
    ]);
  });

  it('keeps words that mix letters and digits, and words of other scripts, unstemmed', () => {
    expect(analyze('3D reconstruction with BERT2 and wav2vec models')).toEqual([
      '3d',
      'reconstruct',
      'bert2',
      'wav2vec',
      'model',
    ]);
    expect(analyze('تعلم الآلة')).toEqual(['تعلم', 'الالة']); // the madda (a combining mark after NFKD) goes
  });

  it('unfolds ligatures and removes accents', () => {
    expect(foldText('ﬁne-tuning by García')).toBe('fine-tuning by Garcia');
    expect(analyze('ﬁne-tuning by García')).toEqual(['fine', 'tune', 'garcia']);
  });

  it('re-joins a word split by a hyphen at a line end, but not a compound split across lines', () => {
    expect(splitWords('speech recog-\nnition and self-\n  Supervised')).toEqual([
      'speech',
      'recognition',
      'and',
      'self',
      'supervised',
    ]);
    expect(splitWords('recog- \r\n nition')).toEqual(['recognition']);
    expect(splitWords('state-of-the-art')).toEqual(['state', 'of', 'the', 'art']);
  });

  it('drops runs longer than 40 characters (extraction debris)', () => {
    expect(analyze(`graph ${'x'.repeat(41)} coloring`)).toEqual(['graph', 'color']);
  });

  it('forms bigrams of neighbours after stop-word removal', () => {
    expect(termsOf(analyze('recognition of speech signals'))).toEqual([
      'recognit',
      'speech',
      'signal',
      'recognit speech',
      'speech signal',
    ]);
  });
});
