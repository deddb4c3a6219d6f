export { devMailboxRoutes, devRoutesDisabled } from './dev-mailbox.routes.ts';
