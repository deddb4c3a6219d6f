import { RouteErrorBoundary } from '../components/feedback/RouteErrorBoundary.tsx';
import { PublicLayout } from '../components/layout/PublicLayout.tsx';

/** Layout of the public pages of spec part 1 §2.1, apart from the landing page. */
export const Component = PublicLayout;
export const ErrorBoundary = RouteErrorBoundary;
