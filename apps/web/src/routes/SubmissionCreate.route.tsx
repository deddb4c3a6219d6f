import { OpenEventPicker } from '../features/submissions/components/OpenEventPicker.tsx';

/** /submissions/create: pick an open event, then continue to its submission form. */
export function Component() {
  return <OpenEventPicker />;
}
