import { EventListScreen } from '../features/events/components/EventListScreen.tsx';

/** /events: the event list of the active role (spec part 2 §2 "Event list", §6). */
export function Component() {
  return <EventListScreen />;
}
