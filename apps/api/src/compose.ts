import { eventMembershipRoles, eventsParticipatedCounter } from './modules/events/event-roles.ts';
import type { AuthorshipSource, SubmissionCountSource } from './modules/events/extensions.ts';
import { reviewsCompletedCounter } from './modules/reviews/review-sources.ts';
import {
  submissionAuthorRole,
  submissionAuthorshipSource,
  submissionCountSource,
  submissionsCounter,
} from './modules/submissions/submission-sources.ts';
import type { RoleSource } from './modules/users/roles.ts';
import type { CounterSource } from './modules/users/statistics.ts';

/**
 * Every extension point of the modules with the sources that feed it. The module reading a point defines its
 * source type and receives the sources through `app.extensions`; the modules implementing a source import only
 * that type, so no module imports its consumers or its providers.
 */
export type Extensions = {
  /** Roles held through data (users/roles.ts). */
  roles: RoleSource[];
  /** Activity counters of the user statistics (users/statistics.ts). */
  counters: CounterSource[];
  /** Submissions per event: event lists, detail and the deletion guard (events/extensions.ts). */
  submissionCounts: SubmissionCountSource[];
  /** Who authored in which event: "my events", author lists and events participated (events/extensions.ts). */
  authorship: AuthorshipSource[];
};

/** The sources of one app, fresh lists each time (a test may add a source to its own app's lists). */
export function composeExtensions(): Extensions {
  const authorship = [submissionAuthorshipSource];
  return {
    roles: [eventMembershipRoles, submissionAuthorRole],
    counters: [eventsParticipatedCounter({ authorship }), submissionsCounter, reviewsCompletedCounter],
    submissionCounts: [submissionCountSource],
    authorship,
  };
}
