import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { buildResponseWorld, HOUR, type ResponseWorld } from '../../../test/fixtures/responses.ts';
import { authorResponses, events, mailOutbox } from '../../db/schema/index.ts';
import { RESPONSE_PHASE_MAILS_JOB, sendResponsePhaseMails } from './responses.job.ts';

/*
 * The response phase's mails to authors (hourly job): "the window is open" from its opening, "it closes in a day" in
 * its last day, once each per (event, mail, author, submission) however often the job runs.
 */

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const URL = 'https://confero.test';

const phaseMails = (world: ResponseWorld) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.eventId, world.event.id), like(mailOutbox.template, 'responses.%')));

/** A world whose window (in Asia/Riyadh, UTC+3) opens on 2040-03-01 09:00 and closes on 2040-03-05 18:00. */
async function worldWithWindow(): Promise<ResponseWorld> {
  const world = await buildResponseWorld(app);
  await app.db
    .update(events)
    .set({ timezone: 'Asia/Riyadh', responseOpensAt: '2040-03-01T09:00', responseClosesAt: '2040-03-05T18:00' })
    .where(eq(events.id, world.event.id));
  return world;
}

const OPENS = new Date('2040-03-01T06:00:00Z');
const CLOSES = new Date('2040-03-05T15:00:00Z');

describe('the response phase mails', () => {
  it('is a registered job type', () => {
    expect(app.jobs.types()).toContain(RESPONSE_PHASE_MAILS_JOB);
  });

  it('sends nothing before the window opens, then "open" once to each author of a paper awaiting a response', async () => {
    const world = await worldWithWindow();
    // Papers that await no response: decided, or without a completed review.
    const decided = await buildSubmission(app, {
      event: world.event,
      submitter: await buildUser(app),
      status: 'accepted',
      decision: 'accept',
    });
    await buildReview(app, { submission: decided, reviewer: world.doneReviewer, status: 'completed' });
    const unreviewed = await buildSubmission(app, { event: world.event, submitter: await buildUser(app) });
    await buildReview(app, { submission: unreviewed, reviewer: world.doneReviewer, status: 'in_progress' });

    await sendResponsePhaseMails(app.db, URL, new Date(OPENS.getTime() - 60_000));
    expect(await phaseMails(world)).toEqual([]);

    // Batches of one: the pages follow each other without skipping or repeating an author.
    const first = await sendResponsePhaseMails(app.db, URL, OPENS, 1);
    expect(first.sent).toBeGreaterThanOrEqual(2);
    const mails = await phaseMails(world);
    expect(mails.map((mail) => [mail.recipient, mail.template]).sort()).toEqual(
      [
        [world.author.email, 'responses.window_open'],
        [world.coAuthor.email, 'responses.window_open'],
      ].sort(),
    );
    const mail = mails[0];
    expect(mail?.subject).toBe(`Respond to the reviews: ${world.submission.title}`);
    expect(mail?.textBody).toContain('2040-03-05 18:00 (Asia/Riyadh)');
    expect(mail?.textBody).toContain(
      `${URL}/events/${world.event.publicId}/submissions/${world.submission.publicId}/response`,
    );
    expect(mail?.dedupeKey).toMatch(/^responses\.window_open:\d+:\d+:\d+$/);

    // Reruns in the same window send nothing again.
    await sendResponsePhaseMails(app.db, URL, new Date(OPENS.getTime() + HOUR));
    expect(await phaseMails(world)).toHaveLength(2);
  });

  it('sends "closes in a day" once in the last day, and nothing once the window closed or the phase is off', async () => {
    const world = await worldWithWindow();
    await sendResponsePhaseMails(app.db, URL, OPENS);
    const closingOf = async () =>
      (await phaseMails(world)).filter((mail) => mail.template === 'responses.closing_soon');
    await sendResponsePhaseMails(app.db, URL, new Date(CLOSES.getTime() - 24 * HOUR - 60_000));
    expect(await closingOf()).toEqual([]);
    const lastDay = new Date(CLOSES.getTime() - 24 * HOUR);
    await sendResponsePhaseMails(app.db, URL, lastDay);
    await sendResponsePhaseMails(app.db, URL, new Date(CLOSES.getTime() - 60_000));
    expect(await phaseMails(world)).toHaveLength(4);
    const closing = await closingOf();
    expect(closing.map((mail) => mail.recipient).sort()).toEqual([world.author.email, world.coAuthor.email].sort());
    expect(closing[0]?.subject).toBe(`One day left to respond: ${world.submission.title}`);

    // The authors of a paper whose response is submitted are not told that a day is left.
    const answered = await worldWithWindow();
    await app.db
      .insert(authorResponses)
      .values({ submissionId: answered.submission.id, body: 'Thanks', status: 'submitted', submittedAt: OPENS });
    await sendResponsePhaseMails(app.db, URL, lastDay);
    expect((await phaseMails(answered)).map((mail) => mail.template)).toEqual([
      'responses.window_open',
      'responses.window_open',
    ]);

    const late = await worldWithWindow();
    await sendResponsePhaseMails(app.db, URL, CLOSES);
    expect(await phaseMails(late)).toEqual([]);
    const off = await worldWithWindow();
    await app.db.update(events).set({ responseEnabled: false }).where(eq(events.id, off.event.id));
    await sendResponsePhaseMails(app.db, URL, lastDay);
    expect(await phaseMails(off)).toEqual([]);
  });

  it('writes an Arabic-speaking author’s mails in Arabic', async () => {
    const world = await worldWithWindow();
    const arabicAuthor = await buildUser(app, { firstName: 'سلمى', locale: 'ar' });
    const paper = await buildSubmission(app, { event: world.event, submitter: arabicAuthor });
    await buildReview(app, { submission: paper, reviewer: world.doneReviewer, status: 'completed' });
    await sendResponsePhaseMails(app.db, URL, OPENS);
    const [mail] = (await phaseMails(world)).filter((row) => row.recipient === arabicAuthor.email);
    expect(mail?.locale).toBe('ar');
    expect(mail?.subject).toContain('الرد على المراجعات');
  });
});
