import { type EventMessageKey, INVITE_NAME_MIN_LENGTH, type InviteReviewerBody } from '@confero/contracts';
import { EMAIL_PATTERN } from './event-form.ts';

/** The reviewer invite modal. */

export type InviteValues = { email: string; first_name: string; last_name: string };

export type InviteProblems = Partial<
  Record<keyof InviteValues, { key: EventMessageKey; params?: Record<string, number> }>
>;

/** E-mail required and matching a simple address pattern; first and last name optional, at least 2 characters. */
export function validateInvite(values: InviteValues): InviteProblems {
  const problems: InviteProblems = {};
  const email = values.email.trim();
  if (!email) problems.email = { key: 'events.emailRequired' };
  else if (!EMAIL_PATTERN.test(email)) problems.email = { key: 'events.emailInvalid' };
  for (const field of ['first_name', 'last_name'] as const) {
    const value = values[field].trim();
    if (value && value.length < INVITE_NAME_MIN_LENGTH) {
      problems[field] = { key: 'events.nameTooShort', params: { min: INVITE_NAME_MIN_LENGTH } };
    }
  }
  return problems;
}

export function toInviteBody(values: InviteValues): InviteReviewerBody {
  return { email: values.email.trim(), first_name: values.first_name.trim(), last_name: values.last_name.trim() };
}
