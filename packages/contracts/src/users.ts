import { z } from 'zod';
import { AFFILIATION_MAX_LENGTH, NAME_MAX_LENGTH, PasswordField, RoleDto, requiredText } from './auth.ts';
import { ACCOUNT_STATUSES } from './enums.ts';
import { BIO_MAX_LENGTH } from './limits.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/*
 * Users: the current user, profile, statistics, password change and user administration. Validation errors have the
 * shape documented at the top of auth.ts (`fields` + `field_codes`).
 */

export const EXPERTISE_MAX_LENGTH = 2000;
export const WEBSITE_MAX_LENGTH = 500;

/** `GET users/me/`: the user of the sign-in answer plus the verification flag and account status. */
export const MeDto = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  public_id: z.string(),
  roles: z.array(RoleDto),
  email_verified: z.boolean(),
  account_status: z.enum(ACCOUNT_STATUSES),
});
export type MeDto = z.infer<typeof MeDto>;

export const ProfileDto = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  country: z.string(),
  affiliation: z.string(),
  expertise: z.string(),
  bio: z.string(),
  website: z.string().nullable(),
  email_verified: z.boolean(),
  account_status: z.enum(ACCOUNT_STATUSES),
  public_id: z.string(),
});
export type ProfileDto = z.infer<typeof ProfileDto>;

const optionalTextField = (max: number) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, 'validation.tooLong').optional();

/** An absolute http(s) URL; an empty string (or null) clears the website. */
export const WebsiteField = z
  .union(
    [
      z.literal('').transform(() => null),
      z.null(),
      z
        .string()
        .trim()
        .max(WEBSITE_MAX_LENGTH, 'validation.tooLong')
        .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'validation.invalidUrl' })),
    ],
    { error: 'validation.invalidUrl' },
  )
  .optional();

/**
 * `PUT users/profile/`: only these fields are read; any other field in the body (email, account_status,
 * is_admin…) is ignored and never written. Every field is optional: what is absent stays as it is.
 */
export const UpdateProfileBody = z.object({
  first_name: requiredText(NAME_MAX_LENGTH).optional(),
  last_name: requiredText(NAME_MAX_LENGTH).optional(),
  /** An alpha-2 code or an English or Arabic name; empty clears it. */
  country: optionalTextField(100),
  affiliation: optionalTextField(AFFILIATION_MAX_LENGTH),
  /** Comma-separated areas of expertise. */
  expertise: optionalTextField(EXPERTISE_MAX_LENGTH),
  bio: z.string({ error: 'validation.invalid' }).max(BIO_MAX_LENGTH, 'validation.tooLong').optional(),
  website: WebsiteField,
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const ChangePasswordBody = z.object({
  current_password: PasswordField,
  new_password: PasswordField,
  confirm_password: PasswordField,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const StatisticsDto = z.object({
  reviews_completed: z.number().int(),
  submissions: z.number().int(),
  events_participated: z.number().int(),
  /** ISO date (YYYY-MM-DD) of registration. */
  member_since: z.string(),
});
export type StatisticsDto = z.infer<typeof StatisticsDto>;

/** One row of the admin user list. */
export const AdminUserDto = z.object({
  public_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_verified: z.boolean(),
  account_status: z.enum(ACCOUNT_STATUSES),
  is_admin: z.boolean(),
  date_joined: z.string(),
  statistics: StatisticsDto,
});
export type AdminUserDto = z.infer<typeof AdminUserDto>;

export const AdminUserListDto = paginated(AdminUserDto);
export type AdminUserListDto = z.infer<typeof AdminUserListDto>;

export const UserListQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  search: z.string().trim().max(200, 'validation.tooLong').optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** `PATCH users/{public_id}/` (admin): only these two fields are read. */
export const AdminUpdateUserBody = z.object({
  email_verified: z.boolean({ error: 'validation.invalid' }).optional(),
  account_status: z.enum(ACCOUNT_STATUSES, { error: 'validation.invalidChoice' }).optional(),
});
export type AdminUpdateUserBody = z.infer<typeof AdminUpdateUserBody>;

export const UserIdParams = z.object({ id: z.string().max(60) });
export type UserIdParams = z.infer<typeof UserIdParams>;

export const CheckEmailBody = z.object({ email: requiredText(254) });
export type CheckEmailBody = z.infer<typeof CheckEmailBody>;

export const CheckEmailResponse = z.object({
  exists: z.boolean(),
  message: z.enum(['User found', 'No user found with this email']),
});
export type CheckEmailResponse = z.infer<typeof CheckEmailResponse>;

export const PasswordChangedResponse = z.object({ message: z.literal('users.passwordChanged') });
export type PasswordChangedResponse = z.infer<typeof PasswordChangedResponse>;

export const DeletedResponse = z.object({ message: z.literal('users.userDeleted') });
export type DeletedResponse = z.infer<typeof DeletedResponse>;
