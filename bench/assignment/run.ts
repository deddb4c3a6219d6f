/**
 * Benchmark of the exact reviewer-assignment solver (apps/api/src/modules/assignment/solver).
 *
 *   npx node bench/assignment/run.ts [--sizes small,medium,large,neurips] [--runs 3] [--seed 1] [--lp auto|on|off]
 *                                    [--variant venue|ties|tight]
 *
 * Every measurement runs in a child process of its own, so that the peak RSS is that of one instance. See README.md.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { certifyAssignment } from '../../apps/api/src/modules/assignment/solver/certificate.ts';
import { solveAssignment, solveWithHighs } from '../../apps/api/src/modules/assignment/solver/solver.ts';
import { applyVariant, generateInstance, type InstanceSpec, SIZES, VARIANTS, type Variant } from './instances.ts';

/** HiGHS is run up to this many papers and reviewers (beyond, its time and memory grow past what is useful). */
const LP_LIMIT = 5000;

type SolveRecord = {
  kind: 'solve';
  edges: number;
  demand: number;
  capacity: number;
  wallMs: number;
  cpuMs: number;
  rssBeforeMb: number;
  peakRssMb: number;
  objective: number;
  filled: number;
  phases: number;
  pushes: number;
  relabels: number;
  priceUpdates: number;
  scoreScale: number;
  reviewersAtCapacity: number;
  load: number;
  certificate?: ReturnType<typeof certifyAssignment>;
};
type LpRecord = { kind: 'lp'; wallMs: number; peakRssMb: number; objective: number; filled: number };

const megabytes = (kilobytes: number) => Math.round(kilobytes / 1024);

async function child(mode: string, size: string, variant: Variant, seed: number, certify: boolean): Promise<void> {
  const problem = applyVariant(generateInstance(SIZES[size] as InstanceSpec, seed), variant);
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  if (mode === 'lp') {
    const started = performance.now();
    const lp = await solveWithHighs(problem);
    const record: LpRecord = {
      kind: 'lp',
      wallMs: performance.now() - started,
      peakRssMb: megabytes(process.resourceUsage().maxRSS),
      ...lp,
    };
    process.stdout.write(`${JSON.stringify(record)}\n`);
    return;
  }
  const load = os.loadavg()[0] as number;
  const cpuBefore = process.cpuUsage();
  const solution = solveAssignment(problem);
  const cpu = process.cpuUsage(cpuBefore);
  const peakRssMb = megabytes(process.resourceUsage().maxRSS);
  const perReviewer = new Int32Array(problem.reviewers);
  for (let e = 0; e < solution.assigned.length; e++) {
    if (solution.assigned[e]) {
      const r = problem.edgeReviewer[e] as number;
      perReviewer[r] = (perReviewer[r] as number) + 1;
    }
  }
  const record: SolveRecord = {
    kind: 'solve',
    edges: problem.edgePaper.length,
    demand: problem.paperDemand.reduce((sum, d) => sum + d, 0),
    capacity: problem.reviewerCapacity.reduce((sum, c) => sum + c, 0),
    wallMs: solution.stats.ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssBeforeMb,
    peakRssMb,
    objective: solution.objective,
    filled: solution.filled,
    phases: solution.stats.phases,
    pushes: solution.stats.pushes,
    relabels: solution.stats.relabels,
    priceUpdates: solution.stats.priceUpdates,
    scoreScale: solution.stats.scoreScale,
    reviewersAtCapacity: perReviewer.filter((n, j) => n === problem.reviewerCapacity[j]).length,
    load,
  };
  // The certificate is recomputed from the problem and the returned assignment alone (cold potentials).
  if (certify) record.certificate = certifyAssignment(problem, solution.assigned, solution.stats.scoreScale);
  process.stdout.write(`${JSON.stringify(record)}\n`);
}

