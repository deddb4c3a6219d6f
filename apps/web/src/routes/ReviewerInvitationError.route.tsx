import { InvitationError } from '../features/auth/components/InvitationResult.tsx';

/** /reviewer-invitation/error?reason=expired|answered|invalid (spec part 1 §2.7). */
export function Component() {
  return <InvitationError />;
}
