/** Scaffold: replaced by the screen's helper. */
export function BiddingListScreen({ eventId }: { eventId: string }) {
  return <div data-scaffold="BiddingListScreen">{eventId}</div>;
}
