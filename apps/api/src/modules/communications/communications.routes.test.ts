import type {
  EventMailTemplateDto,
  EventMailTemplateListDto,
  EventOutboxPageDto,
  MailPreviewDto,
  MailSendCreatedDto,
  MailSendPageDto,
} from '@confero/contracts';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { mailsTo, signedInClients } from '../../../test/http.ts';
import { countQueries } from '../../../test/statements.ts';
import {
  auditLog,
  eventMailTemplates,
  events,
  jobs,
  mailOutbox,
  mailSends,
  submissions,
} from '../../db/schema/index.ts';
import { sendAutomaticReminders } from './communications.job.ts';
import { runGroupBatch } from './communications.service.ts';

let app: TestApp;
const as = signedInClients(() => app);

/** An event with a chair, a reviewer with an unfinished review, one who finished, and papers of each decision. */
type World = {
  event: BuiltEvent;
  chair: BuiltUser;
  lateReviewer: BuiltUser;
  doneReviewer: BuiltUser;
  outsider: BuiltUser;
  arabicAuthor: BuiltUser;
  englishAuthor: BuiltUser;
  acceptedTitle: string;
};

async function buildWorld(options: { timezone?: string; reviewDeadline?: string } = {}): Promise<World> {
  const event = await buildEvent(app, { status: 'active', title: 'Mail Conference', ...options });
  const chair = await buildUser(app, { firstName: 'Chadia' });
  await addMembership(app, { event, user: chair, role: 'chair' });
  const lateReviewer = await buildUser(app, { firstName: 'Lina' });
  const doneReviewer = await buildUser(app, { firstName: 'Dan' });
  for (const reviewer of [lateReviewer, doneReviewer])
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  const arabicAuthor = await buildUser(app, { firstName: 'سلمى', locale: 'ar' });
  const englishAuthor = await buildUser(app, { firstName: 'Eve' });
  const accepted = await buildSubmission(app, {
    event,
    submitter: arabicAuthor,
    authors: [{ user: arabicAuthor }, { user: englishAuthor }],
    status: 'accepted',
    decision: 'accept',
  });
  const rejected = await buildSubmission(app, {
    event,
    submitter: englishAuthor,
    status: 'rejected',
    decision: 'reject',
  });
  await buildReview(app, { submission: rejected, reviewer: lateReviewer, status: 'in_progress' });
  await buildReview(app, { submission: accepted, reviewer: doneReviewer, status: 'completed' });
  const outsider = await buildUser(app);
  return {
    event,
    chair,
    lateReviewer,
    doneReviewer,
    outsider,
    arabicAuthor,
    englishAuthor,
    acceptedTitle: accepted.title,
  };
}

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const url = (event: { publicId: string }, path: string) => `/api/events/${event.publicId}/${path}`;

