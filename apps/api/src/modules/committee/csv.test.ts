import { describe, expect, it } from 'vitest';
import { CsvQuoteError, parseCsv } from './csv.ts';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields, CRLF, LF and CR record ends, and the line each record starts on', () => {
    expect(parseCsv('a,b,c\r\nd,e\nf\rg,,h')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['d', 'e'] },
      { line: 3, fields: ['f'] },
      { line: 4, fields: ['g', '', 'h'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting lines inside them', () => {
    const text = 'name,note\r\n"Nour, Hala","said ""yes"""\r\n"two\r\nlines",x\r\nlast,y';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['name', 'note'] },
      { line: 2, fields: ['Nour, Hala', 'said "yes"'] },
      { line: 3, fields: ['two\r\nlines', 'x'] },
      { line: 5, fields: ['last', 'y'] },
    ]);
  });

  it('skips blank records, a trailing line end and a byte order mark; keeps Arabic text as it is', () => {
    expect(parseCsv('\uFEFFa@x.org,هالة\n\n  \r\nb@x.org,نور\r\n')).toEqual([
      { line: 1, fields: ['a@x.org', 'هالة'] },
      { line: 4, fields: ['b@x.org', 'نور'] },
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses a quote left open, naming the line its record starts on', () => {
    expect(() => parseCsv('ok,1\n"open,2\nmore')).toThrow(CsvQuoteError);
    try {
      parseCsv('ok,1\n"open,2\nmore');
    } catch (error) {
      expect((error as CsvQuoteError).line).toBe(2);
    }
  });
});
