// Benchmark of the local PDF metadata extractor against ground truth.
// Usage: node bench/extraction/run.ts [folder] [--runs N] [--json file] [--verbose]
// The folder holds <id>.pdf with <id>.json (default: ../shared/data/pdf-metadata/dev next to the repository).
// See bench/extraction/README.md for the scores.
import fs from 'node:fs';
import path from 'node:path';
import { type ExtractedMetadata, extractMetadata } from '../../apps/api/src/modules/ai/extraction/index.ts';
import { exactMatch, fuzzySetF1, listF1, mean, normalise, percentile, similarity, tokenF1 } from './scoring.ts';

type Truth = {
  title: string | null;
  authors: { first_name: string; last_name: string; full_name: string }[] | null;
  abstract: string | null;
  keywords: string[] | null;
};

type Row = {
  id: string;
  ms: number[];
  /** CPU time of the process during the extraction: steadier than wall time on a shared machine. */
  cpuMs: number[];
  error?: string;
  title?: { exact: boolean; similarity: number };
  authors?: { f1: number; lastNameF1: number; predicted: number; expected: number };
  firstAuthor?: boolean;
  abstract?: { tokenF1: number; similarity: number };
  keywords?: { f1: number; predicted: number; expected: number };
  result?: ExtractedMetadata;
};

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const folder = path.resolve(
  args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--')) ??
    path.join(root, '../shared/data/pdf-metadata/dev'),
);
const runs = Math.max(1, Number(option('--runs') ?? 1));
const jsonOut = option('--json');
const verbose = args.includes('--verbose');

const ids = fs
  .readdirSync(folder)
  .filter((name) => name.endsWith('.pdf') && fs.existsSync(path.join(folder, name.replace(/\.pdf$/, '.json'))))
  .map((name) => name.replace(/\.pdf$/, ''))
  .sort();
if (ids.length === 0) {
  console.error(`No <id>.pdf with <id>.json in ${folder}`);
  process.exit(1);
}

const files = new Map(ids.map((id) => [id, new Uint8Array(fs.readFileSync(path.join(folder, `${id}.pdf`)))]));
const truths = new Map(
  ids.map((id) => [id, JSON.parse(fs.readFileSync(path.join(folder, `${id}.json`), 'utf8')) as Truth]),
);

// Warm-up: one untimed pass over every file. The first extractions in a process pay for loading and compiling
// pdf.js and its font parsers; a server pays that once. Pass --cold to time the first pass instead.
if (!args.includes('--cold')) {
  for (const bytes of files.values()) await extractMetadata(bytes).catch(() => undefined);
}

const rows: Row[] = ids.map((id) => ({ id, ms: [], cpuMs: [] }));
let peakHeap = 0;
for (let run = 0; run < runs; run += 1) {
  for (const row of rows) {
    const bytes = files.get(row.id) as Uint8Array;
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      row.result = await extractMetadata(bytes);
    } catch (error) {
      row.error = error instanceof Error ? error.message : String(error);
    }
    const used = process.cpuUsage(cpu);
    row.ms.push(performance.now() - started);
    row.cpuMs.push((used.user + used.system) / 1000);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
}

const fullName = (a: { first_name: string; last_name: string }) => `${a.first_name} ${a.last_name}`.trim();
for (const row of rows) {
  const truth = truths.get(row.id) as Truth;
  const result = row.result ?? { title: '', abstract: '', keywords: [], authors: [] };
  if (truth.title)
    row.title = { exact: exactMatch(result.title, truth.title), similarity: similarity(result.title, truth.title) };
  if (truth.authors && truth.authors.length > 0) {
    const expected = truth.authors.map((a) => a.full_name || fullName(a));
    const predicted = result.authors.map(fullName);
    row.authors = {
      f1: listF1(predicted, expected),
      lastNameF1: listF1(
        result.authors.map((a) => a.last_name),
        truth.authors.map((a) => a.last_name),
      ),
      predicted: predicted.length,
      expected: expected.length,
    };
    row.firstAuthor = predicted.length > 0 && normalise(predicted[0] ?? '') === normalise(expected[0] ?? '');
  }
  if (truth.abstract)
    row.abstract = {
      tokenF1: tokenF1(result.abstract, truth.abstract),
      similarity: similarity(result.abstract, truth.abstract),
    };
  if (truth.keywords && truth.keywords.length > 0) {
    row.keywords = {
      f1: fuzzySetF1(result.keywords, truth.keywords),
      predicted: result.keywords.length,
      expected: truth.keywords.length,
    };
  }
}

