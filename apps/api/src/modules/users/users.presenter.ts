import type { AdminUserDto, MeDto, ProfileDto, RoleName, StatisticsDto, UserDto } from '@confero/contracts';
import type { UserRow } from './users.queries.ts';

type UserLike = Pick<
  UserRow,
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'publicId'
  | 'emailVerified'
  | 'accountStatus'
  | 'country'
  | 'affiliation'
  | 'expertise'
  | 'bio'
  | 'website'
  | 'isAdmin'
  | 'createdAt'
>;

/** The sign-in answer. */
export function presentUser(
  user: Pick<UserLike, 'email' | 'firstName' | 'lastName' | 'publicId'>,
  roles: RoleName[],
): UserDto {
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    public_id: user.publicId,
    roles: roles.map((name) => ({ name })),
  };
}

/** `GET users/me/`. */
export function presentMe(user: UserLike, roles: RoleName[]): MeDto {
  return { ...presentUser(user, roles), email_verified: user.emailVerified, account_status: user.accountStatus };
}

/** `GET/PUT users/profile/`. */
export function presentProfile(user: UserLike): ProfileDto {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    country: user.country,
    affiliation: user.affiliation,
    expertise: user.expertise,
    bio: user.bio,
    website: user.website,
    email_verified: user.emailVerified,
    account_status: user.accountStatus,
    public_id: user.publicId,
  };
}

/** One row of the admin list. */
export function presentAdminUser(user: UserLike, statistics: StatisticsDto): AdminUserDto {
  return {
    public_id: user.publicId,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    email_verified: user.emailVerified,
    account_status: user.accountStatus,
    is_admin: user.isAdmin,
    date_joined: user.createdAt.toISOString(),
    statistics,
  };
}
