import { RegisterForm } from '../features/auth/components/RegisterForm.tsx';

/** /register: sign up. */
export function Component() {
  return <RegisterForm />;
}
