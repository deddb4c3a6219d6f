import { RouteErrorBoundary } from '../components/feedback/RouteErrorBoundary.tsx';
import { AuthenticatedLayout } from '../components/layout/AuthenticatedLayout.tsx';

/** The login guard and the application shell around every signed-in screen. */
export const Component = AuthenticatedLayout;
export const ErrorBoundary = RouteErrorBoundary;
