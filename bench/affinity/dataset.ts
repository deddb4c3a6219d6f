import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExpertiseRatings, parseExpertiseRatings } from '../../apps/api/src/modules/assignment/affinity/index.ts';

// The gold-standard reader lives beside the library so the parity test can use it too.
export * from '../../apps/api/src/modules/assignment/affinity/reference/gold-standard.ts';

/**
 * The data folder a benchmark was given (default: the dev slice beside the repository) and its ratings; exits
 * with a message when the folder holds no gold-standard data.
 */
export function openGoldStandard(argument: string | undefined): { folder: string; ratings: ExpertiseRatings } {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const folder = argument
    ? path.resolve(argument)
    : path.resolve(repoRoot, '../shared/data/expertise-goldstandard-dev');
  const evaluationsFile = path.join(folder, 'data', 'evaluations.csv');
  if (!fs.existsSync(evaluationsFile)) {
    console.error(`No gold-standard data in ${folder} (expected data/evaluations.csv).`);
    process.exit(1);
  }
  return { folder, ratings: parseExpertiseRatings(fs.readFileSync(evaluationsFile, 'utf8')) };
}
