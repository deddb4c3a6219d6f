/** Scaffold: replaced by the screen's helper. */
export function SubmissionBidScreen({ submissionId }: { submissionId: string }) {
  return <div data-scaffold="SubmissionBidScreen">{submissionId}</div>;
}
