/**
 * Area chairs (senior programme committee, `docs/domain.md#area-chair`): one per submission, assigned by hand or by
 * the automatic assignment. The DTOs and inputs of their routes live here too.
 */

/** Whom an automatic assignment assigns: the papers' reviewers, or their area chairs. */
export const ASSIGNMENT_ROLES = ['reviewer', 'area_chair'] as const;
export type AssignmentRole = (typeof ASSIGNMENT_ROLES)[number];

/** How a submission's area chair was assigned. */
export const AREA_CHAIR_SOURCES = ['manual', 'automatic'] as const;
export type AreaChairSource = (typeof AREA_CHAIR_SOURCES)[number];
