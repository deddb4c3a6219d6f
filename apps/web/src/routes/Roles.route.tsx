import { RolesScreen } from '../features/roles/components/RolesScreen.tsx';

/** /roles: switch role. */
export function Component() {
  return <RolesScreen />;
}
