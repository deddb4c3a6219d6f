import { describe, expect, it } from 'vitest';
import { stemEnglish } from './stemmer.ts';

describe('stemEnglish (Porter2)', () => {
  // Outputs of the Snowball English stemmer (its published sample vocabulary and the algorithm's examples).
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'tie'],
    ['cries', 'cri'],
    ['cats', 'cat'],
    ['gas', 'gas'],
    ['gaps', 'gap'],
    ['kiwis', 'kiwi'],
    ['agreed', 'agre'],
    ['feed', 'feed'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['sing', 'sing'],
    ['hopping', 'hop'],
    ['hoping', 'hope'],
    ['falling', 'fall'],
    ['hissing', 'hiss'],
    ['fizzed', 'fizz'],
    ['filing', 'file'],
    ['sized', 'size'],
    ['happy', 'happi'],
    ['saying', 'say'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['traditional', 'tradit'],
    ['sensational', 'sensat'],
    ['itemization', 'item'],
    ['colonizer', 'colon'],
    ['reference', 'refer'],
    ['plotted', 'plot'],
    ['knives', 'knive'],
    ['knackeries', 'knackeri'],
    ['consignment', 'consign'],
    ['consistently', 'consist'],
    ['consolatory', 'consolatori'],
    ['conspiracy', 'conspiraci'],
    ['constable', 'constabl'],
    ['abilities', 'abil'],
    ['ability', 'abil'],
    ['ably', 'abli'],
    ['abominable', 'abomin'],
    ['aboriginal', 'aborigin'],
    ['recognition', 'recognit'],
    ['optimization', 'optim'],
    ['generative', 'generat'],
    ['modelling', 'model'],
    ['modeling', 'model'],
    ['networks', 'network'],
    ['embeddings', 'embed'],
  ])('%s → %s', (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });

  it('applies the exceptional forms', () => {
    expect(['skies', 'dying', 'lying', 'news', 'bias', 'atlas', 'only', 'early'].map(stemEnglish)).toEqual([
      'sky',
      'die',
      'lie',
      'news',
      'bias',
      'atlas',
      'onli',
      'earli',
    ]);
    expect(['innings', 'succeeded', 'exceeding', 'proceed'].map(stemEnglish)).toEqual([
      'inning',
      'succeed',
      'exceed',
      'proceed',
    ]);
  });

  it('keeps words apart that Porter (1980) conflates, through the R1 prefixes', () => {
    expect(stemEnglish('generously')).toBe('generous');
    expect(stemEnglish('generalization')).toBe('general');
    expect(stemEnglish('university')).not.toBe(stemEnglish('universe'));
    expect(stemEnglish('organization')).not.toBe(stemEnglish('organ'));
  });

  it('conflates the inflections a reviewer and a submission use for one topic', () => {
    const forms = ['transformer', 'transformers', 'transforming', 'transformed'];
    expect(new Set(forms.map(stemEnglish))).toEqual(new Set(['transform']));
    expect(stemEnglish('evaluation')).toBe(stemEnglish('evaluate'));
  });

  it('leaves words of one or two letters alone', () => {
    expect(['a', 'is', 'ai', 'ml'].map(stemEnglish)).toEqual(['a', 'is', 'ai', 'ml']);
  });
});
