import { RequireAdmin } from '../components/layout/RequireAdmin.tsx';

/** /admin/*: requires the admin role, else /dashboard. */
export const Component = RequireAdmin;
