import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-test-app.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import type { Database } from '../../db/client.ts';
import { affinityAnalyses } from '../../db/schema/index.ts';
import { closeWorkerPool } from '../../lib/worker-pool.ts';
import { findEventReviewers } from '../reviews/reviews.queries.ts';
import { type AffinityDocument, analyseDocuments, analysisKey } from './affinity/index.ts';
import {
  type AffinityInputs,
  attachAnalyses,
  loadAffinityInputs,
  scoreAffinity,
  scoreReviewer,
  scoreSubmission,
} from './affinity-corpus.ts';

/*
 * Stored analyses (affinity_analyses, migration 0012) on PGlite and, with TEST_DB=postgres, on PostgreSQL, where
 * the two computations below really overlap.
 */

let database: Database;
let run = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await closeWorkerPool();
  await database.close();
});

/** The document without its analysis, as read from the database. */
function plain({ analysis, ...doc }: AffinityDocument): AffinityDocument {
  return doc;
}

/** Papers whose texts no other test wrote (the table is keyed by texts). */
function papers(count: number): AffinityDocument[] {
  run += 1;
  const topics = ['speech recognition', 'graph coloring', 'protein folding', 'query optimisation'];
  return Array.from({ length: count }, (_, i) => ({
    id: `s:${run}-${i}`,
    title: `${topics[i % topics.length]} for run ${run} paper ${i}`,
    abstract: `We study ${topics[(i + 1) % topics.length]} and ${topics[i % topics.length]}; results ${run}.`,
    keywords: ['affinity', `topic ${i % 3}`],
    ...(i % 2 === 0 ? { fullText: `Introduction. ${topics[i % topics.length]} matters. Paper ${i}, run ${run}.` } : {}),
  }));
}

async function storedRows(docs: AffinityDocument[]) {
  const keys = await Promise.all(docs.map((doc) => analysisKey(doc)));
  return database.db
    .select({ key: affinityAnalyses.key, analysis: affinityAnalyses.analysis })
    .from(affinityAnalyses)
    .where(inArray(affinityAnalyses.key, keys));
}

describe('stored analyses of the corpus', () => {
  it('are stored once per text and found again: the second computation tokenises nothing', async () => {
    const docs = papers(5);
    const twin = { ...(docs[0] as AffinityDocument), id: 's:twin' }; // same texts, another paper
    expect(await attachAnalyses(database.db, [...docs, twin])).toEqual({ reused: 0, analysed: 6 });
    const rows = await storedRows(docs);
    expect(rows).toHaveLength(5);
    const expected = analyseDocuments(docs);
    const keys = await Promise.all(docs.map((doc) => analysisKey(doc)));
    for (const [i, doc] of docs.entries()) {
      const row = rows.find((r) => r.key === keys[i]);
      expect(Buffer.from(row?.analysis ?? [])).toEqual(Buffer.from(expected[i] as Uint8Array));
      expect(Buffer.from(doc.analysis as Uint8Array)).toEqual(Buffer.from(expected[i] as Uint8Array));
    }
    expect(Buffer.from(twin.analysis as Uint8Array)).toEqual(Buffer.from(expected[0] as Uint8Array));

    const again = docs.map(plain);
    expect(await attachAnalyses(database.db, again)).toEqual({ reused: 5, analysed: 0 });
    again.forEach((doc, i) => {
      expect(Buffer.from(doc.analysis as Uint8Array)).toEqual(Buffer.from(expected[i] as Uint8Array));
    });
    // An edited text is another key: analysed and stored beside the old one.
    const edited = { ...(docs[1] as AffinityDocument), abstract: 'A new abstract about compilers.' };
    expect(await attachAnalyses(database.db, [edited])).toEqual({ reused: 0, analysed: 1 });
    expect(await storedRows([...docs, edited])).toHaveLength(6);
  });

  it('two computations storing the same texts at once both succeed, with one row per text', async () => {
    const docs = papers(40);
    const copies = docs.map((doc) => ({ ...doc }));
    const [first, second] = await Promise.all([attachAnalyses(database.db, docs), attachAnalyses(database.db, copies)]);
    expect(first.analysed + first.reused).toBe(40);
    expect(second.analysed + second.reused).toBe(40);
    const rows = await storedRows(docs);
    expect(rows).toHaveLength(40);
    const expected = analyseDocuments(docs);
    const keys = await Promise.all(docs.map((doc) => analysisKey(doc)));
    for (const row of rows) {
      const i = keys.indexOf(row.key);
      expect(Buffer.from(row.analysis)).toEqual(Buffer.from(expected[i] as Uint8Array));
      expect(Buffer.from(copies[i]?.analysis as Uint8Array)).toEqual(Buffer.from(expected[i] as Uint8Array));
    }
  });
});

