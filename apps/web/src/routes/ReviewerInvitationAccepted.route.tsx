import { InvitationAccepted } from '../features/auth/components/InvitationResult.tsx';

/** /reviewer-invitation/accepted. */
export function Component() {
  return <InvitationAccepted />;
}
