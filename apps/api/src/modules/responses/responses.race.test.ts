import type { AuthorResponseDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildResponseWorld, type ResponseWorld } from '../../../test/fixtures/responses.ts';
import { signedInClient } from '../../../test/http.ts';
import { auditLog, authorResponses, events, mailOutbox, submissions } from '../../db/schema/index.ts';

/*
 * One response per submission, under concurrency: two authors save at the same moment. Either one save wins and the
 * other is told 409 STALE_RESPONSE, or both apply one after the other; never a 500, a second row, or a write lost
 * without a refusal. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL where the two transactions overlap.
 */

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const ROUNDS = 4;

async function rowsOf(submissionId: number) {
  return app.db.select().from(authorResponses).where(eq(authorResponses.submissionId, submissionId));
}

type Tx = Parameters<Parameters<TestApp['db']['transaction']>[0]>[0];

/**
 * An author's submit started while another transaction, `hold`, has changed a row the save reads and holds it a
 * second before committing: the save's answer.
 */
async function saveWhileHeld(world: ResponseWorld, hold: (tx: Tx) => Promise<void>) {
  const client = await signedInClient(app, world.author);
  const url = `/api/submissions/${world.submission.publicId}/response/`;
  let saving: ReturnType<typeof client.put> | undefined;
  await app.db.transaction(async (tx) => {
    await hold(tx);
    saving = client.put(url, { body: 'Racing the change', status: 'submitted' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  });
  if (!saving) throw new Error('the save started');
  return saving;
}

describe('two authors saving the response at once', () => {
  it(`writes one response and refuses the other first save with 409, in each of ${ROUNDS} rounds`, {
    timeout: 90_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const world = await buildResponseWorld(app);
      const [a, b] = await Promise.all([signedInClient(app, world.author), signedInClient(app, world.coAuthor)]);
      const url = `/api/submissions/${world.submission.publicId}/response/`;
      const answers = await Promise.all([
        a.put(url, { body: 'First author writes', status: 'submitted' }),
        b.put(url, { body: 'Second author writes', status: 'submitted' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409);
      expect(loser?.json()).toMatchObject({ code: 'STALE_RESPONSE' });
      const winner = answers.find((answer) => answer.statusCode === 200)?.json() as AuthorResponseDto;
      const rows = await rowsOf(world.submission.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ version: 1, body: winner.response?.body });
      // One audit entry and one round of mails: the refused save wrote nothing.
      const audits = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(world.submission.id)), eq(auditLog.action, 'response.submitted')));
      expect(audits).toHaveLength(1);
      const mails = await app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.eventId, world.event.id), eq(mailOutbox.template, 'responses.submitted')));
      expect(mails).toHaveLength(4);
    }
  });

  it(`applies one of two saves of the same version and refuses the other, in each of ${ROUNDS} rounds`, {
    timeout: 90_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const world = await buildResponseWorld(app);
      const [a, b] = await Promise.all([signedInClient(app, world.author), signedInClient(app, world.coAuthor)]);
      const url = `/api/submissions/${world.submission.publicId}/response/`;
      await a.put(url, { body: 'The draft both read', status: 'draft' });
      const answers = await Promise.all([
        a.put(url, { body: 'Edited by the first', status: 'draft', version: 1 }),
        b.put(url, { body: 'Edited by the second', status: 'submitted', version: 1 }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json() as AuthorResponseDto;
      const [row] = await rowsOf(world.submission.id);
      expect(row).toMatchObject({ version: 2, body: winner.response?.body, status: winner.response?.status });
    }
  });

  it('refuses a save that read the paper undecided while a decision was being made (the save holds the submission row)', {
    timeout: 60_000,
  }, async () => {
    const world = await buildResponseWorld(app);
    // On PostgreSQL the save reads the paper undecided (the decision is not committed yet), passes its checks, then
    // waits for the row and finds the decision made.
    const saved = await saveWhileHeld(world, async (tx) => {
      await tx
        .update(submissions)
        .set({ decision: 'reject', status: 'rejected' })
        .where(eq(submissions.id, world.submission.id));
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toMatchObject({ code: 'CONFLICT', message_code: 'responses.decided' });
    expect(await rowsOf(world.submission.id)).toEqual([]);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.eventId, world.event.id), eq(mailOutbox.template, 'responses.submitted')));
    expect(mails).toEqual([]);
  });

  it('refuses a save that read the phase on while a chair was turning it off (the save holds the event row)', {
    timeout: 60_000,
  }, async () => {
    const world = await buildResponseWorld(app);
    // As `PATCH events/{id}/` does: the event row held while the phase is turned off.
    const saved = await saveWhileHeld(world, async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, world.event.id)).for('update');
      await tx.update(events).set({ responseEnabled: false }).where(eq(events.id, world.event.id));
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({ code: 'VALIDATION_ERROR', field_codes: { body: ['responses.phaseOff'] } });
    expect(await rowsOf(world.submission.id)).toEqual([]);
  });
});