describe('the corpus of an event from the database', () => {
  it('carries stored analyses, and scores as from the texts; a new submission or reviewer scores as its column or row', async () => {
    const event = await buildEvent(database.db, { status: 'active' });
    const topics = ['speech recognition in noise', 'graph coloring heuristics', 'protein folding models'];
    const reviewerUsers = [];
    for (const _ of topics) reviewerUsers.push(await buildUser(database.db)); // ids in the topics' order
    for (const [i, user] of reviewerUsers.entries()) {
      await addMembership(database.db, { event, user, role: 'reviewer' });
      // A paper of their own elsewhere: their expertise.
      await buildSubmission(database.db, {
        submitter: user,
        title: `Earlier work on ${topics[i]}`,
        abstract: `We studied ${topics[i]} at length.`,
      });
    }
    const submitted = [];
    for (const [i, topic] of [...topics, 'speech and graphs'].entries()) {
      submitted.push(
        await buildSubmission(database.db, { event, title: `New ${topic} ${i}`, abstract: `On ${topic}.` }),
      );
    }
    const reviewers = await findEventReviewers(database.db, event.id);
    const options = { reviewers, submissionIds: submitted.map((s) => s.id), fullText: true, storedAnalyses: true };
    const plainInputs = await loadAffinityInputs(database.db, { ...options, storedAnalyses: false });
    expect(plainInputs.corpus.some((doc) => doc.analysis)).toBe(false);
    expect(await storedRows(plainInputs.corpus.filter((doc) => doc.id.startsWith('s:')))).toHaveLength(0);
    const inputs = await loadAffinityInputs(database.db, options);
    const documents = inputs.corpus.filter((doc) => doc.id.startsWith('s:'));
    expect(documents).toHaveLength(7);
    expect(documents.every((doc) => doc.analysis instanceof Uint8Array)).toBe(true);
    expect(await storedRows(documents)).toHaveLength(7);

    const withoutAnalyses = (from: AffinityInputs): AffinityInputs => {
      const byId = new Map(from.corpus.map((doc) => [doc.id, plain(doc)]));
      const same = (doc: AffinityDocument) => byId.get(doc.id) as AffinityDocument;
      return {
        corpus: [...byId.values()],
        submissions: from.submissions.map(same),
        reviewers: from.reviewers.map((r) => ({ ...r, papers: r.papers.map(same) })),
      };
    };
    const full = scoreAffinity(inputs);
    expect(Buffer.from(full.scores.buffer)).toEqual(Buffer.from(scoreAffinity(withoutAnalyses(inputs)).scores.buffer));
    // The speech reviewer ranks the speech paper above the graph paper.
    const S = inputs.submissions.length;
    expect(full.scores[0 * S + 0]).toBeGreaterThan(full.scores[0 * S + 1] as number);

    // A later computation finds every analysis stored.
    const later = await loadAffinityInputs(database.db, options);
    const laterDocuments = later.corpus.filter((doc) => doc.id.startsWith('s:'));
    expect(await attachAnalyses(database.db, laterDocuments.map(plain))).toEqual({ reused: 7, analysed: 0 });

    for (let s = 0; s < S; s++) {
      const column = scoreSubmission(later, s);
      expect([...column]).toEqual(inputs.reviewers.map((_, r) => full.scores[r * S + s]));
    }
    for (let r = 0; r < inputs.reviewers.length; r++) {
      expect([...scoreReviewer(later, r)]).toEqual([...full.scores.subarray(r * S, (r + 1) * S)]);
    }
  });
});
