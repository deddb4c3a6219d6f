import { describe, expect, it } from 'vitest';
import { cleanText, collapseLetterSpacing, joinLines, repairAccents, textKey } from './text.ts';

describe('cleanText', () => {
  it('expands the fi, fl, ff, ffi and ffl ligatures', () => {
    expect(cleanText('eﬃcient ﬁne-grained ﬂow of ﬀ and ﬄ')).toBe('efficient fine-grained flow of ff and ffl');
  });

  it('drops soft hyphens and zero-width characters and makes odd spaces plain', () => {
    expect(cleanText('peer\u00ad review\u200b\u00a0system\u2009now')).toBe('peer review system now');
  });

  it('turns the asterisk operator used as a footnote mark into an asterisk', () => {
    expect(cleanText('Alice Martin∗')).toBe('Alice Martin*');
  });
});

describe('repairAccents', () => {
  it('joins an accent printed after its letter and the space left behind', () => {
    expect(repairAccents('Gu¨ nter Jost and Klaus Ju¨ rgens, Universita¨ t Rostock')).toBe(
      'Günter Jost and Klaus Jürgens, Universität Rostock',
    );
  });

  it('joins an accent printed before its letter, as TeX draws it', () => {
    expect(repairAccents('G¨unter and Jos´e and Fran¸cois')).toBe('Günter and José and François');
  });

  it('leaves an accent alone when no letter can carry it', () => {
    expect(repairAccents('x ¨ y')).toBe('x ¨ y');
  });
});

describe('joinLines', () => {
  it('undoes hyphenation before a lower-case continuation', () => {
    expect(joinLines(['the distri-', 'butional vector and Baden-', 'Württemberg'])).toBe(
      'the distributional vector and Baden-Württemberg',
    );
  });

  it('joins other lines with one space and skips empty ones', () => {
    expect(joinLines(['We present', '', '  a method.  '])).toBe('We present a method.');
  });
});

describe('collapseLetterSpacing', () => {
  it('collapses runs of three or more single letters', () => {
    expect(collapseLetterSpacing('A B S T R A C T')).toBe('ABSTRACT');
    expect(collapseLetterSpacing('K E Y W O R D S case study')).toBe('KEYWORDS case study');
  });

  it('keeps initials and short runs', () => {
    expect(collapseLetterSpacing('J. R. Smith and A B')).toBe('J. R. Smith and A B');
  });
});

describe('textKey', () => {
  it('compares text without case, accents, punctuation or letter spacing', () => {
    expect(textKey('A B S T R A C T')).toBe(textKey('Abstract'));
    expect(textKey('Légaré, F.')).toBe('legare f');
  });
});
