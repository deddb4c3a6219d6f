import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { createClient, signedInClient } from '../../../test/http.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

type Vevent = Record<string, string>;

/**
 * Reads an iCalendar text the way a client does (RFC 5545 §3.1): checks that every line ends in CRLF and holds at
 * most 75 octets, unfolds the continuation lines, and returns the calendar's properties and its VEVENTs, each
 * property keyed by its name with parameters (`DTSTART;VALUE=DATE`).
 */
function parseIcs(text: string): { calendar: Record<string, string>; events: Vevent[] } {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  const calendar: Record<string, string> = {};
  const events: Vevent[] = [];
  let current: Vevent | null = null;
  for (const line of lines.slice(1, -1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      if (current) events.push(current);
      current = null;
    } else if (current) current[name] = value;
    else calendar[name] = value;
  }
  return { calendar, events };
}

const byUid = (events: Vevent[], suffix: string) => events.find((entry) => entry.UID?.includes(`-${suffix}@`));

/** An event with fixed dates in 2030: submissions until 1 March (or `submissionDeadline`), the event in June. */
function datedEvent(options: Parameters<typeof buildEvent>[1]) {
  return buildEvent(app, {
    submissionDeadline: '2030-03-01',
    reviewDeadline: '2030-04-01',
    notificationDate: '2030-05-01',
    startDate: '2030-06-10',
    endDate: '2030-06-12',
    ...options,
  });
}

describe('GET /api/events/{id}/calendar.ics', () => {
  it("serves a published event's dates to anyone, signed in or not, as RFC 5545 text", async () => {
    const event = await datedEvent({
      status: 'approved',
      title: 'Applied AI; Systems, and Society',
      acronym: 'AAISS',
      timezone: 'AoE',
    });
    const response = await createClient(app).get(`/api/events/${event.publicId}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="event-${event.publicId}.ics"`);
    const { calendar, events } = parseIcs(response.body);
    expect(calendar).toMatchObject({
      VERSION: '2.0',
      PRODID: '-//Confero//Event deadlines//EN',
      METHOD: 'PUBLISH',
      'X-WR-CALNAME': 'AAISS: Applied AI\\; Systems\\, and Society: deadlines',
    });
    expect(events).toHaveLength(4);
    const submission = byUid(events, 'submission-deadline');
    // 23:59:59 on 1 March Anywhere on Earth (UTC−12) is 11:59:59 UTC on 2 March.
    expect(submission).toMatchObject({
      UID: `${event.publicId}-submission-deadline@localhost`,
      DTSTART: '20300302T115959Z',
      SUMMARY: 'Submission deadline: AAISS: Applied AI\\; Systems\\, and Society',
      DESCRIPTION: 'Ends at 23:59:59 on 2030-03-01 (Anywhere on Earth\\, UTC−12).',
      URL: `http://localhost:8000/events/${event.publicId}`,
    });
    expect(submission?.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(byUid(events, 'review-deadline')).toMatchObject({ DTSTART: '20300402T115959Z' });
    expect(byUid(events, 'notification')).toMatchObject({
      'DTSTART;VALUE=DATE': '20300501',
      'DTEND;VALUE=DATE': '20300502',
    });
    expect(byUid(events, 'event')).toMatchObject({
      'DTSTART;VALUE=DATE': '20300610',
      'DTEND;VALUE=DATE': '20300613',
      SUMMARY: 'AAISS: Applied AI\\; Systems\\, and Society',
    });

    const signedIn = await (await signedInClient(app, await buildUser(app))).get(
      `/api/events/${event.id}/calendar.ics`,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(parseIcs(signedIn.body).events.map((entry) => entry.UID)).toEqual(events.map((entry) => entry.UID));
  });

  it("keeps each entry's UID when a chair moves a deadline earlier, and ends it in the event's zone", async () => {
    const event = await datedEvent({ status: 'active', submissionDeadline: '2030-03-10' });
    const chair = await buildUser(app);
    await addMembership(app, { event, user: chair, role: 'chair' });
    const client = await signedInClient(app, chair);
    const before = byUid(
      parseIcs((await client.get(`/api/events/${event.publicId}/calendar.ics`)).body).events,
      'submission-deadline',
    );
    const moved = await client.patch(`/api/events/${event.publicId}/`, {
      submission_deadline: '2030-03-01',
      timezone: 'Asia/Riyadh',
    });
    expect(moved.statusCode).toBe(200);
    const after = byUid(
      parseIcs((await client.get(`/api/events/${event.publicId}/calendar.ics`)).body).events,
      'submission-deadline',
    );
    expect(after?.UID).toBe(before?.UID);
    // 23:59:59 on 1 March in Riyadh (UTC+3) is 20:59:59 UTC.
    expect(after?.DTSTART).toBe('20300301T205959Z');
    expect(after?.DESCRIPTION).toBe('Ends at 23:59:59 on 2030-03-01 (Asia/Riyadh).');
  });

  it('writes its texts in Arabic on ?lang=ar, folding the long lines between whole characters', async () => {
    const event = await buildEvent(app, {
      status: 'approved',
      title: 'المؤتمر الدولي للذكاء الاصطناعي التطبيقي وأنظمة التعلم الآلي في العالم العربي',
      acronym: '',
    });
    const response = await createClient(app).get(`/api/events/${event.publicId}/calendar.ics`, {
      query: { lang: 'ar' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/\r\n /);
    const { calendar, events } = parseIcs(response.body);
    expect(calendar['X-WR-CALNAME']).toBe(`${event.title}: المواعيد النهائية`);
    expect(byUid(events, 'submission-deadline')?.SUMMARY).toBe(`الموعد النهائي لتقديم الأوراق: ${event.title}`);
    // The Arabic comma is no separator of iCalendar: only the ASCII comma is escaped.
    expect(byUid(events, 'review-deadline')?.DESCRIPTION).toContain('(في أي مكان على الأرض، UTC−12)');
  });

  it('hides an unpublished event (404) from anonymous callers and outsiders, and serves it to its members', async () => {
    const event = await buildEvent(app, { status: 'pending' });
    const anonymous = await createClient(app).get(`/api/events/${event.publicId}/calendar.ics`);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notFound' });
    const outsider = await (await signedInClient(app, await buildUser(app))).get(
      `/api/events/${event.publicId}/calendar.ics`,
    );
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notFound' });

    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const asReviewer = await (await signedInClient(app, reviewer)).get(`/api/events/${event.publicId}/calendar.ics`);
    expect(asReviewer.statusCode).toBe(200);
    expect(parseIcs(asReviewer.body).events).toHaveLength(4);

    for (const status of ['rejected', 'cancelled'] as const) {
      const hidden = await buildEvent(app, { status });
      expect((await createClient(app).get(`/api/events/${hidden.publicId}/calendar.ics`)).statusCode).toBe(404);
    }
    const unknown = await createClient(app).get('/api/events/999999-zzzzzzzz/calendar.ics');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a language it does not speak with 400 on lang', async () => {
    const event = await buildEvent(app, { status: 'approved' });
    const response = await createClient(app).get(`/api/events/${event.publicId}/calendar.ics`, {
      query: { lang: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { lang: [expect.any(String)] } });
  });
});
