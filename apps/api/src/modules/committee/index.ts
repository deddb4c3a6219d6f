export { committeeRoutes } from './committee.routes.ts';
