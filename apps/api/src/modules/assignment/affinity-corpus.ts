import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { affinityAnalyses } from '../../db/schema/index.ts';
import { defineWorkerTask, runInWorker } from '../../lib/worker-pool.ts';
import { type EventReviewer, findAuthoredSubmissionIds, findPaperTexts } from '../reviews/reviews.queries.ts';
import {
  type AffinityDocument,
  type AffinityScores,
  analysisKey,
  buildAffinityModel,
  type ReviewerProfile,
  type TopReviewers,
} from './affinity/index.ts';

/*
 * Feeds the affinity library (modules/assignment/affinity, local provider: TF-IDF over the papers the system holds)
 * from the database. A reviewer's profile is their expertise (account and event membership) and bio, plus the
 * submissions they authored anywhere in the system (title, abstract, keywords, and the extracted full text where
 * stored). The IDF is fitted on the event's submissions, the reviewers' papers and their profiles.
 *
 * With `storedAnalyses`, each paper's analysis (what tokenising and stemming made of its texts) is read from or
 * stored in affinity_analyses, keyed by the hash of its texts, so a computation tokenises only the papers whose
 * texts it has not seen (in the worker pool); the IDF is still fitted on the whole corpus each time. Off by
 * default: fitting from the analyses measured no faster than from the texts (bench/affinity/README.md, "Stored
 * analyses and a new document"), so the assignment preview does not pay their reads and writes.
 */

export type AffinityInputs = {
  reviewers: ReviewerProfile[];
  submissions: AffinityDocument[];
  corpus: AffinityDocument[];
};

const documentId = (submissionId: number) => `s:${submissionId}`;

/**
 * Loads the documents for scoring `reviewers` against `submissionIds`. `corpusIds` are further submissions (the
 * rest of the event) that only widen the IDF. `fullText` reads the extracted text of the papers scored and of the
 * reviewers' papers (the corpus-only ones go without it). `storedAnalyses` gives every paper its stored analysis
 * (attachAnalyses).
 */
export async function loadAffinityInputs(
  db: Db,
  options: {
    reviewers: EventReviewer[];
    submissionIds: number[];
    corpusIds?: number[];
    fullText: boolean;
    storedAnalyses?: boolean;
  },
): Promise<AffinityInputs> {
  const authored = await findAuthoredSubmissionIds(
    db,
    options.reviewers.map((reviewer) => reviewer.userId),
  );
  const scoredIds = new Set(options.submissionIds);
  for (const ids of authored.values()) for (const id of ids) scoredIds.add(id);
  const corpusOnly = (options.corpusIds ?? []).filter((id) => !scoredIds.has(id));
  const [texts, corpusTexts] = await Promise.all([
    findPaperTexts(db, [...scoredIds], { fullText: options.fullText }),
    findPaperTexts(db, corpusOnly, { fullText: false }),
  ]);
  const documents = new Map<number, AffinityDocument>();
  for (const [id, text] of [...texts, ...corpusTexts]) {
    documents.set(id, {
      id: documentId(id),
      title: text.title,
      abstract: text.abstract,
      keywords: text.keywords,
      ...(text.fullText ? { fullText: text.fullText } : {}),
    });
  }
  const reviewers: ReviewerProfile[] = options.reviewers.map((reviewer) => ({
    id: `u:${reviewer.userId}`,
    expertise: reviewer.expertise,
    bio: reviewer.bio,
    papers: (authored.get(reviewer.userId) ?? []).flatMap((id) => {
      const doc = documents.get(id);
      return doc ? [doc] : [];
    }),
  }));
  const submissions = options.submissionIds.flatMap((id) => {
    const doc = documents.get(id);
    return doc ? [doc] : [];
  });
  if (options.storedAnalyses) await attachAnalyses(db, [...documents.values()]);
  const profiles: AffinityDocument[] = reviewers
    .filter((reviewer) => reviewer.expertise || reviewer.bio)
    .map((reviewer) => ({ id: `p:${reviewer.id}`, abstract: `${reviewer.expertise ?? ''}\n${reviewer.bio ?? ''}` }));
  return { reviewers, submissions, corpus: [...documents.values(), ...profiles] };
}

