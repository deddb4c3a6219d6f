/** Scaffold: replaced by the screen's helper. */
export function AutoAssignmentScreen({ eventId }: { eventId: string }) {
  return <div data-scaffold="AutoAssignmentScreen">{eventId}</div>;
}
