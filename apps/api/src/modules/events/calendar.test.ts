import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcDateTime, writeCalendar } from './calendar.ts';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('the iCalendar writer', () => {
  it('escapes backslashes, semicolons, commas and line breaks in texts', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds a long line at 75 octets, continuations starting with a space, never inside a character', () => {
    const line = `SUMMARY:${'الموعد النهائي '.repeat(12)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(2);
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of folded.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // Unfolding (removing CRLF + one space) gives the line back, so no character was cut.
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes instants in UTC and whole days with an exclusive end, every line ended by CRLF', () => {
    expect(utcDateTime(new Date('2030-03-02T11:59:59.000Z'))).toBe('20300302T115959Z');
    const text = writeCalendar({
      name: 'Test',
      stamp: new Date('2030-01-01T00:00:00Z'),
      entries: [
        { uid: 'a@x', summary: 'A', when: { instant: new Date('2030-03-02T11:59:59Z') } },
        { uid: 'b@x', summary: 'B', when: { from: '2030-06-10', to: '2030-06-12' } },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('DTSTART:20300302T115959Z\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20300610\r\nDTEND;VALUE=DATE:20300613\r\n');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });
});
