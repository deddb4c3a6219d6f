/**
 * Routes that need no authentication check and no token refresh. They are matched by path prefix; the landing page only
 * by its exact path.
 */
export const PUBLIC_ROUTE_PREFIXES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/reviewer-invitation',
] as const;

export function isPublicPath(pathname: string): boolean {
  return pathname === '/' || PUBLIC_ROUTE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
