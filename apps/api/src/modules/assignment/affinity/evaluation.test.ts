import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDataFolder } from '../../../../test/fixtures/shared-data.ts';
import { expertiseLoss, type Predictions, pairAccuracy, parseExpertiseRatings } from './evaluation.ts';

const tsv = [
  ['ParticipantID', 'Paper1', 'Paper2', 'Paper3', 'Expertise1', 'Expertise2', 'Expertise3'],
  ['A', 'p1', 'p2', 'p3', '5', '3', '1'],
  ['B', 'q1', 'q2', '', '4', '2', ''],
  ['C', 'r1', 'r2', 'r3', '5', '4.5', '4.5'],
]
  .map((row) => row.join('\t'))
  .join('\n');

describe('gold-standard evaluation', () => {
  const ratings = parseExpertiseRatings(tsv);

  it('reads the evaluations file, skipping empty cells', () => {
    expect([...ratings.keys()]).toEqual(['A', 'B', 'C']);
    expect([...(ratings.get('B') ?? [])]).toEqual([
      ['q1', 4],
      ['q2', 2],
    ]);
    expect(ratings.get('C')?.get('r2')).toBe(4.5);
  });

  it('computes the weighted loss of a hand example', () => {
    const predictions: Predictions = {
      A: { p1: 0.9, p2: 0.1, p3: 0.5 }, // (p1,p2) right, weight 2; (p1,p3) right, 4; (p2,p3) wrong: costs 2
      B: { q1: 0.3, q2: 0.3 }, // tie: costs half of 2
      C: { r1: 0.2, r2: 0.3, r3: 0.1 }, // (r1,r2) wrong: 0.5; (r1,r3) right: 0.5; (r2,r3) equal ratings: weight 0
    };
    const result = expertiseLoss(predictions, ratings);
    expect(result.pairs).toBe(7);
    expect(result.missing).toBe(0);
    expect(result.loss).toBeCloseTo((2 + 1 + 0.5) / (2 + 4 + 2 + 2 + 0.5 + 0.5), 12); // 3.5 / 11

    // Easy pairs: (p1,p3) right, (q1,q2) tied = wrong. Hard pairs (both ≥ 4, different): (r1,r2) wrong, (r1,r3) right.
    expect(pairAccuracy(predictions, ratings, 'easy')).toEqual({ accuracy: 0.5, correct: 1, total: 2 });
    expect(pairAccuracy(predictions, ratings, 'hard')).toEqual({ accuracy: 0.5, correct: 1, total: 2 });
  });

  it('gives 0.5 to a constant predictor, 0 to a perfect one, 1 to a reversed one', () => {
    const constant = { A: { p1: 1, p2: 1, p3: 1 }, B: { q1: 1, q2: 1 }, C: { r1: 1, r2: 1, r3: 1 } };
    expect(expertiseLoss(constant, ratings).loss).toBe(0.5);
    const perfect = { A: { p1: 5, p2: 3, p3: 1 }, B: { q1: 4, q2: 2 }, C: { r1: 5, r2: 4.5, r3: 4.5 } };
    expect(expertiseLoss(perfect, ratings).loss).toBe(0);
    const reversed = { A: { p1: 1, p2: 3, p3: 5 }, B: { q1: 2, q2: 4 }, C: { r1: 4, r2: 5, r3: 5 } };
    expect(expertiseLoss(reversed, ratings).loss).toBe(1);
  });

  it('skips and counts pairs without a prediction', () => {
    const partial = { A: { p1: 0.9, p2: 0.1 } };
    const result = expertiseLoss(partial, ratings);
    expect(result).toEqual({ loss: 0, pairs: 1, missing: 6 });
  });
});

const devFolder = sharedDataFolder('expertise-goldstandard-dev', {
  required: 'predictions/tpms_d_20_1_ta.json',
  skipping: 'the gold-standard reproduction',
});

describe.skipIf(!devFolder)('the dev predictions of the expertise gold standard', () => {
  const folder = devFolder ?? '';
  const ratings = () => parseExpertiseRatings(fs.readFileSync(path.join(folder, 'data', 'evaluations.csv'), 'utf8'));
  const predictions = (file: string) =>
    JSON.parse(fs.readFileSync(path.join(folder, 'predictions', file), 'utf8')) as Predictions;

  it("reproduces the README's TPMS row (loss 0.305, easy 0.742, hard 0.635, averaged over the 10 versions)", () => {
    const refs = ratings();
    const runs = Array.from({ length: 10 }, (_, i) => predictions(`tpms_d_20_${i + 1}_ta.json`));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const losses = runs.map((p) => expertiseLoss(p, refs));
    expect(losses.every((l) => l.pairs === 209 && l.missing === 0)).toBe(true);
    expect(mean(losses.map((l) => l.loss)).toFixed(3)).toBe('0.305');
    expect(mean(runs.map((p) => pairAccuracy(p, refs, 'easy').accuracy)).toFixed(3)).toBe('0.742');
    expect(mean(runs.map((p) => pairAccuracy(p, refs, 'hard').accuracy)).toFixed(3)).toBe('0.635');
    expect(pairAccuracy(runs[0] as Predictions, refs, 'easy').total).toBe(31);
    expect(pairAccuracy(runs[0] as Predictions, refs, 'hard').total).toBe(40);
  });

  it("reproduces the README's SPECTER and constant rows (0.247, 0.500)", () => {
    const refs = ratings();
    const specter = Array.from(
      { length: 10 },
      (_, i) => expertiseLoss(predictions(`specter_d_20_${i + 1}_ta.json`), refs).loss,
    );
    expect((specter.reduce((a, b) => a + b, 0) / 10).toFixed(3)).toBe('0.247');
    expect(expertiseLoss(predictions('constant_d_20_1_ta.json'), refs).loss).toBe(0.5);
  });
});
