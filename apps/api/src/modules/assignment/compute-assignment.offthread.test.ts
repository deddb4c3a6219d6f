import { MessageChannel } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { submissionFiles, submissions, users } from '../../db/schema/index.ts';
import { makePublicId, nextId } from '../../lib/ids.ts';
import { defineWorkerTask, runInWorker } from '../../lib/worker-pool.ts';
import { syncConflicts } from '../conflicts/conflicts.service.ts';
import type { PlanTaskInput } from './assignment-plan.task.ts';
import { affinityShape, fingerprintOf, type PlanInput, type PlanResult, planAssignment } from './assignment-plan.ts';
import { assignmentFingerprint, computeAssignment } from './commands/compute-assignment.ts';

/*
 * The automatic assignment's CPU work (affinity, the problem, the solve) runs in the worker pool: the thread that
 * serves requests does a small share of the CPU work of a preview of 300 papers × 200 reviewers with their full
 * texts (measured in CPU time per thread, so a loaded machine does not change the verdict).
 */

const PAPERS = 300;
const REVIEWERS = 200;

/** Deterministic words (mulberry32 over a vocabulary of made-up terms), so the texts have real TF-IDF structure. */
function textMaker(seed: number) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const syllables = ['ka', 'lo', 'mi', 'ter', 'vax', 'quo', 'ren', 'sul', 'dak', 'pim', 'zor', 'bel', 'gan', 'tri'];
  const vocabulary = Array.from({ length: 1500 }, (_, i) => {
    let word = '';
    for (let n = i + 7; n > 0; n = Math.floor(n / syllables.length)) word += syllables[n % syllables.length];
    return word;
  });
  return (words: number, topic: number) => {
    const out: string[] = [];
    for (let i = 0; i < words; i++) {
      // Half the words from the topic's own 60 terms, half from anywhere.
      const index = random() < 0.5 ? topic * 60 + Math.floor(random() * 60) : Math.floor(random() * vocabulary.length);
      out.push(vocabulary[index % vocabulary.length] as string);
      if (i % 14 === 13) out.push('.');
    }
    return out.join(' ').replaceAll(' .', '.');
  };
}

let app: TestApp;
let event: BuiltEvent;

