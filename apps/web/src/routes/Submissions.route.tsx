import { MySubmissionsScreen } from '../features/submissions/components/MySubmissionsScreen.tsx';

/** /submissions: my submissions (spec part 2 §2). */
export function Component() {
  return <MySubmissionsScreen />;
}
