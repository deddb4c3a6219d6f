import type { AssignmentRole } from '@confero/contracts';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Whom the automatic assignment screen assigns (reviewers unless told); its parts word their texts by it. */
export const AssignmentRoleContext = createContext<AssignmentRole>('reviewer');

/** The path of each role's automatic assignment under an event, for the API and the screen alike. */
export const ASSIGNMENT_ROLE_PATHS: Record<AssignmentRole, string> = {
  reviewer: 'assignment',
  area_chair: 'area-chair-assignment',
};

/** People each paper gets from the automatic assignment: the review settings' number, or exactly one area chair. */
export function perPaperOf(role: AssignmentRole, reviewersPerPaper: number | undefined): number | undefined {
  return role === 'area_chair' ? 1 : reviewersPerPaper;
}

/**
 * useTranslation for the automatic assignment's parts: every text takes the screen's role as i18next context, so a
 * text that names the people assigned has its area chairs' wording (`autoAssignment.histogram.title_area_chair`),
 * and the others fall back to the one wording they have.
 */
export function useAssignmentTranslation() {
  const role = useContext(AssignmentRoleContext);
  const translation = useTranslation();
  const { t } = translation;
  const roleT = useMemo(
    () =>
      role === 'reviewer'
        ? t
        : (((key: string, options?: Record<string, unknown>) =>
            (t as unknown as (k: string, o: Record<string, unknown>) => string)(key, {
              ...options,
              context: role,
            })) as unknown as typeof t),
    [t, role],
  );
  return { ...translation, t: roleT, role };
}
