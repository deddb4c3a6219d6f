import { RegisterForm } from '../features/auth/components/RegisterForm.tsx';

/** /register: sign up (spec part 1 §2.4). */
export function Component() {
  return <RegisterForm />;
}
