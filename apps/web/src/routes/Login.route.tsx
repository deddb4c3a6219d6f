import { LoginForm } from '../features/auth/components/LoginForm.tsx';

/** /login: sign in (spec part 1 §2.3). */
export function Component() {
  return <LoginForm />;
}
