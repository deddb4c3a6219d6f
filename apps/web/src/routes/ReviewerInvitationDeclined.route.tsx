import { InvitationDeclined } from '../features/auth/components/InvitationResult.tsx';

/** /reviewer-invitation/declined. */
export function Component() {
  return <InvitationDeclined />;
}
