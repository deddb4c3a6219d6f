import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalizeFirst, findEnumeration, splitSentences, tidyDescription, tidyInline } from './tidy-description.ts';

/** The words of a text: runs of letters and digits, lower-cased, as a sorted multiset. */
function words(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word.toLowerCase()).sort();
}

describe('tidyDescription (the local provider)', () => {
  it('turns an inline enumeration into a bullet list, keeping the conjunction and every word', () => {
    const input =
      'the 5th international conference on applied AI takes place in Cairo on 2027-06-10. topics include machine learning, computer vision, natural language processing, and robotics. see https://icaai.example.org/cfp.';
    expect(tidyDescription(input)).toBe(
      [
        'The 5th international conference on applied AI takes place in Cairo on 2027-06-10.',
        'Topics include:\n- machine learning;\n- computer vision;\n- natural language processing; and\n- robotics.',
        'See https://icaai.example.org/cfp.',
      ].join('\n\n'),
    );
  });

  it('normalises whitespace and punctuation without touching numbers, dates or addresses', () => {
    const input =
      '  Welcome   to ICSE ,the  premier venue  (  since 1975 ) !!  Fees: 1,250.50 USD ,  contact chair@icse.org  ';
    expect(tidyDescription(input)).toBe(
      'Welcome to ICSE, the premier venue (since 1975)! Fees: 1,250.50 USD, contact chair@icse.org',
    );
  });

  it('capitalises sentence starts but leaves abbreviations, initials and mixed-case words alone', () => {
    const input =
      'papers are due soon, e.g. in may. iPhone apps are welcome. the keynote is by J. Smith et al. from MIT. thanks to all.';
    expect(tidyDescription(input)).toBe(
      'Papers are due soon, e.g. in may. iPhone apps are welcome. The keynote is by J. Smith et al. from MIT. Thanks to all.',
    );
  });

  it('cuts a wall of text into paragraphs at sentence boundaries', () => {
    const sentence = (n: number) => `Sentence number ${n} explains one more detail about the programme of the meeting.`;
    const input = Array.from({ length: 20 }, (_, i) => sentence(i + 1)).join(' ');
    const output = tidyDescription(input);
    const paragraphs = output.split('\n\n');
    expect(paragraphs.length).toBeGreaterThan(3);
    for (const paragraph of paragraphs) {
      expect(paragraph.length).toBeLessThanOrEqual(500);
      expect(paragraph).toMatch(/^Sentence number \d+ .*\.$/);
    }
    expect(paragraphs.join(' ')).toBe(input);
  });

  it('keeps existing lists and short lines, reflows hard-wrapped prose', () => {
    const input = [
      'Important dates',
      'submission deadline: 1 March 2027',
      'notification: 1 May 2027',
      '',
      'The workshop brings together researchers and practitioners who work on the',
      'evaluation of retrieval systems , and on the data sets used to compare them',
      '',
      '* first topic',
      '• second topic',
      '3) third topic',
    ].join('\r\n');
    expect(tidyDescription(input)).toBe(
      [
        'Important dates\nSubmission deadline: 1 March 2027\nNotification: 1 May 2027',
        'The workshop brings together researchers and practitioners who work on the evaluation of retrieval systems, and on the data sets used to compare them.',
        '- First topic\n- Second topic\n3) Third topic',
      ].join('\n\n'),
    );
  });

  it('reads Arabic text and Arabic punctuation', () => {
    const input =
      'يسرنا دعوتكم للمشاركة في المؤتمر  ،وتشمل المحاور الذكاء الاصطناعي، والأمن السيبراني، والحوسبة السحابية .';
    const output = tidyDescription(input);
    expect(output).toBe(
      'يسرنا دعوتكم للمشاركة في المؤتمر، وتشمل المحاور الذكاء الاصطناعي، والأمن السيبراني، والحوسبة السحابية.',
    );
    expect(words(output)).toEqual(words(input));
  });

  it('is stable: tidying a tidied text changes nothing', () => {
    const input = 'topics include a, b and c. the venue is the Cairo convention centre.   more at www.example.org .';
    const once = tidyDescription(input);
    expect(tidyDescription(once)).toBe(once);
  });

  it('leaves a text without anything to fix as it is', () => {
    expect(tidyDescription('Short and tidy.')).toBe('Short and tidy.');
    expect(tidyDescription('')).toBe('');
  });
});