describe('mail templates', () => {
  it('lists the templates, shows the defaults in both languages, saves, resets, and audits', async () => {
    const { event, chair } = await buildWorld();
    const client = await as(chair);
    const list = await client.get(url(event, 'mail-templates/'));
    expect(list.statusCode).toBe(200);
    const summaries = list.json() as EventMailTemplateListDto;
    expect(summaries.map((row) => row.key)).toContain('review_reminder');
    expect(summaries.every((row) => !row.customized.en && !row.customized.ar)).toBe(true);

    const shown = (await client.get(url(event, 'mail-templates/decision_accept/'))).json() as EventMailTemplateDto;
    expect(shown.placeholders).toEqual(expect.arrayContaining(['first_name', 'paper_title', 'decision_details']));
    expect(shown.en).toMatchObject({ customized: false, subject: expect.stringContaining('{paper_title}') });
    expect(shown.ar.body).toMatch(/[\u0600-\u06ff]/);
    const reminder = (await client.get(url(event, 'mail-templates/review_reminder/'))).json() as EventMailTemplateDto;
    expect(reminder.placeholders).not.toContain('decision_details');

    const saved = await client.put(url(event, 'mail-templates/review_reminder/'), {
      en: { subject: ' Please review {event_title} ', body: 'Dear {first_name},\n\nDue {deadline}: {link}' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as EventMailTemplateDto).en).toEqual({
      subject: 'Please review {event_title}',
      body: 'Dear {first_name},\n\nDue {deadline}: {link}',
      customized: true,
    });
    expect((saved.json() as EventMailTemplateDto).ar.customized).toBe(false);
    const rows = await app.db.select().from(eventMailTemplates).where(eq(eventMailTemplates.eventId, event.id));
    expect(rows).toMatchObject([{ key: 'review_reminder', locale: 'en', updatedBy: chair.id }]);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'mail_template.updated')));
    expect(audit).toMatchObject({ actorId: chair.id, entityId: 'review_reminder', data: { en: 'saved' } });

    const reset = await client.put(url(event, 'mail-templates/review_reminder/'), { en: null });
    expect((reset.json() as EventMailTemplateDto).en.customized).toBe(false);
    expect(await app.db.select().from(eventMailTemplates).where(eq(eventMailTemplates.eventId, event.id))).toEqual([]);
  });

  it('lets two chairs save at once: the last one wins, one row', async () => {
    const { event, chair } = await buildWorld();
    const other = await buildUser(app);
    await addMembership(app, { event, user: other, role: 'event_admin' });
    const answers = await Promise.all(
      [chair, other].map(async (user, index) =>
        (await as(user)).put(url(event, 'mail-templates/announcement/'), {
          ar: { subject: `إعلان ${index}`, body: 'نص {first_name}' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await app.db.select().from(eventMailTemplates).where(eq(eventMailTemplates.eventId, event.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses unknown placeholders and too long subjects (400 with the field), outsiders (404), reviewers (403)', async () => {
    const { event, chair, lateReviewer, outsider } = await buildWorld();
    const client = await as(chair);
    const unknown = await client.put(url(event, 'mail-templates/review_reminder/'), {
      en: { subject: 'Hello', body: 'Dear {first_name} {decision_details} {nope}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { 'en.body': ['communications.unknownPlaceholder', 'communications.unknownPlaceholder'] },
    });
    const long = await client.put(url(event, 'mail-templates/review_reminder/'), {
      ar: { subject: 'x'.repeat(201), body: 'نص' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field_codes: { 'ar.subject': ['validation.tooLong'] } });
    const badKey = await client.get(url(event, 'mail-templates/nope/'));
    expect(badKey.statusCode).toBe(400);
    expect(await app.db.select().from(eventMailTemplates).where(eq(eventMailTemplates.eventId, event.id))).toEqual([]);

    expect((await (await as(outsider)).get(url(event, 'mail-templates/'))).statusCode).toBe(404);
    expect((await (await as(outsider)).get(url(event, 'mail-templates/announcement/'))).statusCode).toBe(404);
    const reviewer = await as(lateReviewer);
    expect((await reviewer.get(url(event, 'mail-templates/'))).statusCode).toBe(403);
    expect(
      (await reviewer.put(url(event, 'mail-templates/announcement/'), { en: { subject: 'a', body: 'b' } })).statusCode,
    ).toBe(403);
  });
});

describe('group mail', () => {
  it('previews for the first recipient or the one named, in their language', async () => {
    const { event, chair, arabicAuthor, englishAuthor, acceptedTitle } = await buildWorld();
    const client = await as(chair);
    const first = await client.post(url(event, 'mail/preview/'), {
      audience: 'accepted_authors',
      template_key: 'decision_accept',
    });
    expect(first.statusCode, first.body).toBe(200);
    const preview = first.json() as MailPreviewDto;
    expect(preview.recipient_count).toBe(2);
    expect(preview.recipient).toMatchObject({ email: arabicAuthor.email, locale: 'ar' });
    expect(preview.subject).toContain(acceptedTitle);
    expect(preview.subject).toMatch(/[\u0600-\u06ff]/);
    expect(preview.html).toContain('dir="rtl"');

    const named = (
      await client.post(url(event, 'mail/preview/'), {
        audience: 'accepted_authors',
        subject: 'About {paper_title}',
        body: 'Dear {first_name} {last_name},\n\nDeadline {deadline}.',
        recipient: englishAuthor.email.toUpperCase(),
      })
    ).json() as MailPreviewDto;
    expect(named.recipient).toMatchObject({ email: englishAuthor.email, locale: 'en' });
    expect(named.subject).toBe(`About ${acceptedTitle}`);
    expect(named.text).toContain(`Dear Eve ${englishAuthor.lastName},`);
    expect(named.text).toContain(`(AoE)`);

    const empty = (
      await client.post(url(event, 'mail/preview/'), { audience: 'undecided_authors', template_key: 'announcement' })
    ).json() as MailPreviewDto;
    expect(empty).toMatchObject({ recipient_count: 0, recipient: null });
  });

  it('refuses bad compositions (400 with the field), outsiders (404) and reviewers (403)', async () => {
    const { event, chair, lateReviewer, outsider } = await buildWorld();
    const client = await as(chair);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ audience: 'everyone', template_key: 'announcement' }, 'audience', 'validation.invalidChoice'],
      [{ audience: 'authors' }, 'template_key', 'communications.templateOrText'],
      [
        { audience: 'authors', template_key: 'announcement', subject: 'x' },
        'template_key',
        'communications.templateOrText',
      ],
      [{ audience: 'authors', subject: 'Hi', body: '' }, 'body', 'communications.bodyRequired'],
      [{ audience: 'authors', subject: 'Hi {who}', body: 'x' }, 'subject', 'communications.unknownPlaceholder'],
      [
        { audience: 'reviewers', template_key: 'announcement', submission_ids: ['1'] },
        'submission_ids',
        'communications.papersForAuthorsOnly',
      ],
      [
        { audience: 'authors', template_key: 'announcement', submission_ids: ['999999'] },
        'submission_ids',
        'communications.paperNotFound',
      ],
      [
        { audience: 'reviewers', template_key: 'announcement', recipient: 'nobody@example.org' },
        'recipient',
        'communications.recipientNotInGroup',
      ],
    ];
    for (const [body, field, code] of cases) {
      const answer = await client.post(url(event, 'mail/preview/'), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json(), JSON.stringify(body)).toMatchObject({ field_codes: { [field]: [code] } });
    }
    const bad = await client.post(url(event, 'mail/send/'), { audience: 'authors' });
    expect(bad.statusCode).toBe(400);
    const body = { audience: 'authors', template_key: 'announcement' };
    expect((await (await as(outsider)).post(url(event, 'mail/send/'), body)).statusCode).toBe(404);
    expect((await (await as(outsider)).post(url(event, 'mail/preview/'), body)).statusCode).toBe(404);
    expect((await (await as(outsider)).get(url(event, 'mail/sends/'))).statusCode).toBe(404);
    expect((await (await as(lateReviewer)).post(url(event, 'mail/send/'), body)).statusCode).toBe(403);
    expect((await (await as(lateReviewer)).post(url(event, 'mail/preview/'), body)).statusCode).toBe(403);
    expect((await (await as(lateReviewer)).get(url(event, 'mail/sends/'))).statusCode).toBe(403);
    expect(await app.db.select().from(mailSends).where(eq(mailSends.eventId, event.id))).toEqual([]);
  });

  it('accepts a send (202), writes each recipient once in batches, and a run done twice writes nobody twice', async () => {
    const { event, chair, lateReviewer, doneReviewer } = await buildWorld();
    const client = await as(chair);
    const answer = await client.post(url(event, 'mail/send/'), {
      audience: 'reviewers',
      subject: 'Hello {first_name}',
      body: 'See {link}',
    });
    expect(answer.statusCode, answer.body).toBe(202);
    const created = answer.json() as MailSendCreatedDto;
    expect(created).toMatchObject({ status: 'queued', recipients: 2 });
    const [send] = await app.db.select().from(mailSends).where(eq(mailSends.publicId, created.id));
    if (!send) throw new Error('no send');
    expect(send).toMatchObject({ audience: 'reviewers', subject: 'Hello {first_name}', createdBy: chair.id });

    const deps = { publicUrl: 'http://confero.test', findEvent: async () => event };
    expect(await runGroupBatch(app.db, deps, send.id, undefined, 1)).toEqual({ written: 1, done: false });
    // The same batch again (a job run twice): nothing new.
    expect(await runGroupBatch(app.db, deps, send.id, undefined, 1)).toEqual({ written: 0, done: false });
    const [halfway] = await app.db.select().from(mailSends).where(eq(mailSends.id, send.id));
    expect(halfway).toMatchObject({ status: 'running', queued: 1 });
    await app.jobs.runPending();
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.mailSendId, send.id))
      .orderBy(asc(mailOutbox.id));
    expect(rows.map((row) => row.recipient).sort()).toEqual([lateReviewer.email, doneReviewer.email].sort());
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual(
      [`send:${send.id}:${lateReviewer.id}`, `send:${send.id}:${doneReviewer.id}`].sort(),
    );
    expect(rows.every((row) => row.template === 'events.message' && row.eventId === event.id)).toBe(true);
    expect(rows.find((row) => row.recipient === lateReviewer.email)?.subject).toBe('Hello Lina');
    const [after] = await app.db.select().from(mailSends).where(eq(mailSends.id, send.id));
    expect(after).toMatchObject({ status: 'done', queued: 2 });
    expect(await runGroupBatch(app.db, deps, send.id, undefined, 1)).toEqual({ written: 0, done: true });

    const page = (await client.get(url(event, 'mail/sends/'))).json() as MailSendPageDto;
    expect(page).toMatchObject({ count: 1, results: [{ id: created.id, status: 'done', queued: 2, recipients: 2 }] });
  });

  it('reaches the right people: late reviewers, the committee, chosen papers', async () => {
    const { event, chair, lateReviewer, arabicAuthor } = await buildWorld();
    const client = await as(chair);
    const count = async (body: Record<string, unknown>) =>
      (
        (
          await client.post(url(event, 'mail/preview/'), { template_key: 'announcement', ...body })
        ).json() as MailPreviewDto
      ).recipient_count;
    const late = (
      await client.post(url(event, 'mail/preview/'), { audience: 'late_reviewers', template_key: 'review_reminder' })
    ).json() as MailPreviewDto;
    expect(late).toMatchObject({ recipient_count: 1, recipient: { email: lateReviewer.email } });
    expect(late.html).toContain('http://localhost');
    // The committee: the chair and the creator (the factory makes them the event's admin).
    expect(await count({ audience: 'committee' })).toBe(2);
    expect(await count({ audience: 'authors' })).toBe(3);
    expect(await count({ audience: 'rejected_authors' })).toBe(1);
    const paper = await buildSubmission(app, { event, submitter: arabicAuthor });
    expect(await count({ audience: 'undecided_authors' })).toBe(1);
    expect(await count({ audience: 'authors', submission_ids: [paper.publicId] })).toBe(1);
  });
});

describe('reviewer reminders', () => {
  it('reminds the named late reviewers once a day, and all late ones with late: true', async () => {
    const { event, chair, lateReviewer } = await buildWorld();
    const client = await as(chair);
    const first = await client.post(url(event, 'reviewers/remind/'), { user_ids: [lateReviewer.publicId] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ sent: 1, already_reminded: 0 });
    const again = await client.post(url(event, 'reviewers/remind/'), { late: true });
    expect(again.json()).toEqual({ sent: 0, already_reminded: 1 });
    const mails = (await mailsTo(app, lateReviewer.email)).filter((mail) => mail.template === 'events.message');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Mail Conference');
    const [row] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mails[0]?.id ?? 0));
    expect(row).toMatchObject({ eventTemplate: 'review_reminder', eventId: event.id });
    expect(row?.dedupeKey).toMatch(new RegExp(`^remind:${event.id}:${lateReviewer.id}:\\d{4}-\\d{2}-\\d{2}$`));
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'reviewers.reminded')));
    expect(audits).toHaveLength(2);
  });

  it('reminds every late reviewer in the same number of statements whatever their number, each mail with its job', async () => {
    const remindAll = async (extra: number) => {
      const { event, chair } = await buildWorld();
      const paper = await buildSubmission(app, { event, submitter: chair });
      for (let index = 0; index < extra; index += 1) {
        const reviewer = await buildUser(app);
        await addMembership(app, { event, user: reviewer, role: 'reviewer' });
        await buildReview(app, { submission: paper, reviewer, status: 'assigned' });
      }
      const client = await as(chair);
      let answer: unknown;
      const statements = await countQueries(app, async () => {
        answer = (await client.post(url(event, 'reviewers/remind/'), { late: true })).json();
      });
      const rows = await app.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `remind:${event.id}:%`));
      const sendJobs = await app.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.type, 'mail.send'),
            inArray(
              sql`${jobs.payload} ->> 'outboxId'`,
              rows.map((row) => String(row.id)),
            ),
          ),
        );
      return { statements, answer, mails: rows.length, jobs: sendJobs.length };
    };
    const one = await remindAll(0);
    const five = await remindAll(4);
    expect(one).toMatchObject({ answer: { sent: 1, already_reminded: 0 }, mails: 1, jobs: 1 });
    expect(five).toMatchObject({ answer: { sent: 5, already_reminded: 0 }, mails: 5, jobs: 5 });
    expect(five.statements).toBe(one.statements);
  });

  it('sends one mail when two identical reminders race', async () => {
    const { event, chair, lateReviewer } = await buildWorld();
    const client = await as(chair);
    const answers = await Promise.all(
      [1, 2].map(() => client.post(url(event, 'reviewers/remind/'), { user_ids: [lateReviewer.publicId] })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => (answer.json() as { sent: number }).sent).sort()).toEqual([0, 1]);
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `remind:${event.id}:%`));
    expect(rows).toHaveLength(1);
  });

  it('refuses reviewers without unfinished reviews and empty requests (400), outsiders (404), reviewers (403)', async () => {
    const { event, chair, doneReviewer, lateReviewer, outsider } = await buildWorld();
    const client = await as(chair);
    const done = await client.post(url(event, 'reviewers/remind/'), { user_ids: [doneReviewer.publicId] });
    expect(done.statusCode).toBe(400);
    expect(done.json()).toMatchObject({
      field_codes: { user_ids: ['communications.reviewerNotLate'] },
      params: { id: doneReviewer.publicId },
    });
    // A late reviewer's number with another public id, and nobody's id, are refused alike.
    for (const ref of [`${lateReviewer.id}-wrongsuffix`, '999999999-nobody']) {
      const wrong = await client.post(url(event, 'reviewers/remind/'), { user_ids: [lateReviewer.publicId, ref] });
      expect(wrong.statusCode, ref).toBe(400);
      expect(wrong.json()).toMatchObject({
        field_codes: { user_ids: ['communications.reviewerNotLate'] },
        params: { id: ref },
      });
    }
    const empty = await client.post(url(event, 'reviewers/remind/'), {});
    expect(empty.json()).toMatchObject({ field_codes: { user_ids: ['communications.remindWhom'] } });
    const badLate = await client.post(url(event, 'reviewers/remind/'), { late: false });
    expect(badLate.statusCode).toBe(400);
    expect(badLate.json()).toMatchObject({ field_codes: { late: ['validation.invalid'] } });
    const body = { late: true };
    expect((await (await as(outsider)).post(url(event, 'reviewers/remind/'), body)).statusCode).toBe(404);
    expect((await (await as(lateReviewer)).post(url(event, 'reviewers/remind/'), body)).statusCode).toBe(403);
    expect(
      await app.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `remind:${event.id}:%`)),
    ).toEqual([]);
  });

  it('reminds automatically on the chosen days before the review deadline, never twice a day', async () => {
    const { event, lateReviewer } = await buildWorld({ timezone: 'Asia/Riyadh', reviewDeadline: '2031-03-13' });
    await app.db
      .update(events)
      .set({ reminderDays: [3] })
      .where(eq(events.id, event.id));
    const mailsOf = async () =>
      app.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `remind:${event.id}:%`));
    // 2031-03-09 22:30 UTC is already the 10th in Riyadh (UTC+3): three days before the deadline.
    const tenth = new Date('2031-03-09T22:30:00Z');
    const first = await sendAutomaticReminders(app.db, 'http://confero.test', tenth, 1);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect((await mailsOf()).map((row) => [row.recipient, row.dedupeKey])).toEqual([
      [lateReviewer.email, `remind:${event.id}:${lateReviewer.id}:2031-03-10`],
    ]);
    await sendAutomaticReminders(app.db, 'http://confero.test', new Date('2031-03-10T12:00:00Z'), 1);
    expect(await mailsOf()).toHaveLength(1);
    // The 9th in Riyadh: four days before, not a reminder day.
    await sendAutomaticReminders(app.db, 'http://confero.test', new Date('2031-03-09T12:00:00Z'), 1);
    expect(await mailsOf()).toHaveLength(1);
    // Off by default: an event without reminder days gets none.
    await app.db.update(events).set({ reminderDays: [] }).where(eq(events.id, event.id));
    await app.db.delete(mailOutbox).where(like(mailOutbox.dedupeKey, `remind:${event.id}:%`));
    await sendAutomaticReminders(app.db, 'http://confero.test', tenth, 1);
    expect(await mailsOf()).toEqual([]);
  });
});

