/** Scaffold: replaced by the screen's helper. */
export function ConflictsScreen({ eventId }: { eventId: string }) {
  return <div data-scaffold="ConflictsScreen">{eventId}</div>;
}
