import fs from 'node:fs';
import path from 'node:path';
import type { Predictions } from '../evaluation.ts';
import type { AffinityDocument, ReviewerProfile } from '../types.ts';

/**
 * Reads the gold-standard expertise data set in its published layout (github.com/niharshah/
 * goldstandard-reviewer-paper-match): `evaluation_datasets/d_20_<n>/{submissions.json, archives/~<id>.jsonl}`,
 * `data/evaluations.csv`, `data/txts/<paper id>.txt`, `predictions/<algo>_d_20_<n>_ta.json`.
 */

export type DatasetVersion = { name: string; submissions: AffinityDocument[]; reviewers: ReviewerProfile[] };

type Paper = { id?: unknown; content?: { title?: unknown; abstract?: unknown } };

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The `d_20_<n>` versions present, in numeric order. */
export function listVersions(folder: string): string[] {
  const root = path.join(folder, 'evaluation_datasets');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => /^d_20_\d+$/.test(name))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
}

/** Full texts from `data/txts`, read once per paper and shared between versions. */
export class FullTexts {
  private readonly dir: string;
  private readonly cache = new Map<string, string | undefined>();
  constructor(folder: string) {
    this.dir = path.join(folder, 'data', 'txts');
  }
  get(id: string): string | undefined {
    if (!this.cache.has(id)) {
      const file = path.join(this.dir, `${id}.txt`);
      this.cache.set(id, fs.existsSync(file) ? text(fs.readFileSync(file, 'utf8')) : undefined);
    }
    return this.cache.get(id);
  }
}

function toDocument(paper: Paper, fullTexts: FullTexts | undefined): AffinityDocument {
  const id = String(paper.id);
  const doc: AffinityDocument = { id };
  const title = text(paper.content?.title);
  const abstract = text(paper.content?.abstract);
  if (title) doc.title = title;
  if (abstract) doc.abstract = abstract;
  const fullText = fullTexts?.get(id);
  if (fullText) doc.fullText = fullText;
  return doc;
}

/** One version: the rated papers as submissions, and each reviewer's archive as their papers. */
export function loadVersion(folder: string, name: string, fullTexts?: FullTexts): DatasetVersion {
  const dir = path.join(folder, 'evaluation_datasets', name);
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'submissions.json'), 'utf8')) as Record<string, Paper>;
  const submissions = Object.entries(raw).map(([id, paper]) => toDocument({ ...paper, id }, fullTexts));
  const archives = path.join(dir, 'archives');
  const reviewers = fs
    .readdirSync(archives)
    .filter((file) => file.endsWith('.jsonl'))
    .sort()
    .map((file) => ({
      id: file.replace(/^~/, '').replace(/\.jsonl$/, ''),
      papers: fs
        .readFileSync(path.join(archives, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => toDocument(JSON.parse(line) as Paper, fullTexts)),
    }));
  return { name, submissions, reviewers };
}

/** Baseline prediction files (`<algo>_d_20_<n>_ta.json`), grouped by algorithm. */
export function listBaselines(folder: string): Map<string, string[]> {
  const dir = path.join(folder, 'predictions');
  const byAlgo = new Map<string, string[]>();
  if (!fs.existsSync(dir)) return byAlgo;
  for (const file of fs.readdirSync(dir).sort()) {
    const match = /^(.+)_d_20_(\d+)_ta\.json$/.exec(file);
    if (!match) continue;
    const algo = match[1] as string;
    byAlgo.set(algo, [...(byAlgo.get(algo) ?? []), path.join(dir, file)]);
  }
  return byAlgo;
}

/** A reviewers × submissions score matrix (row-major, as `score` returns it) in the evaluator's layout. */
export function toPredictions(version: DatasetVersion, scores: Float32Array): Predictions {
  const S = version.submissions.length;
  return Object.fromEntries(
    version.reviewers.map((reviewer, r) => [
      reviewer.id,
      Object.fromEntries(version.submissions.map((sub, s) => [sub.id, scores[r * S + s] as number])),
    ]),
  );
}
