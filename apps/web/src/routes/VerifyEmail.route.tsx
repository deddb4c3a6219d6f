import { VerifyEmailView } from '../features/auth/components/VerifyEmailView.tsx';

/** /verify-email?token=…: the e-mail verification landing. */
export function Component() {
  return <VerifyEmailView />;
}
