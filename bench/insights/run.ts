// Benchmark of the local insights on the labelled cases (relevance-cases.ts, highlight-cases.ts).
// Usage: node bench/insights/run.ts [--verbose]
// Prints how often the relevance score falls in the expected band and how often each highlight slot holds a sentence
// of its role (or stays empty when the paper has none), for the tuning part, the held-out part and all cases.
// --verbose lists every relevance case off its band and every highlight slot off target.
import {
  bandAccuracy,
  type HighlightRun,
  highlightFigures,
  type RelevanceRun,
  runHighlights,
  runRelevance,
  SLOTS,
} from './evaluate.ts';

const verbose = process.argv.includes('--verbose');
const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);
const parts = <T extends { entry: { heldOut: boolean } }>(runs: T[]): [string, T[]][] => [
  ['tuning', runs.filter((run) => !run.entry.heldOut)],
  ['held out', runs.filter((run) => run.entry.heldOut)],
  ['all', runs],
];

const relevance: RelevanceRun[] = runRelevance();
for (const [regime, runsOfRegime] of [
  ['summary (title, abstract, keywords)', relevance],
  ['with full text', runRelevance(undefined, { fullText: true })],
] as const) {
  console.log(`Relevance, ${regime}: score in the expected band (high ≥ 4, medium 2.5–4, low < 2.5)`);
  for (const [name, runs] of parts([...runsOfRegime])) {
    const right = runs.filter((run) => run.band === run.entry.band).length;
    console.log(
      `  ${name.padEnd(9)} ${String(runs.length).padStart(3)} cases  ${String(right).padStart(2)} right  ${percent(bandAccuracy(runs))}`,
    );
  }
  for (const band of ['high', 'medium', 'low'] as const) {
    const runs = runsOfRegime.filter((run) => run.entry.band === band);
    const scores = runs.map((run) => run.score).sort((a, b) => a - b);
    console.log(
      `  expected ${band.padEnd(6)} ${String(runs.length).padStart(3)} cases  scores ${scores[0]}–${scores.at(-1)}, ` +
        `${percent(bandAccuracy(runs))} in band`,
    );
  }
}

const highlights: HighlightRun[] = runHighlights();
console.log('\nHighlights: slot holds a sentence of its role, or is empty when the paper has none');
const SHORT = ['problem', 'gap', 'contrib', 'method', 'finding'];
console.log(`  ${'part'.padEnd(9)} cases${SHORT.map((name) => name.padStart(8)).join('')}      all  wrong when filled`);
for (const [name, runs] of parts(highlights)) {
  const figures = highlightFigures(runs);
  console.log(
    `  ${name.padEnd(9)} ${String(runs.length).padStart(5)} ${SLOTS.map((slot) => ` ${percent(figures.perSlot[slot])}`).join('')}` +
      `  ${percent(figures.onTarget)}  ${percent(figures.wrongWhenFilled)}`,
  );
}

if (verbose) {
  console.log('\nRelevance cases off their band:');
  for (const run of relevance.filter((entry) => entry.band !== entry.entry.band)) {
    console.log(`  ${run.entry.id} (expected ${run.entry.band}, got ${run.score}): ${run.justification}`);
  }
  console.log('\nHighlight slots off target:');
  for (const run of highlights) {
    for (const slot of SLOTS) {
      if (run.outcomes[slot] !== 'right') {
        console.log(`  ${run.entry.id} ${slot} ${run.outcomes[slot]}: ${run.picked[slot] || '(empty)'}`);
      }
    }
  }
}