function runChild<T>(args: string[]): T {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`child ${args.join(' ')} exited with ${result.status}`);
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as T;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: 'small,medium,large' },
      runs: { type: 'string', default: '3' },
      seed: { type: 'string', default: '1' },
      lp: { type: 'string', default: 'auto' },
      variant: { type: 'string', default: 'venue' },
      child: { type: 'string' },
      size: { type: 'string' },
      certify: { type: 'boolean', default: false },
    },
  });
  const seed = Number(values.seed);
  const variant = values.variant as Variant;
  if (!VARIANTS.includes(variant)) throw new Error(`unknown variant ${variant}; known: ${VARIANTS}`);
  if (values.child) return child(values.child, values.size ?? 'small', variant, seed, values.certify ?? false);

  const sizes = (values.sizes ?? '').split(',').filter(Boolean);
  for (const size of sizes) if (!SIZES[size]) throw new Error(`unknown size ${size}; known: ${Object.keys(SIZES)}`);
  const runs = Math.max(1, Number(values.runs));
  const [load1, load5] = os.loadavg();
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, load average ${load1?.toFixed(2)} / ${load5?.toFixed(2)}, ` +
      `${runs} run(s) per size, seed ${seed}, ${variant} scores and capacities`,
  );
  if ((load1 as number) > 1.5) console.log('warning: the machine is busy; times are not representative (check uptime)');

  const rows: string[] = [];
  for (const size of sizes) {
    const spec = SIZES[size] as InstanceSpec;
    const childArgs = ['--size', size, '--seed', String(seed), '--variant', variant];
    const solves: SolveRecord[] = [];
    for (let run = 0; run < runs; run++) {
      const record = runChild<SolveRecord>(['--child', 'solve', ...childArgs, ...(run === 0 ? ['--certify'] : [])]);
      solves.push(record);
      console.log(
        `${size} run ${run + 1}: ${seconds(record.wallMs)} s wall, ${seconds(record.cpuMs)} s CPU, ` +
          `peak RSS ${record.peakRssMb} MB, load ${record.load.toFixed(2)}`,
      );
    }
    const first = solves[0] as SolveRecord;
    if (solves.some((s) => s.objective !== first.objective || s.filled !== first.filled)) {
      throw new Error(`${size}: runs disagree on the optimum`);
    }
    const lpWanted =
      values.lp === 'on' || (values.lp === 'auto' && spec.papers <= LP_LIMIT && spec.reviewers <= LP_LIMIT);
    let lpText = 'not run';
    if (lpWanted) {
      const lp = runChild<LpRecord>(['--child', 'lp', ...childArgs]);
      const gap = Math.abs(lp.objective - first.objective) / Math.max(1, Math.abs(lp.objective));
      lpText = `${lp.objective.toFixed(6)} (fill ${lp.filled}; ${seconds(lp.wallMs)} s, ${lp.peakRssMb} MB), gap ${gap.toExponential(1)}`;
      console.log(`${size} HiGHS: ${lpText}`);
    }
    const certificate = first.certificate;
    const certificateText = certificate
      ? `${certificate.optimal ? 'optimal' : 'NOT PROVEN'}: max fill ${certificate.maximumFill}, ` +
        `${certificate.negativeReducedCosts} negative reduced costs of ${certificate.residualArcs} residual arcs ` +
        `(${seconds(certificate.ms)} s)`
      : 'not run';
    console.log(`${size} certificate: ${certificateText}`);
    rows.push(
      [
        size,
        `${spec.papers} × ${spec.reviewers}`,
        `${spec.candidates} (k=${spec.demand}, u=${variant === 'tight' ? `${(first.capacity / spec.reviewers).toFixed(2)} avg` : spec.capacity})`,
        String(first.edges),
        seconds(median(solves.map((s) => s.wallMs))),
        seconds(median(solves.map((s) => s.cpuMs))),
        String(median(solves.map((s) => s.peakRssMb))),
        first.objective.toFixed(6),
        `${first.filled} / ${first.demand}`,
        String(first.reviewersAtCapacity),
        lpText,
        certificateText,
      ].join(' | '),
    );
  }
  console.log('');
  console.log(
    '| size | papers × reviewers | candidates per paper | edges | solve s (median wall) | CPU s | peak RSS MB | ' +
      'objective | filled / demand | reviewers at capacity | HiGHS LP optimum | optimality certificate |',
  );
  console.log(`|${' --- |'.repeat(12)}`);
  for (const row of rows) console.log(`| ${row} |`);
}

await main();
