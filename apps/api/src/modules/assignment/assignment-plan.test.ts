import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readPackedColumns } from './assignment.queries.ts';
import {
  type AssignmentColumns,
  FLAT_PAIRS_MAX,
  fingerprintOf,
  type PairColumns,
  pairValues,
} from './assignment-plan.ts';

const assignments: AssignmentColumns = {
  submissionIds: Int32Array.from([4, 7]),
  reviewerIds: Int32Array.from([11, 12]),
  untouched: Uint8Array.from([1, 0]),
  sources: ['auto', 'manual'],
};

/** 30,000 conflicts (more than one hashing chunk of text), ascending by submission then user. */
function sortedConflicts(): [number, number][] {
  const pairs: [number, number][] = [];
  for (let s = 1; s <= 300; s++) for (let u = 0; u < 100; u++) pairs.push([s * 3, 5_000_000 + u * 7]);
  return pairs;
}

const columns = (pairs: [number, number][]): PairColumns => ({
  submissionIds: Int32Array.from(pairs, ([s]) => s),
  userIds: Int32Array.from(pairs, ([, u]) => u),
});

describe('fingerprintOf', () => {
  it('hashes the assignments in order, then the conflicts by submission and user, one row after the other', () => {
    const pairs = sortedConflicts();
    const text = 'a4-11-u-auto;a7-12-s-manual;' + pairs.map(([s, u]) => `c${s}-${u};`).join('');
    const expected = crypto.createHash('sha256').update(text).digest('hex');
    expect(fingerprintOf({ assignments, conflicts: columns(pairs) })).toBe(expected);
  });

  it('does not depend on the order the conflicts are read in', () => {
    const pairs = sortedConflicts();
    const shuffled = pairs.map((pair, i) => ({ pair, key: (i * 7919) % pairs.length })).sort((a, b) => a.key - b.key);
    expect(shuffled.map(({ pair }) => pair)).not.toEqual(pairs);
    expect(fingerprintOf({ assignments, conflicts: columns(shuffled.map(({ pair }) => pair)) })).toBe(
      fingerprintOf({ assignments, conflicts: columns(pairs) }),
    );
  });

  it('changes with one conflict more or one assignment started', () => {
    const pairs = sortedConflicts();
    const base = fingerprintOf({ assignments, conflicts: columns(pairs) });
    expect(fingerprintOf({ assignments, conflicts: columns([...pairs, [901, 1]]) })).not.toBe(base);
    const started = { ...assignments, untouched: Uint8Array.from([0, 0]) };
    expect(fingerprintOf({ assignments: started, conflicts: columns(pairs) })).not.toBe(base);
  });
});

describe('readPackedColumns', () => {
  it('reads comma-separated integers into columns, row by row', () => {
    const [a, b, c] = readPackedColumns('12,3,0,2147483647,40,1', 2, 3);
    expect(a).toEqual(Int32Array.from([12, 2147483647]));
    expect(b).toEqual(Int32Array.from([3, 40]));
    expect(c).toEqual(Int32Array.from([0, 1]));
  });

  it('reads no rows from an empty text', () => {
    expect(readPackedColumns('', 0, 2)).toEqual([new Int32Array(), new Int32Array()]);
  });

  it('refuses a text whose values do not fill the rows it announces', () => {
    expect(() => readPackedColumns('1,2,3', 2, 2)).toThrow('packed columns: 3 values for 2 rows of 2');
    expect(() => readPackedColumns('', 1, 2)).toThrow('packed columns: 0 values for 1 rows of 2');
  });
});

describe('pairValues', () => {
  it.each([
    ['a flat array', 100],
    ['a map, past FLAT_PAIRS_MAX pairs', FLAT_PAIRS_MAX + 1],
  ])('answers −1 for a pair never set and the last value set otherwise, in %s', (_, pairs) => {
    const values = pairValues(pairs);
    values.set(7, 2);
    values.set(99, 0);
    values.set(7, 4);
    expect([values.get(7), values.get(99), values.get(0), values.get(98)]).toEqual([4, 0, -1, -1]);
  });
});
