import type { AssignmentMode, AssignmentResultDto, ProposedPairDto } from '@confero/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { addMembership, buildEvent } from '../../../../test/factories/events.ts';
import { buildUser } from '../../../../test/factories/users.ts';
import { signedInClients } from '../../../../test/http.ts';
import { recordStatements } from '../../../../test/statements.ts';
import {
  assignmentPreviews,
  auditLog,
  conflicts,
  eventMemberships,
  mailOutbox,
  reviews,
  submissions,
  users,
} from '../../../db/schema/index.ts';
import { makePublicId, nextId, nextIds } from '../../../lib/ids.ts';
import { queryRows } from '../../../lib/sql.ts';
import { syncConflicts } from '../../conflicts/conflicts.service.ts';
import { findApplyResult, findEventConflictColumns } from '../assignment.queries.ts';
import { fingerprintOf } from '../assignment-plan.ts';
import { ASSIGNMENT_SIDES } from '../assignment-roles.ts';
import { assignmentFingerprint } from './compute-assignment.ts';
import { ASSIGNMENT_BATCH, SILENT_ASSIGNMENT_BATCH } from './create-assignment.ts';

let app: TestApp;
const as = signedInClients(() => app);

type Person = { id: number; publicId: string; email: string };
type Paper = { id: number; publicId: string; title: string };
type Venue = {
  id: number;
  publicId: string;
  chair: Awaited<ReturnType<typeof buildUser>>;
  reviewers: Person[];
  papers: Paper[];
};

/** An event of `paperCount` papers and `reviewerCount` reviewers, written a few statements at a time. */
async function buildVenue(paperCount: number, reviewerCount: number): Promise<Venue> {
  const chair = await buildUser(app, { affiliation: 'Chair House' });
  const event = await buildEvent(app, { status: 'active', creator: chair });
  const author = await buildUser(app, { affiliation: 'Author University' });
  const reviewers: Person[] = [];
  for (const id of await nextIds(app.db, 'users', reviewerCount)) {
    const tag = `${event.id}-${id}`;
    reviewers.push({ id, publicId: makePublicId(id), email: `rev${tag}@lab${id}.example` });
  }
  await app.db.insert(users).values(
    reviewers.map((person, index) => ({
      id: person.id,
      publicId: person.publicId,
      email: person.email,
      passwordHash: 'not-a-hash',
      firstName: `Rev${index}`,
      lastName: 'Bulk',
      affiliation: `Laboratory ${person.id}`,
      country: 'EG',
      emailVerified: true,
      locale: index % 2 === 0 ? 'en' : 'ar',
    })),
  );
  await app.db
    .insert(eventMemberships)
    .values(
      reviewers.map((person) => ({ eventId: event.id, userId: person.id, role: 'reviewer' as const, maxPapers: 100 })),
    );
  const papers: Paper[] = (await nextIds(app.db, 'submissions', paperCount)).map((id) => ({
    id,
    publicId: makePublicId(id),
    title: `Bulk paper ${id}`,
  }));
  for (let start = 0; start < papers.length; start += 500) {
    await app.db.insert(submissions).values(
      papers.slice(start, start + 500).map((paper) => ({
        ...paper,
        eventId: event.id,
        abstract: 'A bulk paper.',
        keywords: ['bulk'],
        status: 'submitted' as const,
        decision: 'pending' as const,
        submittedBy: author.id,
      })),
    );
  }
  return { id: event.id, publicId: event.publicId, chair: event.creator, reviewers, papers };
}

const pairOf = (paper: Paper, reviewer: Person, existing: boolean): ProposedPairDto => ({
  submission: { id: paper.id, public_id: paper.publicId, title: paper.title },
  reviewer: {
    public_id: reviewer.publicId,
    first_name: 'Rev',
    last_name: 'Bulk',
    full_name: 'Rev Bulk',
    email: reviewer.email,
    affiliation: `Laboratory ${reviewer.id}`,
  },
  score: 1,
  affinity: 1,
  bid: null,
  reasons: [],
  existing,
});

