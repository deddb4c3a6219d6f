export * from './auth.ts';
export * from './events.ts';
export * from './system.ts';
export * from './users.ts';
