import type { EventStatus } from '@confero/contracts';
import type { AppError } from '../../lib/errors.ts';
import { endOfDay, isPast } from '../events/event-dates.ts';
import { submissionError } from './submission-errors.ts';

/** Events take submissions while approved or active, until their submission deadline. */
export const OPEN_EVENT_STATUSES: readonly EventStatus[] = ['approved', 'active'];

export type DeadlineEvent = { status: EventStatus; submissionDeadline: string; timezone: string };

/**
 * The instant the submission deadline is over: the end of 23:59:59 of the deadline's date in the event's time zone
 * (Anywhere on Earth, UTC−12, unless the event names an IANA zone; `docs/domain.md#time-zones`).
 */
export function submissionClosesAt(event: DeadlineEvent): Date {
  return endOfDay(event.submissionDeadline, event.timezone);
}

/** Whether the submission deadline has passed at `now` (23:59:59 of the date still counts as before). */
export function isDeadlinePassed(event: DeadlineEvent, now: Date = new Date()): boolean {
  return isPast(event.submissionDeadline, event.timezone, now);
}

/** Whether authors may still submit to or edit in this event at `now`. */
export function isOpenForSubmissions(event: DeadlineEvent, now: Date = new Date()): boolean {
  return OPEN_EVENT_STATUSES.includes(event.status) && !isDeadlinePassed(event, now);
}

export function deadlinePassedError(event: DeadlineEvent): AppError {
  return submissionError(400, 'DEADLINE_PASSED', 'submissions.deadlinePassed', {
    deadline: event.submissionDeadline,
    timezone: event.timezone,
  });
}

/** 409 EVENT_NOT_OPEN unless the event is approved or active; 400 DEADLINE_PASSED after its deadline. */
export function assertAcceptsSubmissions(event: DeadlineEvent, now: Date = new Date()): void {
  if (!OPEN_EVENT_STATUSES.includes(event.status)) {
    throw submissionError(409, 'EVENT_NOT_OPEN', 'submissions.eventNotOpen', { status: event.status });
  }
  if (isDeadlinePassed(event, now)) throw deadlinePassedError(event);
}

/** Authors edit until the deadline: 400 DEADLINE_PASSED afterwards. */
export function assertBeforeDeadline(event: DeadlineEvent, now: Date = new Date()): void {
  if (isDeadlinePassed(event, now)) throw deadlinePassedError(event);
}
