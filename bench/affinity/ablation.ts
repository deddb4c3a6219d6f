/**
 * Which difference between the product's affinity pipeline and the standard configuration moves the loss, one
 * component at a time, on the gold-standard expertise data (averaged over the d_20_* versions). Two halves:
 * the independent reference (`reference/standard.ts`) with one component switched to the product's choice, and
 * the product with one option switched from its former method (probabilistic IDF, min df 2, top-3, reviewer
 * papers by their summary) to the standard's. Usage (Node 24, from the repository root):
 *
 *   npx node bench/affinity/ablation.ts [folder]      # default ../shared/data/expertise-goldstandard-dev
 */
import {
  type AffinityOptions,
  buildAffinityModel,
  expertiseLoss,
  type Predictions,
} from '../../apps/api/src/modules/assignment/affinity/index.ts';
import {
  type StandardOptions,
  scoreStandard,
} from '../../apps/api/src/modules/assignment/affinity/reference/standard.ts';
import { bootstrapLoss } from './bootstrap.ts';
import {
  type DatasetVersion,
  FullTexts,
  listVersions,
  loadVersion,
  openGoldStandard,
  toPredictions,
} from './dataset.ts';

const { folder, ratings } = openGoldStandard(process.argv[2]);
const names = listVersions(folder);
const summaries = names.map((name) => loadVersion(folder, name));
const fullTexts = new FullTexts(folder);
const withFullText = names.map((name) => loadVersion(folder, name, fullTexts));

const reference = (options: StandardOptions) => (v: DatasetVersion) =>
  scoreStandard(v.reviewers, v.submissions, options);
const product = (options: AffinityOptions) => (v: DatasetVersion) => {
  const model = buildAffinityModel([...v.submissions, ...v.reviewers.flatMap((r) => r.papers)], options);
  return toPredictions(v, model.score(v.reviewers, v.submissions).scores);
};

let baseline = Number.NaN;
function row(name: string, versions: DatasetVersion[], predict: (v: DatasetVersion) => Predictions): number {
  const predictions = versions.map(predict);
  const losses = predictions.map((p) => expertiseLoss(p, ratings).loss);
  const loss = losses.reduce((a, b) => a + b, 0) / losses.length;
  const [low, high] = bootstrapLoss(predictions, ratings);
  const delta = Number.isNaN(baseline) ? '' : `${loss - baseline >= 0 ? '+' : ''}${(loss - baseline).toFixed(3)}`;
  console.log(`${name.padEnd(64)} ${loss.toFixed(3)}  ${delta.padStart(6)}   (${low.toFixed(3)}–${high.toFixed(3)})`);
  return loss;
}

console.log(`data: ${folder}; ${ratings.size} reviewers, ${names.length} versions`);
console.log(`${'configuration'.padEnd(64)} loss   Δ row 1  (95 % bootstrap, reviewers)`);
console.log('\nreference (standard configuration), one component switched to the product’s, title + abstract');
baseline = row('standard: Porter, sklearn stop list, smooth IDF, min df 1, mean', summaries, reference({}));
row('stemmer Porter2 (Snowball English)', summaries, reference({ stemmer: 'porter2' }));
row('stop list Snowball + abbreviations', summaries, reference({ stopWords: 'snowball' }));
row('tokens without a letter dropped', summaries, reference({ tokens: 'letters' }));
row('IDF ln(1 + (N − df + ½)/(df + ½))', summaries, reference({ idf: 'rsj' }));
row('min df 2', summaries, reference({ minDf: 2 }));
row('mean of the top 3 papers', summaries, reference({ aggregate: { kind: 'top', n: 3 } }));

const former: AffinityOptions = {
  idf: 'probabilistic',
  minDocumentFrequency: 2,
  aggregation: 'top3',
  reviewerFullText: false,
};
console.log('\nproduct, former method, one component switched to the standard’s, title + abstract');
baseline = Number.NaN;
baseline = row('former: probabilistic IDF, min df 2, top 3', summaries, product(former));
row('smooth IDF', summaries, product({ ...former, idf: 'smooth' }));
row('min df 1', summaries, product({ ...former, minDocumentFrequency: 1 }));
row('mean over the profile', summaries, product({ ...former, aggregation: 'mean' }));
row('all three (= the defaults now)', summaries, product({}));

console.log('\nproduct defaults, full text where the data set has it');
baseline = Number.NaN;
baseline = row('full text on both sides (the defaults)', withFullText, product({}));
row('reviewer papers by their summary only', withFullText, product({ reviewerFullText: false }));
row('former method (reviewer summaries, top 3, …)', withFullText, product(former));
row('reference, full text appended on both sides', withFullText, reference({ fullText: true }));