const pad = (value: string, width: number) =>
  value.length >= width ? value.slice(0, width) : value + ' '.repeat(width - value.length);
const num = (value: number | undefined, digits = 2) => (value === undefined ? '   -' : value.toFixed(digits));
const medianOf = (values: number[]) => percentile(values, 50);

console.log(`\nPDF metadata extraction — ${ids.length} files in ${folder}${runs > 1 ? `, ${runs} runs` : ''}\n`);
console.log(
  `${pad('id', 34)} ${pad('ms', 6)} ${pad('title', 11)} ${pad('authors', 14)} ${pad('1st', 4)} ${pad('abstract', 8)} ${pad('keywords', 10)}`,
);
for (const row of rows) {
  const title = row.title
    ? `${row.title.exact ? 'exact' : row.title.similarity >= 0.9 ? 'fuzzy' : 'MISS '} ${num(row.title.similarity)}`
    : '-';
  const authors = row.authors ? `${num(row.authors.f1)} (${row.authors.predicted}/${row.authors.expected})` : '-';
  const first = row.firstAuthor === undefined ? '-' : row.firstAuthor ? 'yes' : 'NO';
  const abstract = row.abstract ? num(row.abstract.tokenF1) : '-';
  const keywords = row.keywords ? `${num(row.keywords.f1)} (${row.keywords.predicted}/${row.keywords.expected})` : '-';
  console.log(
    `${pad(row.id, 34)} ${pad(medianOf(row.ms).toFixed(0), 6)} ${pad(title, 11)} ${pad(authors, 14)} ${pad(first, 4)} ${pad(abstract, 8)} ${pad(keywords, 10)}${row.result?.unreadable ? ' UNREADABLE' : ''}${row.error ? ` ERROR ${row.error}` : ''}`,
  );
  if (verbose && row.result) {
    const truth = truths.get(row.id) as Truth;
    if (row.title && !row.title.exact)
      console.log(`    title  got: ${row.result.title}\n           want: ${truth.title}`);
    if (row.authors && row.authors.f1 < 1) {
      console.log(`    authors got: ${row.result.authors.map(fullName).join(' | ')}`);
      console.log(`           want: ${(truth.authors ?? []).map((a) => a.full_name).join(' | ')}`);
    }
    if (row.abstract && row.abstract.tokenF1 < 0.95) {
      console.log(`    abstract got: ${row.result.abstract.slice(0, 300)} … ${row.result.abstract.slice(-200)}`);
      console.log(`            want: ${(truth.abstract ?? '').slice(0, 300)} … ${(truth.abstract ?? '').slice(-200)}`);
    }
    if (row.keywords && row.keywords.f1 < 1) {
      console.log(
        `    keywords got: ${row.result.keywords.join(' | ')}\n            want: ${(truth.keywords ?? []).join(' | ')}`,
      );
    }
  }
}

const scored = <T>(pick: (row: Row) => T | undefined) =>
  rows.map(pick).filter((value): value is T => value !== undefined);
const titleRows = scored((row) => row.title);
const authorRows = scored((row) => row.authors);
const firstRows = scored((row) => row.firstAuthor);
const abstractRows = scored((row) => row.abstract);
const keywordRows = scored((row) => row.keywords);
const perFile = rows.map((row) => medianOf(row.ms));
const cpuPerFile = rows.map((row) => medianOf(row.cpuMs));
const perRun = Array.from({ length: runs }, (_, run) => rows.map((row) => row.ms[run] ?? 0));

