import { MySubmissionsScreen } from '../features/submissions/components/MySubmissionsScreen.tsx';

/** /submissions: my submissions. */
export function Component() {
  return <MySubmissionsScreen />;
}
