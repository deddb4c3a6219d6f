import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from './components/feedback/FullPageLoader.tsx';
import { RouteErrorBoundary } from './components/feedback/RouteErrorBoundary.tsx';
import { AppRoot } from './components/layout/AppRoot.tsx';

/**
 * Public routes: no authentication check, no token refresh. Each screen is its own lazily loaded module under routes/.
 */
const publicRoutes: RouteObject[] = [
  { path: 'login', lazy: () => import('./routes/Login.route.tsx') },
  { path: 'register', lazy: () => import('./routes/Register.route.tsx') },
  { path: 'forgot-password', lazy: () => import('./routes/ForgotPassword.route.tsx') },
  { path: 'reset-password', lazy: () => import('./routes/ResetPassword.route.tsx') },
  { path: 'reset-password/:uidb64/:token', lazy: () => import('./routes/ResetPassword.route.tsx') },
  { path: 'verify-email', lazy: () => import('./routes/VerifyEmail.route.tsx') },
  { path: 'reviewer-invitation', lazy: () => import('./routes/ReviewerInvitation.route.tsx') },
  { path: 'reviewer-invitation/accepted', lazy: () => import('./routes/ReviewerInvitationAccepted.route.tsx') },
  { path: 'reviewer-invitation/declined', lazy: () => import('./routes/ReviewerInvitationDeclined.route.tsx') },
  { path: 'reviewer-invitation/error', lazy: () => import('./routes/ReviewerInvitationError.route.tsx') },
];

/** Admin-only routes, behind the admin role guard. */
const adminRoutes: RouteObject[] = [
  { path: 'admin/users', lazy: () => import('./routes/AdminUsers.route.tsx') },
  { path: 'admin/events', lazy: () => import('./routes/AdminEvents.route.tsx') },
  { path: 'admin/events/:id', lazy: () => import('./routes/AdminEventDetail.route.tsx') },
  { path: 'admin/outbox', lazy: () => import('./routes/AdminOutbox.route.tsx') },
  { path: 'admin/audit', lazy: () => import('./routes/AdminAudit.route.tsx') },
];

/** Routes inside the authenticated layout, each behind the login guard. */
const authenticatedRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: () => import('./routes/Dashboard.route.tsx') },
  { path: 'events', lazy: () => import('./routes/Events.route.tsx') },
  { path: 'events/create', lazy: () => import('./routes/EventCreate.route.tsx') },
  { path: 'events/:id', lazy: () => import('./routes/EventDetail.route.tsx') },
  { path: 'events/:id/edit', lazy: () => import('./routes/EventEdit.route.tsx') },
  { path: 'events/:id/bids', lazy: () => import('./routes/EventBids.route.tsx') },
  { path: 'events/:id/assignment', lazy: () => import('./routes/EventAssignment.route.tsx') },
  { path: 'events/:id/area-chair-assignment', lazy: () => import('./routes/EventAreaChairAssignment.route.tsx') },
  { path: 'events/:id/conflicts', lazy: () => import('./routes/EventConflicts.route.tsx') },
  { path: 'events/:id/mail', lazy: () => import('./routes/EventMail.route.tsx') },
  { path: 'events/:id/mail/templates', lazy: () => import('./routes/EventMailTemplates.route.tsx') },
  { path: 'events/:id/outbox', lazy: () => import('./routes/EventOutbox.route.tsx') },
  { path: 'events/:id/committee', lazy: () => import('./routes/EventCommittee.route.tsx') },
  { path: 'events/:id/progress', lazy: () => import('./routes/EventProgress.route.tsx') },
  { path: 'events/:id/exports', lazy: () => import('./routes/EventExports.route.tsx') },
  { path: 'events/:id/final-versions', lazy: () => import('./routes/EventFinalVersions.route.tsx') },
  { path: 'events/:id/review-form', lazy: () => import('./routes/EventReviewForm.route.tsx') },
  { path: 'events/:id/meta-review-form', lazy: () => import('./routes/EventMetaReviewForm.route.tsx') },
  { path: 'events/:id/audit', lazy: () => import('./routes/EventAudit.route.tsx') },
  { path: 'events/:eventId/submissions', lazy: () => import('./routes/EventSubmissions.route.tsx') },
  { path: 'events/:eventId/submissions/new', lazy: () => import('./routes/SubmissionForm.route.tsx') },
  { path: 'events/:eventId/submit', lazy: () => import('./routes/SubmissionForm.route.tsx') },
  { path: 'events/:eventId/submissions/:submissionId', lazy: () => import('./routes/SubmissionDetail.route.tsx') },
  { path: 'events/:eventId/submissions/:submissionId/edit', lazy: () => import('./routes/SubmissionEdit.route.tsx') },
  {
    path: 'events/:eventId/submissions/:submissionId/response',
    lazy: () => import('./routes/SubmissionResponse.route.tsx'),
  },
  {
    path: 'events/:eventId/submissions/:submissionId/meta-review',
    lazy: () => import('./routes/SubmissionMetaReview.route.tsx'),
  },
  { path: 'events/:eventId/submissions/:id/assign', lazy: () => import('./routes/SubmissionAssign.route.tsx') },
  { path: 'submissions', lazy: () => import('./routes/Submissions.route.tsx') },
  { path: 'submissions/create', lazy: () => import('./routes/SubmissionCreate.route.tsx') },
  { path: 'submissions/:submissionId', lazy: () => import('./routes/SubmissionDetail.route.tsx') },
  { path: 'submissions/:submissionId/edit', lazy: () => import('./routes/SubmissionEdit.route.tsx') },
  {
    path: 'submissions/:submissionId/final-version',
    lazy: () => import('./routes/SubmissionFinalVersion.route.tsx'),
  },
  { path: 'submissions/:id/bid', lazy: () => import('./routes/SubmissionBid.route.tsx') },
  { path: 'reviews', lazy: () => import('./routes/Reviews.route.tsx') },
  { path: 'area-chair', lazy: () => import('./routes/AreaChairPapers.route.tsx') },
  { path: 'reviews/create', lazy: () => import('./routes/ReviewCreate.route.tsx') },
  { path: 'reviews/:id', lazy: () => import('./routes/ReviewDetail.route.tsx') },
  { path: 'profile', lazy: () => import('./routes/Profile.route.tsx') },
  { path: 'roles', lazy: () => import('./routes/Roles.route.tsx') },
  { lazy: () => import('./routes/AdminGuard.route.tsx'), children: adminRoutes },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: FullPageLoader,
    children: [
      { index: true, lazy: () => import('./routes/Landing.route.tsx') },
      { lazy: () => import('./routes/PublicLayout.route.tsx'), children: publicRoutes },
      { lazy: () => import('./routes/AuthenticatedLayout.route.tsx'), children: authenticatedRoutes },
      { path: '*', lazy: () => import('./routes/NotFound.route.tsx') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
