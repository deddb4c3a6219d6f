import { InvitationDeclined } from '../features/auth/components/InvitationResult.tsx';

/** /reviewer-invitation/declined (spec part 1 §2.7). */
export function Component() {
  return <InvitationDeclined />;
}
