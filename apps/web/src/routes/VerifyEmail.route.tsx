import { VerifyEmailView } from '../features/auth/components/VerifyEmailView.tsx';

/** /verify-email?token=…: the e-mail verification landing (spec part 1 §2.1). */
export function Component() {
  return <VerifyEmailView />;
}
