import { SUBMISSION_DECISIONS, SUBMISSION_STATUSES } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { canMove, DECISION_OF_STATUS, isDeletable, STATUS_TRANSITIONS, statusOfDecision } from './submission-state.ts';

describe('the submission state machine', () => {
  const table = SUBMISSION_STATUSES.flatMap((from) => SUBMISSION_STATUSES.map((to) => ({ from, to })));
  const allowed: Record<string, boolean> = {
    'submitted>under_review': true,
    'submitted>accepted': true,
    'submitted>rejected': true,
    'submitted>revision_requested': true,
    'under_review>submitted': true,
    'under_review>accepted': true,
    'under_review>rejected': true,
    'under_review>revision_requested': true,
    'accepted>under_review': true,
    'accepted>rejected': true,
    'accepted>revision_requested': true,
    'rejected>under_review': true,
    'rejected>accepted': true,
    'rejected>revision_requested': true,
    'revision_requested>under_review': true,
    'revision_requested>accepted': true,
    'revision_requested>rejected': true,
  };

  it.each(table)('$from → $to', ({ from, to }) => {
    expect(canMove(from, to)).toBe(allowed[`${from}>${to}`] === true);
  });

  it('never moves a decided submission back to submitted, nor a status to itself', () => {
    for (const from of SUBMISSION_STATUSES) expect(STATUS_TRANSITIONS[from]).not.toContain(from);
    for (const from of ['accepted', 'rejected', 'revision_requested'] as const) {
      expect(STATUS_TRANSITIONS[from]).not.toContain('submitted');
    }
  });

  it('keeps status and decision together', () => {
    expect(DECISION_OF_STATUS).toEqual({
      submitted: 'pending',
      under_review: 'pending',
      accepted: 'accept',
      rejected: 'reject',
      revision_requested: 'revision',
    });
    for (const from of SUBMISSION_STATUSES) {
      for (const decision of SUBMISSION_DECISIONS) {
        expect(DECISION_OF_STATUS[statusOfDecision(decision, from)]).toBe(decision);
      }
    }
    expect(statusOfDecision('pending', 'submitted')).toBe('submitted');
    expect(statusOfDecision('pending', 'accepted')).toBe('under_review');
  });

  it.each(SUBMISSION_STATUSES.flatMap((status) => SUBMISSION_DECISIONS.map((decision) => ({ status, decision }))))(
    'deletable only while submitted and pending: $status/$decision',
    ({ status, decision }) => {
      expect(isDeletable({ status, decision })).toBe(status === 'submitted' && decision === 'pending');
    },
  );
});
