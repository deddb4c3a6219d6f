export { reviewFormRoutes } from './review-forms.routes.ts';
