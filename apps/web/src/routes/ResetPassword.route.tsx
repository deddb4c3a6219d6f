import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm.tsx';

/** /reset-password and /reset-password/:uidb64/:token. */
export function Component() {
  return <ResetPasswordForm />;
}