/** Affinity of every reviewer with every submission (row-major reviewers × submissions), with matched terms. */
export function scoreAffinity(inputs: AffinityInputs): AffinityScores {
  return buildAffinityModel(inputs.corpus).score(inputs.reviewers, inputs.submissions);
}

/** The k best reviewers of each submission, never materialising the whole matrix (large events). */
export function topAffinity(
  inputs: AffinityInputs,
  options: { k: number; exclude?: (r: number, s: number) => boolean },
): TopReviewers {
  return buildAffinityModel(inputs.corpus).topReviewers(inputs.reviewers, inputs.submissions, options);
}

/** Keys per lookup statement, and analyses per insert statement (a full text's is tens of kilobytes). */
const LOOKUP_BATCH = 1000;
const INSERT_BATCH = 200;

const analyseDocumentsTask = defineWorkerTask<AffinityDocument[], Uint8Array[]>(
  new URL('./affinity/analysis.task.ts', import.meta.url),
  'analyseDocumentsTask',
);

/**
 * Gives each document its stored analysis (`analysis`), analysing in the worker pool and storing those not yet
 * stored. Rows are only ever inserted, ON CONFLICT DO NOTHING: two computations storing the same texts at once
 * both succeed, and the row kept is the same bytes either would have written. Returns how many documents found
 * their analysis stored and how many were analysed now.
 */
export async function attachAnalyses(
  db: Db,
  docs: readonly AffinityDocument[],
): Promise<{ reused: number; analysed: number }> {
  const keys = await Promise.all(docs.map((doc) => analysisKey(doc)));
  const distinct = [...new Set(keys)];
  const stored = new Map<string, Uint8Array>();
  for (let from = 0; from < distinct.length; from += LOOKUP_BATCH) {
    const rows = await db
      .select({ key: affinityAnalyses.key, analysis: affinityAnalyses.analysis })
      .from(affinityAnalyses)
      .where(inArray(affinityAnalyses.key, distinct.slice(from, from + LOOKUP_BATCH)));
    for (const row of rows) stored.set(row.key, new Uint8Array(row.analysis));
  }
  const missing = new Map<string, AffinityDocument>();
  let reused = 0;
  docs.forEach((doc, i) => {
    const key = keys[i] as string;
    if (stored.has(key)) reused++;
    else if (!missing.has(key)) missing.set(key, doc);
  });
  if (missing.size > 0) {
    const analyses = await runInWorker(analyseDocumentsTask, [...missing.values()]);
    const rows = [...missing.keys()].map((key, i) => ({ key, analysis: analyses[i] as Uint8Array }));
    for (let from = 0; from < rows.length; from += INSERT_BATCH) {
      await db
        .insert(affinityAnalyses)
        .values(rows.slice(from, from + INSERT_BATCH))
        .onConflictDoNothing({ target: affinityAnalyses.key });
    }
    for (const row of rows) stored.set(row.key, row.analysis);
  }
  docs.forEach((doc, i) => {
    doc.analysis = stored.get(keys[i] as string);
  });
  return { reused, analysed: docs.length - reused };
}

/**
 * One submission's affinity with every reviewer (for a submission that just arrived): the model fitted on the
 * corpus from stored analyses, then one scoring pass over the reviewers. The same scores as that submission's
 * column of scoreAffinity, to the bit.
 */
export function scoreSubmission(inputs: AffinityInputs, submission: number): Float32Array {
  const doc = inputs.submissions[submission];
  if (!doc) throw new RangeError(`no submission ${submission}`);
  return buildAffinityModel(inputs.corpus).scoreColumn(inputs.reviewers, doc);
}

/** One reviewer's affinity with every submission (a reviewer who just joined); the same as scoreAffinity's row. */
export function scoreReviewer(inputs: AffinityInputs, reviewer: number): Float32Array {
  const profile = inputs.reviewers[reviewer];
  if (!profile) throw new RangeError(`no reviewer ${reviewer}`);
  return buildAffinityModel(inputs.corpus).score([profile], inputs.submissions).scores;
}