/** A finished preview of the venue as the job would store it, computed from the event as it is now. */
async function storePreview(
  venue: Venue,
  mode: AssignmentMode,
  pairs: ProposedPairDto[],
  removed: AssignmentResultDto['removed'] = [],
) {
  await syncConflicts(app.db, venue.id);
  const id = await nextId(app.db, 'assignment_previews');
  const result: AssignmentResultDto = {
    pairs,
    new_count: pairs.filter((pair) => !pair.existing).length,
    removed,
    total_score: pairs.length,
    lowest_paper_score: null,
    lowest_paper: null,
    load_histogram: [],
    short: [],
    reviewers_per_paper: 3,
    papers: venue.papers.length,
    reviewers: venue.reviewers.length,
    hidden_papers: 0,
  };
  const publicId = makePublicId(id);
  await app.db.insert(assignmentPreviews).values({
    id,
    publicId,
    eventId: venue.id,
    createdBy: venue.chair.id,
    mode,
    status: 'done',
    progress: 1,
    fingerprint: await assignmentFingerprint(app.db, venue.id),
    result,
    finishedAt: new Date(),
  });
  return publicId;
}

async function reviewsOf(venue: Venue) {
  return app.db
    .select({
      id: reviews.id,
      submissionId: reviews.submissionId,
      reviewerId: reviews.reviewerId,
      ordinal: reviews.ordinal,
      source: reviews.source,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(eq(submissions.eventId, venue.id));
}

async function mailCount(venue: Venue, template: string) {
  const [row] = await queryRows<{ mails: number; jobs: number }>(
    app.db,
    sql`select count(*)::int as mails,
               (select count(*)::int from jobs j where j.type = 'mail.send'
                   and (j.payload->>'outboxId')::int in (select o.id from ${mailOutbox} o
                     where o.event_id = ${venue.id} and o.template = ${template})) as jobs
          from ${mailOutbox} where event_id = ${venue.id} and template = ${template}`,
  );
  return row;
}

const apply = async (venue: Venue, previewId: string) =>
  (await as(venue.chair)).post(`/api/events/${venue.publicId}/assignment/apply/`, { preview_id: previewId });

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('the fingerprint an apply checks', () => {
  it("is the database's hash of the text fingerprintOf hashes when the preview is planned, for both roles", async () => {
    const venue = await buildVenue(4, 3);
    const [p0, p1, p2, p3] = venue.papers as [Paper, Paper, Paper, Paper];
    const [r0, r1, r2] = venue.reviewers as [Person, Person, Person];
    const ids = await nextIds(app.db, 'reviews', 3);
    await app.db.insert(reviews).values(
      [
        { submission: p1, reviewer: r2, status: 'assigned' as const, source: 'automatic' as const },
        { submission: p0, reviewer: r1, status: 'completed' as const, source: 'automatic' as const },
        { submission: p0, reviewer: r0, status: 'assigned' as const, source: 'manual' as const },
      ].map((row, index) => ({
        id: ids[index] as number,
        publicId: makePublicId(ids[index] as number),
        submissionId: row.submission.id,
        reviewerId: row.reviewer.id,
        ordinal: index + 1,
        status: row.status,
        source: row.source,
      })),
    );
    await app.db.insert(conflicts).values([
      { submissionId: p3.id, userId: r0.id, type: 'personal', source: 'declared', reason: 'Friends' },
      { submissionId: p2.id, userId: r1.id, type: 'personal', source: 'declared', reason: 'Family' },
      { submissionId: p2.id, userId: r0.id, type: 'personal', source: 'declared', reason: 'Former student' },
    ]);
    await app.db.update(submissions).set({ areaChairId: r2.id }).where(eq(submissions.id, p3.id));
    await app.db
      .update(submissions)
      .set({ areaChairId: r1.id, areaChairSource: 'automatic' })
      .where(eq(submissions.id, p1.id));

    const stored = await findEventConflictColumns(app.db, venue.id);
    for (const role of ['reviewer', 'area_chair'] as const) {
      const rows = await ASSIGNMENT_SIDES[role].current(app.db, venue.id);
      const planned = fingerprintOf({
        assignments: {
          submissionIds: Int32Array.from(rows, (row) => row.submissionId),
          reviewerIds: Int32Array.from(rows, (row) => row.reviewerId),
          untouched: Uint8Array.from(rows, (row) => (row.status === 'assigned' ? 1 : 0)),
          sources: rows.map((row) => row.source),
        },
        conflicts: stored,
      });
      expect(await assignmentFingerprint(app.db, venue.id, role)).toBe(planned);
    }
    const before = await assignmentFingerprint(app.db, venue.id);
    await app.db
      .update(reviews)
      .set({ status: 'in_progress' })
      .where(eq(reviews.id, ids[0] as number));
    expect(await assignmentFingerprint(app.db, venue.id)).not.toBe(before);
  });
});

describe('what an apply reads of a preview', () => {
  it("picks out each pair's paper, person and existence, the removals and the score, in order, from the stored result", async () => {
    const venue = await buildVenue(3, 3);
    const [p0, p1, p2] = venue.papers as [Paper, Paper, Paper];
    const [r0, r1, r2] = venue.reviewers as [Person, Person, Person];
    const pairs = [pairOf(p2, r0, false), pairOf(p0, r1, true), pairOf(p1, r2, false)];
    const removed = [
      { submission: pairs[1]?.submission, reviewer: pairs[2]?.reviewer },
    ] as AssignmentResultDto['removed'];
    const publicId = await storePreview(venue, 'replace', pairs, removed);
    const [stored] = await app.db
      .select({ id: assignmentPreviews.id })
      .from(assignmentPreviews)
      .where(eq(assignmentPreviews.publicId, publicId));
    expect(await findApplyResult(app.db, stored?.id as number)).toEqual({
      pairs: pairs.map((pair) => ({
        submission: { id: pair.submission.id, title: pair.submission.title },
        reviewer: { public_id: pair.reviewer.public_id },
        existing: pair.existing,
      })),
      removed: [{ submission: { id: p0.id }, reviewer: { public_id: r2.publicId } }],
      total_score: 3,
    });
    const empty = await nextId(app.db, 'assignment_previews');
    await app.db.insert(assignmentPreviews).values({
      id: empty,
      publicId: makePublicId(empty),
      eventId: venue.id,
      createdBy: venue.chair.id,
      mode: 'replace',
    });
    expect(await findApplyResult(app.db, empty)).toBeUndefined();
  });
});

describe('applying a large automatic assignment', () => {
  it('writes every pair with its ordinal and audit entry, and one mail per reviewer, in statements that do not grow with the pairs', async () => {
    const venue = await buildVenue(800, 120);
    // The first 40 papers already have a manual review: the apply numbers its reviews after it.
    const kept = venue.papers
      .slice(0, 40)
      .map((paper, index) => ({ paper, reviewer: venue.reviewers[(index * 3 + 50) % 120] as Person }));
    await app.db.insert(reviews).values(
      kept.map(({ paper, reviewer }) => ({
        publicId: `${paper.id}x${reviewer.id}-aaaaaaaa`,
        submissionId: paper.id,
        reviewerId: reviewer.id,
        ordinal: 1,
        source: 'manual' as const,
      })),
    );
    const fresh = venue.papers.flatMap((paper, index) =>
      [10, 11, 12].map((offset) => ({ paper, reviewer: venue.reviewers[(index * 3 + offset) % 120] as Person })),
    );
    const previewId = await storePreview(venue, 'keep_existing', [
      ...kept.map(({ paper, reviewer }) => pairOf(paper, reviewer, true)),
      ...fresh.map(({ paper, reviewer }) => pairOf(paper, reviewer, false)),
    ]);

    let response: Awaited<ReturnType<typeof apply>> | undefined;
    const statements = await recordStatements(app, async () => {
      response = await apply(venue, previewId);
    });
    expect(response?.statusCode, response?.body).toBe(200);
    expect(response?.json()).toMatchObject({ created: 2400, removed: 0, kept: 40 });

    // Bounded: 5 statements per batch of pairs (lock, highest ordinals, ids, reviews with their audit, the rows), 2 per batch of reviewers
    // mailed (outbox, jobs), a fixed number around (28 today: the session, the event, the conflict sync, the
    // fingerprints, the claim, the apply's audit).
    const batches = Math.ceil(fresh.length / SILENT_ASSIGNMENT_BATCH);
    const mailBatches = Math.ceil(venue.reviewers.length / ASSIGNMENT_BATCH);
    expect(statements.filter((query) => /insert into "reviews"/i.test(query))).toHaveLength(batches);
    expect(statements.filter((query) => /^\s*insert into "mail_outbox"/i.test(query))).toHaveLength(mailBatches);
    expect(statements.length).toBeLessThanOrEqual(5 * batches + 2 * mailBatches + 30);

    const rows = await reviewsOf(venue);
    expect(rows).toHaveLength(2440);
    const expected = new Set(fresh.map(({ paper, reviewer }) => `${paper.id}:${reviewer.id}`));
    const automatic = rows.filter((row) => row.source === 'automatic');
    expect(new Set(automatic.map((row) => `${row.submissionId}:${row.reviewerId}`))).toEqual(expected);
    const ordinals = new Map<number, number[]>();
    for (const row of rows) ordinals.set(row.submissionId, [...(ordinals.get(row.submissionId) ?? []), row.ordinal]);
    for (const [index, paper] of venue.papers.entries()) {
      const count = index < 40 ? 4 : 3;
      expect((ordinals.get(paper.id) ?? []).sort((a, b) => a - b)).toEqual(
        Array.from({ length: count }, (_, i) => i + 1),
      );
    }

    const audits = await app.db
      .select({ entityId: auditLog.entityId, data: auditLog.data, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.eventId, venue.id), eq(auditLog.action, 'review.assigned')));
    expect(audits).toHaveLength(2400);
    const byId = new Map(automatic.map((row) => [String(row.id), row]));
    for (const audit of audits) {
      const row = byId.get(audit.entityId as string);
      expect(audit).toEqual({
        entityId: String(row?.id),
        actorId: venue.chair.id,
        data: { submission_id: row?.submissionId, reviewer_id: row?.reviewerId, source: 'automatic' },
      });
    }
    // One mail per reviewer (120, each with 20 papers), none per pair.
    expect(await mailCount(venue, 'reviews.assigned')).toEqual({ mails: 0, jobs: 0 });
    expect(await mailCount(venue, 'reviews.papers_assigned')).toEqual({ mails: 120, jobs: 120 });
    const mailOf = async (person: Person) =>
      app.db
        .select({ locale: mailOutbox.locale, subject: mailOutbox.subject, body: mailOutbox.textBody })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.eventId, venue.id), eq(mailOutbox.recipient, person.email)));
    for (const index of [0, 1]) {
      const person = venue.reviewers[index] as Person;
      const mails = await mailOf(person);
      expect(mails).toHaveLength(1);
      const titles = fresh.filter((pair) => pair.reviewer.id === person.id).map((pair) => pair.paper.title);
      expect(titles).toHaveLength(20);
      const body = mails[0]?.body ?? '';
      for (const title of titles) expect(body).toContain(`• ${title}\n`);
      expect(body.match(/• /g)).toHaveLength(20);
      expect(body).toContain(`${app.config.publicUrl}/reviews\n`);
      expect(mails[0]?.locale).toBe(index === 0 ? 'en' : 'ar');
      expect(body).toContain(index === 0 ? 'Your new papers (20)' : 'أوراقك الجديدة (20)');
      expect(body).toContain(index === 0 ? 'Review deadline: ' : 'الموعد النهائي للمراجعة: ');
    }
  });

  it('removes in replace mode in bounded batches, mailing each removed reviewer', async () => {
    const venue = await buildVenue(600, 60);
    const first = venue.papers.flatMap((paper, index) =>
      [0, 1].map((offset) => pairOf(paper, venue.reviewers[(index + offset * 7) % 60] as Person, false)),
    );
    const applied = await apply(venue, await storePreview(venue, 'keep_existing', first));
    expect(applied.statusCode, applied.body).toBe(200);
    // Replace: every paper keeps its first reviewer and trades its second for another.
    const keep = first.filter((_, index) => index % 2 === 0).map((pair) => ({ ...pair, existing: true }));
    const trade = venue.papers.map((paper, index) =>
      pairOf(paper, venue.reviewers[(index + 30) % 60] as Person, false),
    );
    const removed = first
      .filter((_, index) => index % 2 === 1)
      .map(({ submission, reviewer }) => ({ submission, reviewer }));
    const previewId = await storePreview(venue, 'replace', [...keep, ...trade], removed);

    let response: Awaited<ReturnType<typeof apply>> | undefined;
    const statements = await recordStatements(app, async () => {
      response = await apply(venue, previewId);
    });
    expect(response?.statusCode, response?.body).toBe(200);
    expect(response?.json()).toMatchObject({ created: 600, removed: 600, kept: 600 });
    const batches = Math.ceil(600 / ASSIGNMENT_BATCH);
    expect(statements.filter((query) => /^\s*delete from "reviews"/i.test(query))).toHaveLength(batches);
    expect(statements.length).toBeLessThanOrEqual((7 + 3) * batches + 30);
    const rows = await reviewsOf(venue);
    expect(new Set(rows.map((row) => `${row.submissionId}:${row.reviewerId}`))).toEqual(
      new Set(
        [...keep, ...trade].map((pair) => {
          const reviewer = venue.reviewers.find((person) => person.publicId === pair.reviewer.public_id);
          return `${pair.submission.id}:${reviewer?.id}`;
        }),
      ),
    );
    expect(await mailCount(venue, 'reviews.unassigned')).toEqual({ mails: 600, jobs: 600 });
    // Each apply mailed each of the 60 reviewers who got papers once.
    expect(await mailCount(venue, 'reviews.assigned')).toEqual({ mails: 0, jobs: 0 });
    expect(await mailCount(venue, 'reviews.papers_assigned')).toEqual({ mails: 120, jobs: 120 });
  });

  it('gives an apply and a manual assignment of one paper at once distinct ordinals, or answers a clean 409', async () => {
    const venue = await buildVenue(40, 12);
    const extra = await buildUser(app, { affiliation: 'Elsewhere Institute' });
    await addMembership(app, { event: venue, user: extra, role: 'reviewer', maxPapers: 10 });
    const same = venue.reviewers[0] as Person;
    for (const [round, reviewer] of [
      ['other reviewer', { id: extra.id, publicId: extra.publicId }],
      ['same reviewer', same],
    ] as const) {
      const paper = venue.papers[round === 'other reviewer' ? 0 : 1] as Paper;
      const pairs = venue.papers.flatMap((target, index) =>
        [0, 1, 2].map((offset) => pairOf(target, venue.reviewers[(index + offset) % 12] as Person, false)),
      );
      await app.db.execute(
        sql`delete from ${reviews} where submission_id in (select id from ${submissions} where event_id = ${venue.id})`,
      );
      const previewId = await storePreview(venue, 'keep_existing', pairs);
      const chair = await as(venue.chair);
      const [applied, manual] = await Promise.all([
        apply(venue, previewId),
        chair.post(`/api/submissions/${paper.publicId}/assign/`, { reviewer_id: reviewer.publicId }),
      ]);
      const rows = (await reviewsOf(venue)).filter((row) => row.submissionId === paper.id);
      const ordinals = rows.map((row) => row.ordinal).sort((a, b) => a - b);
      expect(ordinals, round).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
      expect(new Set(rows.map((row) => row.reviewerId)).size, round).toBe(rows.length);
      if (applied.statusCode === 200) {
        expect(manual.statusCode === 201 || manual.json().code === 'ALREADY_ASSIGNED', round).toBe(true);
        expect(rows, round).toHaveLength(manual.statusCode === 201 ? 4 : 3);
      } else {
        expect(applied.statusCode, round).toBe(409);
        expect(applied.json(), round).toMatchObject({ code: 'STALE_PREVIEW' });
        expect(manual.statusCode, round).toBe(201);
        expect(rows, round).toHaveLength(1);
      }
    }
  });
});
