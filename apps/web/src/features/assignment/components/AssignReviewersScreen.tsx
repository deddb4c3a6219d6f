/** Scaffold: replaced by the screen's helper. */
export function AssignReviewersScreen({ eventId, submissionId }: { eventId: string; submissionId: string }) {
  return <div data-scaffold="AssignReviewersScreen">{eventId + submissionId}</div>;
}
