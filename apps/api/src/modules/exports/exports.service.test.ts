import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/access.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/index.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { recordStatements } from '../../../test/statements.ts';
import { exportTable } from './exports.service.ts';

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;

beforeAll(async () => {
  app = await buildTestApp();
  chair = await buildUser(app);
  event = await buildEvent(app, { status: 'active' });
  await addMembership(app, { event, user: chair, role: 'chair' });
  for (let paper = 0; paper < 3; paper += 1) {
    const submission = await buildSubmission(app, { event });
    for (let n = 0; n < 2; n += 1) {
      const reviewer = await buildUser(app);
      await addMembership(app, { event, user: reviewer, role: 'reviewer' });
      await buildReview(app, { submission, reviewer, status: 'completed' });
    }
  }
});
afterAll(async () => {
  await app.close();
});

const actor = () => testActor({ id: chair.id, publicId: chair.publicId, email: chair.email });

describe('exportTable', () => {
  it('reads the rows a page at a time, only as the writer asks, one query per page of reviews', async () => {
    const table = await exportTable(app.db, actor(), event, {
      kind: 'reviews',
      anonymous: false,
      language: 'en',
      pageSize: 2,
    });
    const pages: number[] = [];
    const statements: number[] = [];
    const iterator = table.pages[Symbol.asyncIterator]();
    for (;;) {
      let step: IteratorResult<unknown[][]> | undefined;
      statements.push((await recordStatements(app, async () => (step = await iterator.next()))).length);
      if (!step || step.done) break;
      pages.push(step.value.length);
    }
    // Six reviews in pages of two: three full pages, then an empty one ends the keyset.
    expect(pages).toEqual([2, 2, 2, 0]);
    expect(statements.slice(0, 4)).toEqual([1, 1, 1, 1]);
  });

  it('reads submissions in a fixed number of queries per page, whatever its length', async () => {
    const count = async (pageSize: number) => {
      const table = await exportTable(app.db, actor(), event, {
        kind: 'submissions',
        anonymous: false,
        language: 'en',
        pageSize,
      });
      const iterator = table.pages[Symbol.asyncIterator]();
      return (await recordStatements(app, () => iterator.next())).length;
    };
    expect(await count(1)).toBe(await count(3));
  });
});
