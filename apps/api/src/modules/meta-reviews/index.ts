export { metaReviewRoutes } from './meta-reviews.routes.ts';
