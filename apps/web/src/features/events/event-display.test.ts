import { describe, expect, it } from 'vitest';
import {
  capitalize,
  eventHref,
  eventIdFromPublicId,
  eventLocationText,
  eventRef,
  eventStatusColor,
  formatEventDate,
  formatEventDateRange,
  reviewerStatusColor,
  submissionLink,
} from './event-display.ts';

describe('event status colours', () => {
  it.each([
    ['active', 'green'],
    ['approved', 'green'],
    ['pending', 'yellow'],
    ['rejected', 'red'],
    ['completed', 'gray'],
    ['cancelled', 'gray'],
    ['something_else', 'gray'],
  ])('%s is %s', (status, color) => {
    expect(eventStatusColor(status)).toBe(color);
  });
});

describe('reviewer status colours', () => {
  it.each([
    ['active', 'green'],
    ['pending', 'yellow'],
    ['declined', 'red'],
    ['revoked', 'red'],
  ])('%s is %s', (status, color) => {
    expect(reviewerStatusColor(status)).toBe(color);
  });
});

describe('formatEventDate', () => {
  it('writes calendar dates as MM/DD/YYYY without a time-zone shift', () => {
    expect(formatEventDate('2026-01-09')).toBe('01/09/2026');
    expect(formatEventDate('2026-12-31')).toBe('12/31/2026');
  });

  it('writes timestamps as MM/DD/YYYY in the local time zone', () => {
    const stamp = new Date(2025, 6, 4, 15, 30).toISOString();
    expect(formatEventDate(stamp)).toBe('07/04/2025');
  });

  it('is empty for nothing and for text that is not a date', () => {
    expect(formatEventDate('')).toBe('');
    expect(formatEventDate(null)).toBe('');
    expect(formatEventDate(undefined)).toBe('');
    expect(formatEventDate('next spring')).toBe('');
  });

  it('joins a range, collapsing one-day events and missing ends', () => {
    expect(formatEventDateRange('2026-05-01', '2026-05-03')).toBe('05/01/2026 – 05/03/2026');
    expect(formatEventDateRange('2026-05-01', '2026-05-01')).toBe('05/01/2026');
    expect(formatEventDateRange('2026-05-01', '')).toBe('05/01/2026');
    expect(formatEventDateRange(null, null)).toBe('');
  });
});

describe('eventLocationText', () => {
  it('joins venue, city and country, naming the country in the interface language', () => {
    const location = { venue: 'ExCeL', city: 'London', country: 'United Kingdom', country_code: 'GB' };
    expect(eventLocationText(location, 'en')).toBe('ExCeL, London, United Kingdom');
    expect(eventLocationText(location, 'ar')).toBe('ExCeL، London، المملكة المتحدة');
  });

  it('skips empty parts and keeps a text location as it is', () => {
    expect(eventLocationText({ venue: '', city: 'Riyadh', country: 'Saudi Arabia', country_code: '' })).toBe(
      'Riyadh, Saudi Arabia',
    );
    expect(eventLocationText('  Online  ')).toBe('Online');
  });

  it('is empty when the event has no location (the screens then show nothing)', () => {
    expect(eventLocationText(null)).toBe('');
    expect(eventLocationText(undefined)).toBe('');
    expect(eventLocationText({ venue: '', city: '', country: '', country_code: '' })).toBe('');
  });
});

describe('event references', () => {
  it('derives the id from the number before the first dash of the public id', () => {
    expect(eventIdFromPublicId('42-ab12cd34')).toBe(42);
    expect(eventIdFromPublicId('7-x-y')).toBe(7);
    expect(eventIdFromPublicId('abc')).toBeUndefined();
    expect(eventIdFromPublicId(null)).toBeUndefined();
  });

  it('links with the public id, else the id, under the list base URL', () => {
    expect(eventRef({ public_id: '3-k2m4p6q8', id: 3 })).toBe('3-k2m4p6q8');
    expect(eventRef({ public_id: '', id: 3 })).toBe('3');
    expect(eventHref({ public_id: '3-k2m4p6q8', id: 3 })).toBe('/events/3-k2m4p6q8');
    expect(eventHref({ id: 9 }, '/admin/events/')).toBe('/admin/events/9');
  });

  it('builds the chairs’ submission link {host}/events/{public_id}/submit/', () => {
    expect(submissionLink('https://confero.example.org', '5-abcdefgh')).toBe(
      'https://confero.example.org/events/5-abcdefgh/submit/',
    );
    expect(submissionLink('http://localhost:8000/', '5-abcdefgh')).toBe(
      'http://localhost:8000/events/5-abcdefgh/submit/',
    );
  });
});

describe('capitalize (derived display values)', () => {
  it('capitalises the raw value, underscores read as spaces', () => {
    expect(capitalize('pending')).toBe('Pending');
    expect(capitalize('under_review')).toBe('Under review');
    expect(capitalize('')).toBe('');
  });
});
