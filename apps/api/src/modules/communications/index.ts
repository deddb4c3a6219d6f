export { communicationsRoutes } from './communications.routes.ts';
