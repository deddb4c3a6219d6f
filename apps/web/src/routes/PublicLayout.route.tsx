import { RouteErrorBoundary } from '../components/feedback/RouteErrorBoundary.tsx';
import { PublicLayout } from '../components/layout/PublicLayout.tsx';

/** Layout of the public pages, apart from the landing page. */
export const Component = PublicLayout;
export const ErrorBoundary = RouteErrorBoundary;
