import { ProfileScreen } from '../features/profile/components/ProfileScreen.tsx';

/** /profile (spec part 1 §2.12). */
export function Component() {
  return <ProfileScreen />;
}
