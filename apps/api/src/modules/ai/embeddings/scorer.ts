import {
  AFFINITY_PARAMETERS,
  type AffinityDocument,
  type AffinityScores,
  type ReviewerProfile,
} from '../../assignment/affinity/index.ts';
import type { TextEmbeddings } from '../providers/index.ts';

/*
 * Reviewer–submission affinity from text embeddings, in the shape and with the aggregation of the local TF-IDF model
 * (`assignment/affinity/`, its defaults): a document is its title, keywords and abstract, joined by its full text
 * where the system holds it (the two embedded apart, each unit-length, mixed with the model's weights and normalised
 * again); a reviewer's score for a submission is the mean over the reviewer's documents of their cosine with the
 * submission, the expertise + bio text counting as one more document at half weight. Only the vectors differ.
 */

/** The text of a document's summary (title, keywords, abstract) and of its body (full text), either may be ''. */
export function documentTexts(doc: AffinityDocument): { summary: string; body: string } {
  const keywords = (doc.keywords ?? []).map((keyword) => keyword.trim()).filter(Boolean);
  const summary = [doc.title?.trim(), keywords.join(', '), doc.abstract?.trim()].filter(Boolean).join('\n\n');
  return { summary, body: doc.fullText?.trim() ?? '' };
}

/** The self-described expertise and bio of a reviewer, as one text ('' when neither is given). */
export function profileText(reviewer: ReviewerProfile): string {
  return [reviewer.expertise?.trim(), reviewer.bio?.trim()].filter(Boolean).join('\n\n');
}

const dot = (a: Float32Array | Float64Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
};

/** wa·a + wb·b scaled to unit length, as `combineNormalized` does for the sparse vectors. */
function combine(a: Float32Array, wa: number, b: Float32Array, wb: number): Float32Array {
  const out = new Float32Array(a.length);
  let norm = 0;
  for (let i = 0; i < a.length; i++) {
    const value = wa * (a[i] as number) + wb * (b[i] as number);
    out[i] = value;
    norm += value * value;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * scale;
  return out;
}

type ReviewerDocument = { vector: Float32Array; weight: number; title: string | undefined };

/**
 * Scores every reviewer against every submission from embeddings: scores[r · S + s] ∈ [0, 1]. The mean of a
 * reviewer's weighted cosines is the cosine with the weighted mean of their unit vectors (their centroid), so each
 * pair costs one dot product whatever the number of papers, as in the local model; the mean is clamped to [0, 1]
 * like the local model's (a negative mean — rare with real models — scores 0). A document without any text is left
 * out, and a reviewer with none scores 0. `reasons(r, s)` gives the titles of the
 * reviewer's papers most similar to the submission (up to three, best first): an embedding has no matched terms.
 * Every distinct text is sent once per call (pass cached embeddings to share texts between calls).
 */
export async function scoreWithEmbeddings(
  embeddings: TextEmbeddings,
  reviewers: readonly ReviewerProfile[],
  submissions: readonly AffinityDocument[],
): Promise<AffinityScores> {
  // Every text to embed, once.
  const texts = new Map<string, number>();
  const want = (text: string) => {
    if (text === '') return -1;
    let at = texts.get(text);
    if (at === undefined) {
      at = texts.size;
      texts.set(text, at);
    }
    return at;
  };
  const plan = (doc: AffinityDocument) => {
    const { summary, body } = documentTexts(doc);
    return { summary: want(summary), body: want(body) };
  };
  const submissionPlans = submissions.map(plan);
  const reviewerPlans = reviewers.map((reviewer) => {
    const ids = new Set<string>();
    const papers: { doc: AffinityDocument; summary: number; body: number }[] = [];
    for (const doc of reviewer.papers) {
      if (ids.has(doc.id)) continue;
      ids.add(doc.id);
      papers.push({ doc, ...plan(doc) });
    }
    return { papers, profile: want(profileText(reviewer)) };
  });
  const vectors = texts.size > 0 ? await embeddings.embed([...texts.keys()]) : [];

  const documentVector = ({ summary, body }: { summary: number; body: number }): Float32Array | undefined => {
    const a = vectors[summary];
    const b = vectors[body];
    if (a && b) return combine(a, AFFINITY_PARAMETERS.summaryWeight, b, AFFINITY_PARAMETERS.fullTextWeight);
    return a ?? b;
  };
  const subVectors = submissionPlans.map(documentVector);
  const reviewerDocuments: ReviewerDocument[][] = reviewerPlans.map(({ papers, profile }) => {
    const out: ReviewerDocument[] = [];
    for (const paper of papers) {
      const vector = documentVector(paper);
      if (vector) out.push({ vector, weight: 1, title: paper.doc.title?.trim() || undefined });
    }
    const profileVector = vectors[profile];
    if (profileVector) out.push({ vector: profileVector, weight: AFFINITY_PARAMETERS.profileWeight, title: undefined });
    return out;
  });

  const S = submissions.length;
  const scores = new Float32Array(reviewers.length * S);
  reviewerDocuments.forEach((documents, r) => {
    const first = documents[0];
    if (!first) return;
    const centroid = new Float64Array(first.vector.length);
    for (const { vector, weight } of documents) {
      for (let i = 0; i < centroid.length; i++) centroid[i] = (centroid[i] as number) + weight * (vector[i] as number);
    }
    for (let i = 0; i < centroid.length; i++) centroid[i] = (centroid[i] as number) / documents.length;
    subVectors.forEach((sub, s) => {
      if (sub) scores[r * S + s] = Math.fround(Math.min(1, Math.max(0, dot(centroid, sub))));
    });
  });

  return {
    scores,
    reasons(r, s) {
      const sub = subVectors[s];
      if (!sub) return [];
      return (reviewerDocuments[r] ?? [])
        .flatMap(({ vector, title }, i) => (title ? [{ i, title, sim: dot(vector, sub) }] : []))
        .filter(({ sim }) => sim > 0)
        .sort((a, b) => b.sim - a.sim || a.i - b.i)
        .slice(0, AFFINITY_PARAMETERS.topDocuments)
        .map(({ title }) => title);
    },
  };
}
