import { RolesScreen } from '../features/roles/components/RolesScreen.tsx';

/** /roles: switch role (spec part 1 §2.11). */
export function Component() {
  return <RolesScreen />;
}
