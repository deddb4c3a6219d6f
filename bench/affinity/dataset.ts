// The gold-standard reader lives beside the library so the parity test can use it too.
export * from '../../apps/api/src/modules/assignment/affinity/reference/gold-standard.ts';
