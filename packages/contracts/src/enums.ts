/** Roles a user can hold; derived on the server from data (`docs/domain.md#derived-roles`). */
export const ROLE_NAMES = [
  'simple_user',
  'author',
  'reviewer',
  'chair',
  'event_admin',
  'admin',
  'guest',
  'area_chair',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ACCOUNT_STATUSES = ['active', 'suspended', 'inactive', 'pending'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