describe("the event's outbox", () => {
  it('lists the mails of the event only, filters them, and resends', async () => {
    const { event, chair, lateReviewer } = await buildWorld();
    const other = await buildWorld();
    const client = await as(chair);
    await client.post(url(event, 'reviewers/remind/'), { late: true });
    await (await as(other.chair)).post(url(other.event, 'reviewers/remind/'), { late: true });
    await app.jobs.runPending();
    const page = (await client.get(url(event, 'outbox/'))).json() as EventOutboxPageDto;
    expect(page.count).toBe(1);
    const [mail] = page.results;
    expect(mail).toMatchObject({
      recipient: lateReviewer.email,
      template: 'events.message',
      event_template: 'review_reminder',
      status: 'sent',
    });
    const filtered = async (query: string) =>
      ((await client.get(url(event, `outbox/?${query}`))).json() as EventOutboxPageDto).count;
    expect(await filtered('status=failed')).toBe(0);
    expect(await filtered('template=review_reminder')).toBe(1);
    expect(await filtered('template=announcement')).toBe(0);
    expect(await filtered(`search=${encodeURIComponent(lateReviewer.email.slice(0, 6))}`)).toBe(1);
    expect(await filtered('search=nobody')).toBe(0);
    const bad = await client.get(url(event, 'outbox/?status=lost'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field_codes: { status: ['validation.invalidChoice'] } });

    // A sent mail: a new copy is queued.
    const resent = await client.post(url(event, `outbox/${mail?.id}/resend/`));
    expect(resent.statusCode, resent.body).toBe(200);
    const copy = resent.json() as { id: number; status: string };
    expect(copy.id).not.toBe(mail?.id);
    expect(copy.status).toBe('queued');
    // A failed mail: retried in place.
    await app.db.update(mailOutbox).set({ status: 'failed', lastError: '550 no' }).where(eq(mailOutbox.id, copy.id));
    const failedPage = (await client.get(url(event, 'outbox/?status=failed'))).json() as EventOutboxPageDto;
    expect(failedPage.results).toMatchObject([{ id: copy.id, last_error: '550 no' }]);
    const retried = await client.post(url(event, `outbox/${copy.id}/resend/`));
    expect(retried.json()).toMatchObject({ id: copy.id, status: 'queued' });
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, copy.id));
    expect(row?.status).toBe('queued');
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'mail.resent')));
    expect(audits).toHaveLength(2);

    // A mail of another event is not found here.
    const [foreign] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.eventId, other.event.id));
    expect((await client.post(url(event, `outbox/${foreign?.id}/resend/`))).statusCode).toBe(404);
  });

  it('is for organizers: outsiders 404, reviewers 403', async () => {
    const { event, lateReviewer, outsider } = await buildWorld();
    expect((await (await as(outsider)).get(url(event, 'outbox/'))).statusCode).toBe(404);
    expect((await (await as(outsider)).post(url(event, 'outbox/1/resend/'))).statusCode).toBe(404);
    expect((await (await as(lateReviewer)).get(url(event, 'outbox/'))).statusCode).toBe(403);
    expect((await (await as(lateReviewer)).post(url(event, 'outbox/1/resend/'))).statusCode).toBe(403);
  });
});