describe('tidyDescription properties', () => {
  const vocabulary = [
    'the',
    'conference',
    'Topics',
    'include',
    'including',
    'such as',
    'and',
    'or',
    'AI',
    'iOS',
    'e.g.',
    'Dr.',
    'J.',
    'مؤتمر',
    'الذكاء',
    'Ünïcödé',
    'straße',
    'İstanbul',
    '2027-06-10',
    '3.5',
    '1,250',
    '10:30',
    'v2.0',
    'https://example.org/call?x=1&y=2',
    'www.example.com/path_(x)',
    'chair@example.org',
  ];
  const separators = [
    ' ',
    '  ',
    ', ',
    ',',
    ' ,',
    '. ',
    '.',
    '! ',
    '? ',
    '; ',
    ': ',
    '\n',
    '\n\n',
    '\t',
    ' (',
    ') ',
    '\n- ',
    '\n1. ',
    '…',
    '...',
  ];
  const realistic = fc
    .array(fc.tuple(fc.constantFrom(...vocabulary), fc.constantFrom(...separators)), { maxLength: 60 })
    .map((parts) => parts.map(([word, separator]) => word + separator).join(''));
  const anything = fc.string({ unit: 'grapheme', maxLength: 300 });
  const mixed = fc.oneof(realistic, anything, fc.string({ unit: 'binary', maxLength: 200 }));

  it('keeps every word of the input and adds none (case aside)', () => {
    fc.assert(
      fc.property(mixed, (input) => {
        expect(words(tidyDescription(input))).toEqual(words(input));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps every URL, e-mail address, date and number verbatim', () => {
    const exact = [
      '2027-06-10',
      '3.5',
      '1,250',
      '10:30',
      'v2.0',
      'https://example.org/call?x=1&y=2',
      'chair@example.org',
    ];
    fc.assert(
      fc.property(realistic, (input) => {
        const output = tidyDescription(input);
        for (const token of exact) {
          const count = (text: string) => text.split(token).length - 1;
          expect(count(output)).toBeGreaterThanOrEqual(count(input.normalize('NFC')));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and never leaves runs of spaces or three blank lines', () => {
    fc.assert(
      fc.property(mixed, (input) => {
        const output = tidyDescription(input);
        expect(tidyDescription(input)).toBe(output);
        expect(output).not.toMatch(/ {2}|\n{3}|^\s|\s$/u);
      }),
      { numRuns: 300 },
    );
  });
});

describe('building blocks', () => {
  it('splits sentences but not after abbreviations or initials', () => {
    expect(splitSentences('One. two? Three! Dr. Who e.g. this. Fin')).toEqual([
      'One.',
      'two?',
      'Three!',
      'Dr. Who e.g. this.',
      'Fin',
    ]);
  });

  it('capitalises only plain lower-case words', () => {
    expect(capitalizeFirst('hello')).toBe('Hello');
    expect(capitalizeFirst('"quoted" text')).toBe('"Quoted" text');
    expect(capitalizeFirst('eBay')).toBe('eBay');
    expect(capitalizeFirst('ßtraße')).toBe('ßtraße');
    expect(capitalizeFirst('123 go')).toBe('123 go');
  });

  it('finds enumerations only with at least three short items', () => {
    expect(findEnumeration('Topics include a, b, and c.')).toEqual({
      leadIn: 'Topics include',
      items: ['a', 'b', 'c'],
      conjunction: 'and',
      terminal: '.',
    });
    expect(findEnumeration('Areas of interest are x; y; z')).toMatchObject({ items: ['x', 'y', 'z'], conjunction: '' });
    expect(findEnumeration('We include a and b.')).toBeUndefined();
    expect(findEnumeration('The deadlines are strict, firm, and final.')).toBeUndefined();
    expect(findEnumeration('Deadline: May 1, 2027.')).toBeUndefined();
  });

  it('tidies spacing around punctuation but not inside numbers', () => {
    expect(tidyInline('a ,b ; c  ( d )')).toBe('a, b; c (d)');
    expect(tidyInline('1,000 and 3.5 and 10:30')).toBe('1,000 and 3.5 and 10:30');
    expect(tidyInline('use .NET , now')).toBe('use .NET, now');
  });
});
