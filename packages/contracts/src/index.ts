export * from './enums.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './system.ts';
