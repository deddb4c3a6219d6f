export * from './affinity.ts';
export * from './auth.ts';
export * from './events.ts';
export * from './lists.ts';
export * from './reviews.ts';
export * from './submissions.ts';
export * from './system.ts';
export * from './users.ts';
