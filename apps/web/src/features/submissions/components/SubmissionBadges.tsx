import { Badge, type BadgeProps } from '@mantine/core';
import { decisionColor, submissionStatusColor } from '../submission-display.ts';
import { useSubmissionText } from '../use-submission-text.ts';

type BadgeExtras = Omit<BadgeProps, 'color' | 'children'>;

/** Badges keep their whole word; a narrow cell wraps the row instead. */
const NO_TRUNCATION = { label: { overflow: 'visible' } };

/** A submission status as a badge in its status colour. */
export function SubmissionStatusBadge({
  status,
  display,
  ...props
}: { status: string; display?: string } & BadgeExtras) {
  const { statusLabel } = useSubmissionText();
  return (
    <Badge
      color={submissionStatusColor(status)}
      variant="light"
      data-status={status}
      data-testid="submission-status"
      styles={NO_TRUNCATION}
      {...props}
    >
      {statusLabel(status, display)}
    </Badge>
  );
}

/** A decision (pending, accept, reject, revision; others raw). */
export function DecisionBadge({ decision, display, ...props }: { decision: string; display?: string } & BadgeExtras) {
  const { decisionLabel } = useSubmissionText();
  return (
    <Badge
      color={decisionColor(decision)}
      variant="dot"
      data-decision={decision}
      data-testid="submission-decision"
      styles={NO_TRUNCATION}
      {...props}
    >
      {decisionLabel(decision, display)}
    </Badge>
  );
}
