import { ProfileScreen } from '../features/profile/components/ProfileScreen.tsx';

/** /profile. */
export function Component() {
  return <ProfileScreen />;
}