describe('decision mails', () => {
  it("use the event's decision template as its chairs worded it, with the decision's details", async () => {
    const { event, chair, englishAuthor } = await buildWorld();
    const client = await as(chair);
    await client.put(url(event, 'mail-templates/decision_reject/'), {
      en: { subject: 'Sorry about {paper_title}', body: 'Dear {first_name},\n\nNotes:\n{decision_details}\n\nBye' },
    });
    const paper = await buildSubmission(app, { event, submitter: englishAuthor, status: 'under_review' });
    const answer = await client.post(`/api/submissions/${paper.publicId}/make_decision/`, {
      decision: 'reject',
      decision_details: 'Out of scope.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, englishAuthor.email), eq(mailOutbox.eventTemplate, 'decision_reject')));
    expect(row).toMatchObject({ template: 'events.message', subject: `Sorry about ${paper.title}`, eventId: event.id });
    expect(row?.textBody).toContain('Dear Eve,\n\nNotes:\nOut of scope.\n\nBye');
    expect(row?.textBody).toContain(`/submissions/${paper.publicId}`);
  });

  it('go once to an address listed twice on the paper, with the names it is first listed with, as a group mail does', async () => {
    const { event, chair, englishAuthor } = await buildWorld();
    const paper = await buildSubmission(app, {
      event,
      submitter: englishAuthor,
      status: 'under_review',
      authors: [
        { user: englishAuthor },
        { email: englishAuthor.email.toUpperCase(), firstName: 'Twin' },
        { email: `co-${englishAuthor.email}`, firstName: 'Cora' },
      ],
    });
    const client = await as(chair);
    const preview = await client.post(url(event, 'mail/preview/'), {
      audience: 'authors',
      template_key: 'decision_accept',
      submission_ids: [paper.publicId],
    });
    expect((preview.json() as MailPreviewDto).recipient_count).toBe(2);
    const answer = await client.post(`/api/submissions/${paper.publicId}/make_decision/`, { decision: 'accept' });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await app.db
      .select({ recipient: mailOutbox.recipient, textBody: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.eventId, event.id), eq(mailOutbox.eventTemplate, 'decision_accept')))
      .orderBy(asc(mailOutbox.id));
    expect(rows.map((row) => row.recipient.toLowerCase())).toEqual([
      englishAuthor.email.toLowerCase(),
      `co-${englishAuthor.email}`.toLowerCase(),
    ]);
    expect(rows[0]?.textBody).toContain('Eve');
    expect(rows[0]?.textBody).not.toContain('Twin');
  });

  it("quote each paper's decision details in a mail to its authors, and only to authors", async () => {
    const { event, chair, englishAuthor } = await buildWorld();
    await app.db
      .update(submissions)
      .set({ decisionDetails: 'Please shorten section 2.' })
      .where(and(eq(submissions.eventId, event.id), eq(submissions.decision, 'reject')));
    const client = await as(chair);
    const body = { subject: 'About {paper_title}', body: 'Dear {first_name},\n\n{decision_details}' };
    const preview = await client.post(url(event, 'mail/preview/'), { audience: 'rejected_authors', ...body });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ recipient: { email: englishAuthor.email } });
    expect((preview.json() as MailPreviewDto).text).toContain('Dear Eve,\n\nPlease shorten section 2.');
    const reviewers = await client.post(url(event, 'mail/preview/'), { audience: 'reviewers', ...body });
    expect(reviewers.json()).toMatchObject({ field_codes: { body: ['communications.unknownPlaceholder'] } });
  });
});
