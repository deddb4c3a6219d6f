import type { AssignmentRole } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import type { EventRow } from '../events/events.queries.ts';
import { type EventReviewer, findEventAssignments, findEventReviewers } from '../reviews/reviews.queries.ts';
import { findEventAreaChairPairs } from './assignment.queries.ts';

/** An existing assignment as the automatic assignment reads it, whichever role it assigns. */
export type CurrentAssignment = { submissionId: number; reviewerId: number; status: string; source: string };

/**
 * What the automatic assignment (one job, one apply) reads differently for each role it assigns
 * (`docs/domain.md#automatic-assignment`): the people it assigns (the event's active reviewers, or its active area
 * chairs, each with their max_papers), the assignments that already exist (reviews, or submissions' area_chair_id),
 * how many of them each paper needs (review_settings.reviewers_per_paper, or exactly one area chair), and the message
 * keys that say why a paper stays short. Conflicts, bids and affinity are read the same way for both.
 */
export type AssignmentSide = {
  people(db: Db, eventId: number): Promise<EventReviewer[]>;
  current(db: Db, eventId: number): Promise<CurrentAssignment[]>;
  perPaper(event: Pick<EventRow, 'reviewSettings'>): number;
  shortNoEligible: 'assignments.shortNoEligible' | 'assignments.areaChairShortNoEligible';
  shortCapacity: 'assignments.shortCapacity' | 'assignments.areaChairShortCapacity';
};

export const ASSIGNMENT_SIDES: Record<AssignmentRole, AssignmentSide> = {
  reviewer: {
    people: (db, eventId) => findEventReviewers(db, eventId),
    current: findEventAssignments,
    perPaper: (event) => event.reviewSettings.reviewers_per_paper,
    shortNoEligible: 'assignments.shortNoEligible',
    shortCapacity: 'assignments.shortCapacity',
  },
  area_chair: {
    people: (db, eventId) => findEventReviewers(db, eventId, undefined, 'area_chair'),
    current: findEventAreaChairPairs,
    perPaper: () => 1,
    shortNoEligible: 'assignments.areaChairShortNoEligible',
    shortCapacity: 'assignments.areaChairShortCapacity',
  },
};
