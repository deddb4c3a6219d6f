import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildEvent } from '../../../test/factories/events.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { events, reviews, submissions } from '../../db/schema/index.ts';
import { isLateReview, lateReviewSql, reviewClosesAt, reviewClosesAtSql } from './late-sql.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

describe('the late review rule', () => {
  it('closes at the end of the deadline date in the zone, in SQL as in JavaScript', async () => {
    const zones = ['AoE', 'UTC', 'Asia/Riyadh', 'America/New_York'];
    for (const timezone of zones) {
      const event = await buildEvent(app, { reviewDeadline: '2026-03-10', timezone });
      const [row] = await app.db.select({ closesAt: reviewClosesAtSql() }).from(events).where(eq(events.id, event.id));
      expect(new Date(row?.closesAt ?? 0).toISOString()).toBe(reviewClosesAt(event).toISOString());
    }
    expect(reviewClosesAt({ reviewDeadline: '2026-03-10', timezone: 'AoE' }).toISOString()).toBe(
      '2026-03-11T12:00:00.000Z',
    );
    expect(reviewClosesAt({ reviewDeadline: '2026-03-10', timezone: 'Asia/Riyadh' }).toISOString()).toBe(
      '2026-03-10T21:00:00.000Z',
    );
  });

  it('counts a review late only when it is not completed and the deadline is over', async () => {
    const event = await buildEvent(app, { status: 'active', reviewDeadline: '2026-03-10', timezone: 'UTC' });
    const paper = await buildSubmission(app, { event });
    const open = await buildReview(app, { submission: paper, reviewer: await buildUser(app), status: 'in_progress' });
    const done = await buildReview(app, { submission: paper, reviewer: await buildUser(app), status: 'completed' });
    const lateAt = async (now: Date) => {
      const rows = await app.db
        .select({ id: reviews.id })
        .from(reviews)
        .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
        .innerJoin(events, eq(events.id, submissions.eventId))
        .where(lateReviewSql(now));
      return rows.map((r) => r.id).filter((id) => id === open.id || id === done.id);
    };
    const lastSecond = new Date('2026-03-10T23:59:59Z');
    const over = new Date('2026-03-11T00:00:00Z');
    expect(await lateAt(lastSecond)).toEqual([]);
    expect(await lateAt(over)).toEqual([open.id]);
    expect(isLateReview(open, event, lastSecond)).toBe(false);
    expect(isLateReview(open, event, over)).toBe(true);
    expect(isLateReview(done, event, over)).toBe(false);
  });
});
