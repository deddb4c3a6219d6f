import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm.tsx';

/** /forgot-password: request a reset link (spec part 1 §2.5). */
export function Component() {
  return <ForgotPasswordForm />;
}
