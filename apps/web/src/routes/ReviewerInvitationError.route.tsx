import { InvitationError } from '../features/auth/components/InvitationResult.tsx';

/** /reviewer-invitation/error?reason=expired|answered|invalid. */
export function Component() {
  return <InvitationError />;
}
