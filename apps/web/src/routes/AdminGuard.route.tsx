import { RequireAdmin } from '../components/layout/RequireAdmin.tsx';

/** /admin/*: requires the admin role, else /dashboard (spec part 1 §2.8, §6). */
export const Component = RequireAdmin;
