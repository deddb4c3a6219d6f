/**
 * Speed and memory of the affinity model at venue scale, on synthetic documents assembled from the real
 * abstracts and full texts of the gold-standard folder (so word statistics are those of real papers).
 * Usage (Node 24, from the repository root):
 *
 *   npx node bench/affinity/scale.ts [--reviewers 2000] [--submissions 2000] [--papers 20]
 *       [--full-text-chars 40000] [--k 100] [--threads <cores>] [--skip-full-matrix] [--skip-single]
 *       [--skip-stored] [--sample <n>] [--folder <gold standard>]
 *
 * NeurIPS size: --reviewers 20518 --submissions 21575 --skip-full-matrix (--full-text-chars 0 for titles and
 * abstracts only). Prints the build, score() and topReviewers() times (wall and CPU of the whole process, worker
 * threads included) and the peak RSS; topReviewersInParallel on --threads threads is checked against
 * topReviewers byte for byte unless --skip-single. Then, unless --skip-stored, analysing every document, fitting
 * from the analyses, and a new submission's column and a new reviewer's row. With --sample n, the top k runs on
 * n of the submissions and its time for all of them is extrapolated (it is linear in the number of submissions).
 */
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type AffinityDocument,
  analyseDocuments,
  buildAffinityModel,
  type ReviewerProfile,
} from '../../apps/api/src/modules/assignment/affinity/index.ts';
import { seededRandom } from './bootstrap.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    reviewers: { type: 'string', default: '2000' },
    submissions: { type: 'string', default: '2000' },
    papers: { type: 'string', default: '20' },
    'full-text-chars': { type: 'string', default: '40000' },
    k: { type: 'string', default: '100' },
    threads: { type: 'string', default: String(availableParallelism()) },
    'skip-full-matrix': { type: 'boolean', default: false },
    'skip-single': { type: 'boolean', default: false },
    'skip-stored': { type: 'boolean', default: false },
    sample: { type: 'string' },
    folder: { type: 'string', default: path.resolve(repoRoot, '../shared/data/expertise-goldstandard-dev') },
  },
});
const R = Number(args.reviewers);
const S = Number(args.submissions);
const P = Number(args.papers);
const fullTextChars = Number(args['full-text-chars']);
const k = Number(args.k);
const threads = Number(args.threads);
const sampleSize = args.sample === undefined ? undefined : Math.min(S, Number(args.sample));

const random = seededRandom(20260611);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;

function loadSources(folder: string) {
  const papersDir = path.join(folder, 'data', 'papers');
  const txtDir = path.join(folder, 'data', 'txts');
  if (!fs.existsSync(papersDir) || !fs.existsSync(txtDir)) {
    console.error(`No gold-standard papers in ${folder} (expected data/papers and data/txts).`);
    process.exit(1);
  }
  const abstracts: { title: string; sentences: string[] }[] = [];
  for (const file of fs.readdirSync(papersDir)) {
    const paper = JSON.parse(fs.readFileSync(path.join(papersDir, file), 'utf8')) as {
      title?: string;
      abstract?: string;
    };
    if (paper.title && paper.abstract)
      abstracts.push({ title: paper.title, sentences: paper.abstract.split(/(?<=\.)\s+/) });
  }
  const fullTexts = fs
    .readdirSync(txtDir)
    .filter((file) => file.endsWith('.txt'))
    .map((file) => fs.readFileSync(path.join(txtDir, file), 'utf8'))
    .filter((text) => text.length > 4000);
  return { abstracts, fullTexts };
}

const sources = loadSources(args.folder);

/** A paper mixing the sentences of two real abstracts (and, for submissions, halves of two real full texts). */
function synthesize(id: string, withFullText: boolean): AffinityDocument {
  const a = pick(sources.abstracts);
  const b = pick(sources.abstracts);
  const sentences = [...a.sentences.filter((_, i) => i % 2 === 0), ...b.sentences.filter((_, i) => i % 2 === 1)];
  const doc: AffinityDocument = { id, title: random() < 0.5 ? a.title : b.title, abstract: sentences.join(' ') };
  if (withFullText) {
    // Half of each of two real full texts (repeated when short): the vocabulary of one or two papers.
    const half = Math.ceil(fullTextChars / 2);
    const part = (text: string) => text.repeat(Math.ceil(half / text.length)).slice(0, half);
    doc.fullText = `${part(pick(sources.fullTexts))}\n${part(pick(sources.fullTexts))}`;
  }
  return doc;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/**
 * Wall time and CPU time of the whole process, worker threads included (the CPU time is the fairer figure on a
 * machine shared with other jobs).
 */
async function time<T>(label: string, f: () => T | Promise<T>, scale = 1): Promise<T> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await f();
  const cpu = process.cpuUsage(cpu0);
  const wall = seconds((performance.now() - t0) * scale).padStart(8);
  const used = seconds(((cpu.user + cpu.system) / 1000) * scale).padStart(8);
  console.log(`${label.padEnd(56)} ${wall} wall ${used} cpu   heap ${mb(process.memoryUsage().heapUsed)}`);
  return result;
}