beforeAll(async () => {
  app = await buildTestApp();
  event = await buildEvent(app, { status: 'active' });
  const author = await buildUser(app);
  const text = textMaker(42);
  const userRows: (typeof users.$inferInsert & { id: number })[] = [];
  for (let r = 0; r < REVIEWERS; r++) {
    const id = await nextId(app.db, 'users');
    userRows.push({
      id,
      publicId: makePublicId(id),
      email: `reviewer${r}-${id}@example.org`,
      passwordHash: 'not-a-password',
      firstName: 'Rev',
      lastName: `Iewer${r}`,
      affiliation: `Institute ${r}`,
      country: 'EG',
      expertise: text(80, r % 25),
    });
  }
  await app.db.insert(users).values(userRows);
  for (const row of userRows) await addMembership(app, { event, user: row, role: 'reviewer', maxPapers: 6 });
  const paperRows: (typeof submissions.$inferInsert & { id: number })[] = [];
  for (let p = 0; p < PAPERS; p++) {
    const id = await nextId(app.db, 'submissions');
    paperRows.push({
      id,
      publicId: makePublicId(id),
      eventId: event.id,
      title: `Paper ${p} ${text(8, p % 25)}`,
      abstract: text(150, p % 25),
      keywords: ['alpha', 'beta', 'gamma'],
      status: 'submitted' as const,
      decision: 'pending' as const,
      submittedBy: author.id,
    });
  }
  await app.db.insert(submissions).values(paperRows);
  await app.db.insert(submissionFiles).values(
    paperRows.map((paper, p) => ({
      submissionId: paper.id,
      kind: 'paper' as const,
      version: 1,
      storageKey: `files/00/00/${'0'.repeat(64)}`,
      sha256: '0'.repeat(64),
      size: 1,
      pageCount: 10,
      originalName: 'paper.pdf',
      uploadedBy: author.id,
      text: text(600, p % 25),
    })),
  );
  // The conflicts are brought up to date first: the measure is of the assignment's own work.
  await syncConflicts(app.db, event.id);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('the automatic assignment in the worker pool', () => {
  it('computes a 300 × 200 preview with its CPU work on the pool threads, not the main thread', async () => {
    const before = await app.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.eventId, event.id));
    expect(before).toHaveLength(PAPERS);
    const progress: number[] = [];
    // CPU time, not wall-clock time: what each thread did, whatever else the machine runs meanwhile.
    const mainBefore = process.threadCpuUsage();
    const processBefore = process.cpuUsage();
    const { result, fingerprint } = await computeAssignment(
      app.db,
      { eventId: event.id, mode: 'replace' },
      async (p) => {
        progress.push(p);
      },
    );
    const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
    const mainMs = cpuMs(process.threadCpuUsage(mainBefore));
    const otherThreadsMs = cpuMs(process.cpuUsage(processBefore)) - mainMs;
    // The main thread reads the rows (and runs PGlite) and presents the result; the affinity of these texts and the
    // solve run on a pool thread (here about 40–65 ms against 1.4–1.6 s). Were they back on the main thread, it
    // would do most of the work.
    expect(
      mainMs,
      `main thread ${mainMs.toFixed(0)} ms of CPU, other threads ${otherThreadsMs.toFixed(0)} ms`,
    ).toBeLessThan(otherThreadsMs / 4);
    expect(result.papers).toBe(PAPERS);
    expect(result.reviewers).toBe(REVIEWERS);
    expect(result.pairs).toHaveLength(PAPERS * result.reviewers_per_paper);
    expect(result.short).toEqual([]);
    expect(result.pairs.every((pair) => pair.reasons.length > 0 && pair.affinity > 0)).toBe(true);
    expect(fingerprint).toBe(await assignmentFingerprint(app.db, event.id));
    expect(progress.at(0)).toBe(0.05);
    expect(progress.at(-1)).toBe(0.95);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 120_000);
});

describe('planAssignment as a pool task', () => {
  const planTask = defineWorkerTask<PlanTaskInput, PlanResult & { mainThread: boolean }>(
    new URL('./assignment-plan.task.ts', import.meta.url),
    'planAssignmentTask',
  );
  /** Runs the plan task as computeAssignment does: its documents sent on its port. */
  async function planInPool(input: PlanInput) {
    const { port1, port2 } = new MessageChannel();
    const { affinity, ...plan } = input;
    const running = runInWorker(
      planTask,
      { ...plan, affinity: affinityShape(affinity), port: port2 },
      { transferList: [port2] },
    );
    port1.postMessage(affinity.corpus.slice(0, 1));
    port1.postMessage(affinity.corpus.slice(1));
    try {
      return await running;
    } finally {
      port1.close();
    }
  }
  const small = (): PlanInput => ({
    paperIds: Int32Array.from([11, 12, 13]),
    reviewerIds: Int32Array.from([21, 22, 23, 24]),
    maxPapers: Int32Array.from([2, 2, 2, 2]),
    perPaper: 2,
    keepExisting: false,
    assignments: {
      submissionIds: Int32Array.from([11, 12]),
      reviewerIds: Int32Array.from([21, 22]),
      untouched: Uint8Array.from([1, 0]),
      sources: ['automatic', 'automatic'],
    },
    conflicts: { submissionIds: Int32Array.from([13]), userIds: Int32Array.from([24]) },
    bids: { submissionIds: Int32Array.from([13]), userIds: Int32Array.from([23]), values: Uint8Array.from([0]) },
    affinity: {
      reviewers: [21, 22, 23, 24].map((id) => ({ id: `u:${id}`, expertise: 'graph learning', papers: [] })),
      submissions: [11, 12, 13].map((id) => ({ id: `s:${id}`, title: 'graph learning for reviewers' })),
      corpus: [11, 12, 13].map((id) => ({ id: `s:${id}`, title: 'graph learning for reviewers' })),
    },
  });

  it('runs off the main thread and answers what it answers in place', async () => {
    const inPlace = planAssignment(small());
    const { mainThread, ...inPool } = await planInPool(small());
    expect(mainThread).toBe(false);
    expect(inPool).toEqual(inPlace);
    // Never the conflicted pair (13, 24); the started review (12, 22) stays; the eager bid (13, 23) is taken.
    const pairs = [...inPlace.pairs.paper].map((p, i) => `${p}:${inPlace.pairs.reviewer[i]}`);
    expect(pairs).not.toContain('2:3');
    expect(pairs).toContain('1:1');
    expect(pairs).toContain('2:2');
    expect(inPlace.shortfall).toEqual(Int32Array.from([0, 0, 0]));
    expect(inPlace.eligible).toEqual(Int32Array.from([4, 4, 3]));
  });

  it('fingerprints rows as the stored preview expects', () => {
    const columns = small();
    expect(fingerprintOf(columns)).toBe(planAssignment(small()).fingerprint);
    expect(
      fingerprintOf({ ...columns, conflicts: { submissionIds: new Int32Array(), userIds: new Int32Array() } }),
    ).not.toBe(fingerprintOf(columns));
  });
});
