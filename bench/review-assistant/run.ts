// Benchmark of the review assistant's local analysis on the labelled drafts (drafts.ts).
// Usage: node bench/review-assistant/run.ts [--verbose] [--long-paper]
// Prints precision, recall and F1 per kind of finding for the tuning part, the held-out part and all drafts, and the
// time per draft (p50, p99). --verbose lists each draft's misses and false alarms; --long-paper also times one
// draft against a paper text of 400,000 characters (the most the insights job stores).
import { DEFAULT_REVIEW_FORM } from '@confero/contracts';
import { analyzeDraft, paperTerms } from '../../apps/api/src/modules/ai/review-assistant/index.ts';
import { PAPER_FIXTURES } from '../../apps/api/test/fixtures/pdf/papers.ts';
import { DRAFTS } from './drafts.ts';
import { type DraftRun, evaluateDrafts, totalTallies } from './evaluate.ts';
import { matches, report } from './scoring.ts';

const args = new Set(process.argv.slice(2));

const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);

function printTable(title: string, runs: DraftRun[]): void {
  const languages = [...new Set(runs.map((run) => run.draft.language))].join(', ');
  console.log(`\n${title}: ${runs.length} drafts (${languages})`);
  console.log(
    `${'kind'.padEnd(20)}${'expected'.padStart(9)}${'found'.padStart(7)}${'TP'.padStart(5)}  precision  recall     F1`,
  );
  for (const { kind, figures } of report(totalTallies(runs))) {
    console.log(
      `${kind.padEnd(20)}${String(figures.expected).padStart(9)}${String(figures.found).padStart(7)}` +
        `${String(figures.truePositives).padStart(5)}  ${percent(figures.precision)}   ${percent(figures.recall)}  ${percent(figures.f1)}`,
    );
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

// A warm-up pass, so the timings are of the analysis and not of the first compilation.
evaluateDrafts(PAPER_FIXTURES);
const runs = evaluateDrafts(PAPER_FIXTURES);
printTable(
  'Tuning part',
  runs.filter((run) => !run.draft.heldOut),
);
printTable(
  'Held-out part',
  runs.filter((run) => run.draft.heldOut),
);
printTable('All drafts', runs);
printTable(
  'Arabic drafts',
  runs.filter((run) => run.draft.language === 'ar'),
);

const times = runs.map((run) => run.ms);
console.log(
  `\nTime per draft (paper terms built each time): p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
);

if (args.has('--long-paper')) {
  const truth = PAPER_FIXTURES[0]?.truth;
  const draft = DRAFTS[0];
  if (truth && draft) {
    const text = `${truth.abstract} `.repeat(Math.ceil(400_000 / (truth.abstract.length + 1))).slice(0, 400_000);
    const started = process.hrtime.bigint();
    const terms = paperTerms({ ...truth, text });
    const built = Number(process.hrtime.bigint() - started) / 1e6;
    analyzeDraft({ questions: DEFAULT_REVIEW_FORM, answers: draft.answers }, terms);
    const total = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(
      `Long paper (400,000 characters, the first 200,000 read): terms ${built.toFixed(1)} ms, with the analysis ${total.toFixed(1)} ms`,
    );
  }
}

if (args.has('--verbose')) {
  for (const run of runs) {
    const misses = run.draft.expected.filter((label) => !run.found.some((found) => matches(found, label)));
    const alarms = run.found.filter((found) => !run.draft.expected.some((label) => matches(found, label)));
    if (misses.length === 0 && alarms.length === 0) continue;
    console.log(`\n${run.draft.id}${run.draft.heldOut ? ' (held out)' : ''}`);
    for (const miss of misses) console.log(`  missed  ${miss.kind} ${miss.question_key} ${miss.sentence ?? ''}`);
    for (const alarm of alarms) console.log(`  extra   ${alarm.kind} ${alarm.question_key} ${alarm.sentence ?? ''}`);
  }
}
