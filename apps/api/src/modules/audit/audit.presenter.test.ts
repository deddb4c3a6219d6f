import { AUDIT_ACTIONS } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { presentAuditEntry } from './audit.presenter.ts';
import type { AuditRow } from './audit.queries.ts';

const PAPER = 42;

function row(action: string): AuditRow {
  return {
    id: 1,
    createdAt: new Date('2026-03-01T12:00:00Z'),
    actorId: 7,
    actorPublicId: '7-actoraaa',
    actorFirstName: 'Ada',
    actorLastName: 'Author',
    eventId: 3,
    eventPublicId: '3-eventaaa',
    eventTitle: 'Event',
    entity: 'submission',
    entityId: String(PAPER),
    action,
    data: { body_words: 12 },
    submissionId: PAPER,
  } as AuditRow;
}

const hidden = { publicIds: new Map<string, string>(), hiddenSubmissions: new Set([PAPER]) };
const open = { publicIds: new Map<string, string>(), hiddenSubmissions: new Set<number>() };

describe('presentAuditEntry', () => {
  // Whose reviewing, discussion or response it was, or who leads it as its area chair, is what a conflicted chair must
  // not learn from the log.
  const reviewing = AUDIT_ACTIONS.filter((action) =>
    /^(review|bid|conflict|assignment|discussion|response|area_chair)\./.test(action),
  );

  it('redacts every reviewing, discussion and response entry of a paper the reader is conflicted with', () => {
    expect(reviewing).toEqual(
      expect.arrayContaining([
        'discussion.commented',
        'response.submitted',
        'review.submitted',
        'area_chair.assigned',
        'area_chair.unassigned',
        'review.revisit_requested',
      ]),
    );
    for (const action of reviewing) {
      expect(presentAuditEntry(row(action), hidden)).toMatchObject({ actor: null, data: {}, redacted: true });
    }
  });

  it('keeps those entries whole for a reader without a conflict, and the paper’s other entries for everyone', () => {
    expect(presentAuditEntry(row('response.submitted'), open)).toMatchObject({
      actor: { public_id: '7-actoraaa' },
      redacted: false,
    });
    expect(presentAuditEntry(row('submission.updated'), hidden)).toMatchObject({
      actor: { public_id: '7-actoraaa' },
      redacted: false,
    });
  });
});
