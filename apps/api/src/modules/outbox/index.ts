export { outboxRoutes } from './outbox.routes.ts';
