import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm.tsx';

/** /reset-password and /reset-password/:uidb64/:token (spec part 1 §2.6). */
export function Component() {
  return <ResetPasswordForm />;
}
