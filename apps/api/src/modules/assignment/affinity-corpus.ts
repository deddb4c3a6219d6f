import type { Db } from '../../db/client.ts';
import { type EventReviewer, findAuthoredSubmissionIds, findPaperTexts } from '../reviews/reviews.queries.ts';
import {
  type AffinityDocument,
  type AffinityScores,
  buildAffinityModel,
  type ReviewerProfile,
  type TopReviewers,
} from './affinity/index.ts';

/*
 * Feeds the affinity library (modules/assignment/affinity, local provider: TF-IDF over the papers the system holds)
 * from the database. A reviewer's profile is their expertise (account and event membership) and bio, plus the
 * submissions they authored anywhere in the system (title, abstract, keywords, and the extracted full text where
 * stored). The IDF is fitted on the event's submissions, the reviewers' papers and their profiles.
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
 * reviewers' papers (the corpus-only ones go without it).
 */
export async function loadAffinityInputs(
  db: Db,
  options: { reviewers: EventReviewer[]; submissionIds: number[]; corpusIds?: number[]; fullText: boolean },
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
