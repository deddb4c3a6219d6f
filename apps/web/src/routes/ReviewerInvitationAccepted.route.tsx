import { InvitationAccepted } from '../features/auth/components/InvitationResult.tsx';

/** /reviewer-invitation/accepted (spec part 1 §2.7). */
export function Component() {
  return <InvitationAccepted />;
}
