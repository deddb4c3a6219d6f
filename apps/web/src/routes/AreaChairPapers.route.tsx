import { PapersIChairScreen } from '../features/area-chairs/components/PapersIChairScreen.tsx';

/** /area-chair "Papers I chair": the papers the caller leads as their area chair. */
export function Component() {
  return <PapersIChairScreen />;
}
