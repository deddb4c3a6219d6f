/**
 * Scores the gold-standard expertise data set with the local affinity model and prints the loss and the
 * easy/hard accuracies (averaged over the d_20_* versions), with and without full text, next to the
 * baselines' prediction files scored by the same evaluator; with an OpenAI-compatible endpoint, also the `openai`
 * provider's embeddings path (README: "Embeddings rows"). Usage (Node 24, from the repository root):
 *
 *   npx node bench/affinity/run.ts [folder]      # default ../shared/data/expertise-goldstandard-dev
 *   AI_BASE_URL=… AI_API_KEY=… npx node bench/affinity/run.ts [folder] --provider openai \
 *     [--embedding-model text-embedding-3-small] [--cache /tmp/confero-embeddings] [--max-input-tokens 8191]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import {
  buildAffinityModel,
  type ExpertiseRatings,
  expertiseLoss,
  type Predictions,
  pairAccuracy,
} from '../../apps/api/src/modules/assignment/affinity/index.ts';
import { bootstrapLoss } from './bootstrap.ts';
import { FullTexts, listBaselines, listVersions, loadVersion, openGoldStandard } from './dataset.ts';
import { embeddingPredictions, embeddingsEndpoint, openEmbeddings } from './embeddings.ts';

const args = parseArgs({
  allowPositionals: true,
  options: {
    provider: { type: 'string' },
    'base-url': { type: 'string' },
    'embedding-model': { type: 'string' },
    cache: { type: 'string' },
    'max-input-tokens': { type: 'string' },
  },
});
const openai = embeddingsEndpoint(args.values, process.env);
const { folder, ratings } = openGoldStandard(args.positionals[0]);

type Row = {
  name: string;
  loss: number[];
  easy: number[];
  hard: number[];
  pairs: number;
  missing: number;
  /** 95 % bootstrap interval of the loss, resampling reviewers. */
  interval: [number, number];
};