const submissions = Array.from({ length: S }, (_, s) => synthesize(`s${s}`, fullTextChars > 0));
const reviewers: ReviewerProfile[] = Array.from({ length: R }, (_, r) => ({
  id: `r${r}`,
  expertise: pick(sources.abstracts).title,
  papers: Array.from({ length: P }, (_, p) => synthesize(`r${r}p${p}`, false)),
}));
const corpus = [...submissions, ...reviewers.flatMap((r) => r.papers)];
const chars = corpus.reduce(
  (sum, d) => sum + (d.title?.length ?? 0) + (d.abstract?.length ?? 0) + (d.fullText?.length ?? 0),
  0,
);
console.log(
  `${R} reviewers × ${P} papers, ${S} submissions${fullTextChars > 0 ? ` with ~${fullTextChars} characters of full text` : ''}: ${corpus.length} documents, ${(chars / 1e6).toFixed(0)} M characters`,
);

const model = await time('build (tokenize, vocabulary, IDF, vectors)', () => buildAffinityModel(corpus));
console.log(`vocabulary ${model.vocabularySize} terms`);

let matrix: Float32Array | undefined;
if (!args['skip-full-matrix']) {
  const result = await time(`score(): full ${R} × ${S} matrix`, () => model.score(reviewers, submissions));
  console.log(`matrix ${mb(result.scores.byteLength)}; reasons(0, 0): ${result.reasons(0, 0).join(', ')}`);
  matrix = result.scores;
  const parallel = await time(`scoreInParallel(): ${threads} threads`, () =>
    model.scoreInParallel(reviewers, submissions, { threads }),
  );
  const same = Buffer.from(parallel.scores.buffer).equals(Buffer.from(matrix.buffer));
  console.log(`scoreInParallel: ${same ? 'same bytes as score()' : 'DIFFERENT from score()'}`);
}
const sample =
  sampleSize === undefined
    ? submissions
    : Array.from({ length: sampleSize }, (_, i) => submissions[Math.floor((i * S) / sampleSize)] as AffinityDocument);
const scale = S / sample.length;
const sampled = sampleSize === undefined ? '' : `, ${sampleSize} submissions ×${scale.toFixed(1)}`;
const top = await time(
  `topReviewersInParallel(k=${k}), ${threads} threads${sampled}`,
  () => model.topReviewersInParallel(reviewers, sample, { k, threads }),
  scale,
);
if (!args['skip-single']) {
  const single = await time(
    `topReviewers(k=${k}), one thread${sampled}`,
    () => model.topReviewers(reviewers, sample, { k }),
    scale,
  );
  const same =
    Buffer.from(single.reviewers.buffer).equals(Buffer.from(top.reviewers.buffer)) &&
    Buffer.from(single.scores.buffer).equals(Buffer.from(top.scores.buffer));
  console.log(`${threads} threads: ${same ? 'same bytes as' : 'DIFFERENT from'} one thread`);
}
if (matrix && sampleSize === undefined) {
  // The streamed top k must be the top k of the matrix (score, then reviewer index).
  let mismatches = 0;
  for (let s = 0; s < S; s++) {
    const column = Array.from({ length: R }, (_, r) => ({ r, score: matrix?.[r * S + s] as number }));
    column.sort((a, b) => b.score - a.score || a.r - b.r);
    for (let i = 0; i < Math.min(k, R); i++) if (top.reviewers[s * k + i] !== column[i]?.r) mismatches++;
  }
  console.log(
    `top ${k} per submission: ${mismatches === 0 ? 'identical to' : `${mismatches} differences from`} the matrix's`,
  );
}

// What a later computation does: every text's analysis is stored (affinity_analyses), so fitting reads them instead
// of tokenising; the IDF is fitted again (a new document changes it), then a new submission costs one column and a
// new reviewer one row — the same bits as the full run's (checked against the top k of the first submission).
if (!args['skip-stored']) {
  const analyses = await time('analyse every document (the stored form)', () => analyseDocuments(corpus));
  const stored = analyses.reduce((n, bytes) => n + bytes.length, 0);
  console.log(`stored analyses ${mb(stored)}, ${(stored / chars).toFixed(2)} bytes per character of text`);
  corpus.forEach((doc, i) => {
    doc.analysis = analyses[i];
  });
  const refitted = await time('build from the stored analyses', () => buildAffinityModel(corpus));
  const first = submissions[0] as AffinityDocument;
  const column = await time('a new submission: its column (every reviewer)', () =>
    refitted.scoreColumn(reviewers, first),
  );
  await time('a new reviewer: their row (every submission)', () =>
    refitted.score([reviewers[0] as ReviewerProfile], submissions),
  );
  const kept = Array.from({ length: k }, (_, i) => top.reviewers[i] as number).filter((r) => r >= 0);
  const columnTop = Array.from(column.keys())
    .sort((a, b) => (column[b] as number) - (column[a] as number) || a - b)
    .slice(0, kept.length);
  const sameTop = columnTop.every((r, i) => r === kept[i]) && kept.every((r, i) => column[r] === top.scores[i]);
  console.log(`the new submission's column: ${sameTop ? 'same' : 'DIFFERENT'} top ${k} and scores as the full run`);
}
console.log(`peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
