import { LoginForm } from '../features/auth/components/LoginForm.tsx';

/** /login: sign in. */
export function Component() {
  return <LoginForm />;
}
