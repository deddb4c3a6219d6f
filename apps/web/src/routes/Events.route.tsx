import { EventListScreen } from '../features/events/components/EventListScreen.tsx';

/** /events: the event list of the active role. */
export function Component() {
  return <EventListScreen />;
}
