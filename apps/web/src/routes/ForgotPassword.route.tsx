import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm.tsx';

/** /forgot-password: request a reset link. */
export function Component() {
  return <ForgotPasswordForm />;
}