function evaluate(name: string, predictions: Predictions[], ratings: ExpertiseRatings): Row {
  const row: Row = {
    name,
    loss: [],
    easy: [],
    hard: [],
    pairs: 0,
    missing: 0,
    interval: bootstrapLoss(predictions, ratings),
  };
  for (const p of predictions) {
    const loss = expertiseLoss(p, ratings);
    row.loss.push(loss.loss);
    row.pairs = loss.pairs;
    row.missing += loss.missing;
    row.easy.push(pairAccuracy(p, ratings, 'easy').accuracy);
    row.hard.push(pairAccuracy(p, ratings, 'hard').accuracy);
  }
  return row;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fmt = (x: number) => (Number.isNaN(x) ? '  –  ' : x.toFixed(3));
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

function printRow(row: Row, versions: number, extra: string, width: number) {
  const range = row.loss.length > 1 ? `  [${fmt(Math.min(...row.loss))}–${fmt(Math.max(...row.loss))}]` : '        ';
  const interval = `  (${fmt(row.interval[0])}–${fmt(row.interval[1])})`;
  const missing = row.missing > 0 ? `  (${row.missing} pairs without prediction skipped)` : '';
  console.log(
    `${row.name.padEnd(width)} ${fmt(mean(row.loss))}  ${fmt(mean(row.easy))}  ${fmt(mean(row.hard))}  ${String(versions).padStart(3)}${range}${interval}${extra}${missing}`,
  );
}

async function main() {
  const started = performance.now();
  const versions = listVersions(folder);
  if (versions.length === 0) {
    console.error(`No evaluation_datasets/d_20_<n> folders in ${folder}.`);
    process.exit(1);
  }
  const fullTexts = new FullTexts(folder);
  const ratedPapers = new Set([...ratings.values()].flatMap((papers) => [...papers.keys()]));
  console.log(`data: ${folder}`);
  console.log(
    `${ratings.size} reviewers, ${ratedPapers.size} rated papers, versions: ${versions.join(', ')} (scores averaged over them)`,
  );

  const rows: { row: Row; versions: number; extra: string }[] = [];
  const examples = new Map<string, string>();
  for (const regime of ['title+abstract', 'full text where available'] as const) {
    const t0 = performance.now();
    const predictions: Predictions[] = [];
    let coverage = '';
    let vocabulary = 0;
    for (const name of versions) {
      const version = loadVersion(folder, name, regime === 'title+abstract' ? undefined : fullTexts);
      const papers = version.reviewers.flatMap((r) => r.papers);
      const model = buildAffinityModel([...version.submissions, ...papers]);
      vocabulary = model.vocabularySize;
      const { scores, reasons } = model.score(version.reviewers, version.submissions);
      const S = version.submissions.length;
      const byReviewer: Record<string, Record<string, number>> = {};
      version.reviewers.forEach((reviewer, r) => {
        const row: Record<string, number> = {};
        version.submissions.forEach((sub, s) => {
          row[sub.id] = scores[r * S + s] as number;
        });
        byReviewer[reviewer.id] = row;
      });
      predictions.push(byReviewer);
      if (!examples.has(regime) && version.reviewers.length > 0) {
        // The first reviewer's best-scored submission, with the reasons the assignment preview would show.
        let best = 0;
        for (let s = 1; s < S; s++) if ((scores[s] as number) > (scores[best] as number)) best = s;
        const title = version.submissions[best]?.title ?? '';
        examples.set(
          regime,
          `reviewer ${version.reviewers[0]?.id}: best "${title.slice(0, 60)}" ${(scores[best] as number).toFixed(3)} — ${reasons(0, best).join(', ')}`,
        );
      }
      if (!coverage) {
        const withText = (docs: { fullText?: string }[]) => docs.filter((d) => d.fullText).length;
        coverage = `submissions with full text ${withText(version.submissions)}/${S}, reviewer papers ${withText(papers)}/${papers.length}`;
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const extra = `  ${seconds.toFixed(1)} s, ${vocabulary} terms`;
    rows.push({ row: evaluate(`confero tf-idf (${regime})`, predictions, ratings), versions: versions.length, extra });
    if (regime !== 'title+abstract') console.log(`${regime}: ${coverage}`);
  }

  let embeddingsNote = '';
  if ('endpoint' in openai) {
    const embeddings = openEmbeddings(openai.endpoint);
    for (const regime of ['title+abstract', 'full text where available'] as const) {
      const t0 = performance.now();
      const before = { ...embeddings.stats };
      const predictions = await embeddingPredictions(
        embeddings,
        folder,
        versions,
        regime === 'title+abstract' ? undefined : fullTexts,
      );
      const seconds = (performance.now() - t0) / 1000;
      const embedded = embeddings.stats.embedded - before.embedded;
      const cached = embeddings.stats.cached - before.cached;
      rows.push({
        row: evaluate(`openai embeddings ${embeddings.model} (${regime})`, predictions, ratings),
        versions: versions.length,
        extra: `  ${seconds.toFixed(1)} s, ${embedded} texts embedded, ${cached} cached`,
      });
    }
    const shown = new URL(openai.endpoint.baseUrl);
    shown.username = '';
    shown.password = '';
    embeddingsNote = `openai embeddings: ${embeddings.model} at ${shown.href}, inputs cut to ${embeddings.maxInputTokens} tokens${openai.endpoint.cacheDir ? `, cache ${openai.endpoint.cacheDir}` : ''}`;
  } else {
    embeddingsNote = openai.skipped;
  }

  for (const [algo, files] of listBaselines(folder)) {
    const predictions = files.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Predictions);
    rows.push({
      row: evaluate(`baseline ${algo} (title+abstract)`, predictions, ratings),
      versions: files.length,
      extra: '',
    });
  }

  for (const [regime, example] of examples) console.log(`${regime}: ${example}`);
  console.log(embeddingsNote);
  const width = Math.max(44, ...rows.map(({ row }) => row.name.length));
  console.log('');
  console.log(
    `${'method'.padEnd(width)} loss   easy   hard   versions  [loss range]  (95 % bootstrap interval, reviewers resampled)`,
  );
  for (const { row, versions: n, extra } of rows) printRow(row, n, extra, width);
  const usage = process.resourceUsage();
  const cpu = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
  console.log('');
  console.log(
    `total ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${cpu.toFixed(1)} s), peak RSS ${mb(usage.maxRSS)}; pairs per version ${rows[0]?.row.pairs ?? 0}`,
  );
}

await main();