const summary = {
  files: ids.length,
  errors: rows.filter((row) => row.error).length,
  /** Files whose text layer was judged not language (every field then empty). */
  unreadable: rows.filter((row) => row.result?.unreadable).length,
  title: {
    n: titleRows.length,
    exact: mean(titleRows.map((t) => (t.exact ? 1 : 0))),
    fuzzy90: mean(titleRows.map((t) => (t.exact || t.similarity >= 0.9 ? 1 : 0))),
    similarity: mean(titleRows.map((t) => t.similarity)),
  },
  authors: {
    n: authorRows.length,
    f1: mean(authorRows.map((a) => a.f1)),
    lastNameF1: mean(authorRows.map((a) => a.lastNameF1)),
  },
  firstAuthor: { n: firstRows.length, accuracy: mean(firstRows.map((f) => (f ? 1 : 0))) },
  abstract: {
    n: abstractRows.length,
    tokenF1: mean(abstractRows.map((a) => a.tokenF1)),
    similarity: mean(abstractRows.map((a) => a.similarity)),
  },
  keywords: { n: keywordRows.length, f1: mean(keywordRows.map((k) => k.f1)) },
  timeMs: {
    mean: mean(perFile),
    p50: percentile(perFile, 50),
    p95: percentile(perFile, 95),
    max: Math.max(...perFile),
    p95PerRun: perRun.map((values) => percentile(values, 95)),
  },
  cpuMs: {
    mean: mean(cpuPerFile),
    p50: percentile(cpuPerFile, 50),
    p95: percentile(cpuPerFile, 95),
    max: Math.max(...cpuPerFile),
  },
  memory: { peakRssMb: process.resourceUsage().maxRSS / 1024, peakHeapMb: peakHeap / 1024 / 1024 },
};

console.log('\nScores (null fields skipped)');
console.log(`  unreadable text layers  ${summary.unreadable} of ${summary.files} (no field returned for them)`);
console.log(
  `  title     exact ${num(summary.title.exact)}   fuzzy≥0.9 ${num(summary.title.fuzzy90)}   mean similarity ${num(summary.title.similarity)}   (n=${summary.title.n})`,
);
console.log(
  `  authors   F1 ${num(summary.authors.f1)}   last-name F1 ${num(summary.authors.lastNameF1)}   (n=${summary.authors.n})`,
);
console.log(`  1st auth  ${num(summary.firstAuthor.accuracy)}   (n=${summary.firstAuthor.n})`);
console.log(
  `  abstract  token F1 ${num(summary.abstract.tokenF1)}   Levenshtein ratio ${num(summary.abstract.similarity)}   (n=${summary.abstract.n})`,
);
console.log(`  keywords  fuzzy set F1 ${num(summary.keywords.f1)}   (n=${summary.keywords.n})`);
console.log(
  `  time/PDF  mean ${summary.timeMs.mean.toFixed(0)} ms   p50 ${summary.timeMs.p50.toFixed(0)} ms   p95 ${summary.timeMs.p95.toFixed(0)} ms   max ${summary.timeMs.max.toFixed(0)} ms${runs > 1 ? `   (median over ${runs} runs; p95 per run ${summary.timeMs.p95PerRun.map((v) => v.toFixed(0)).join(', ')})` : ''}`,
);
console.log(
  `  CPU/PDF   mean ${summary.cpuMs.mean.toFixed(0)} ms   p50 ${summary.cpuMs.p50.toFixed(0)} ms   p95 ${summary.cpuMs.p95.toFixed(0)} ms   max ${summary.cpuMs.max.toFixed(0)} ms   (process CPU time, less sensitive to other load)`,
);
console.log(
  `  memory    peak RSS ${summary.memory.peakRssMb.toFixed(0)} MB   peak heap ${summary.memory.peakHeapMb.toFixed(0)} MB`,
);
if (summary.errors > 0) console.log(`  errors    ${summary.errors}`);

if (jsonOut) {
  fs.writeFileSync(jsonOut, `${JSON.stringify({ summary, rows: rows.map(({ result, ...row }) => row) }, null, 2)}\n`);
  console.log(`\nWrote ${jsonOut}`);
}
