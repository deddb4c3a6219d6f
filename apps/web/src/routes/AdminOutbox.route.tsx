import { OutboxScreen } from '../features/outbox/components/OutboxScreen.tsx';

/** /admin/outbox, admin only: the mail outbox and its retries. */
export function Component() {
  return <OutboxScreen />;
}
