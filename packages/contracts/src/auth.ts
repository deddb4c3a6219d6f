import { z } from 'zod';
import { ROLE_NAMES } from './enums.ts';

/*
 * Accounts: registration, e-mail verification, sign-in, tokens and password reset (`docs/domain.md#accounts`).
 *
 * Validation errors. Every field error the accounts API returns travels twice, in parallel arrays:
 *   {
 *     "detail": "password: This password is too common.",
 *     "code": "VALIDATION_ERROR",
 *     "fields":      { "password": ["This password is too common."] },          // English, for display as is
 *     "field_codes": { "password": ["auth.passwordTooCommon"] }                  // stable message keys
 *   }
 * `field_codes[f][i]` is the message key of `fields[f][i]`: a client translates the key (falling back to the
 * English text) and tests assert on it. The keys are `MESSAGE_KEYS` below; their texts are in `packages/i18n`.
 * The zod schemas in this file use the keys as their messages, so the web app validating with the same schema gets
 * keys too. A message with placeholders (`{{maximum}}`) has its values in `field_params[f][i]`, present only for the fields
 * that need it, e.g. `"field_params": { "bio": [{ "maximum": 1000 }] }` → `t(code, params)`.
 */

/**
 * The message keys of the accounts API. Their texts in every language are the web's catalogue
 * (`packages/i18n/locales/{en,ar}/translation.json`); `{{name}}` placeholders are filled from the error's parameters.
 */
export const MESSAGE_KEYS = [
  'validation.required',
  'validation.blank',
  'validation.invalid',
  'validation.invalidEmail',
  'validation.tooLong',
  'validation.invalidCountry',
  'validation.invalidUrl',
  'validation.invalidChoice',
  'validation.controlCharacters',
  'auth.passwordTooShort',
  'auth.passwordEntirelyNumeric',
  'auth.passwordTooCommon',
  'auth.passwordTooSimilarToEmail',
  'auth.passwordTooSimilarToFirstName',
  'auth.passwordTooSimilarToLastName',
  'auth.passwordsDoNotMatch',
  'auth.emailAlreadyExists',
  'auth.currentPasswordIncorrect',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

export function isMessageKey(value: string): value is MessageKey {
  return (MESSAGE_KEYS as readonly string[]).includes(value);
}

export const PASSWORD_MIN_LENGTH = 8;
/** Django's UserAttributeSimilarityValidator threshold. */
export const PASSWORD_MAX_SIMILARITY = 0.7;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 150;
export const AFFILIATION_MAX_LENGTH = 255;
export const PASSWORD_MAX_LENGTH = 128;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const VERIFY_EMAIL_TOKEN_TTL_HOURS = 48;
export const PASSWORD_RESET_TOKEN_TTL_HOURS = 1;
/** Failed sign-ins allowed for one account from one IP address in LOGIN_FAILURE_WINDOW_MS before 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** `required` for an absent field, `invalid` for a value of the wrong type. */
const typeError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid';

/** A required text field: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number) =>
  z.string({ error: typeError }).trim().min(1, 'validation.blank').max(max, 'validation.tooLong');

/** An optional text field: trimmed, may be blank, at most `max` characters. */
export const optionalText = (max: number) =>
  z.string({ error: typeError }).trim().max(max, 'validation.tooLong').optional();

export const EmailField = requiredText(EMAIL_MAX_LENGTH).pipe(z.email('validation.invalidEmail'));

/** A password as typed: never trimmed (spaces are characters); the strength rules run on the server. */
export const PasswordField = z
  .string({ error: typeError })
  .min(1, 'validation.blank')
  .max(PASSWORD_MAX_LENGTH, 'validation.tooLong');

/** A country: an alpha-2 code or an English or Arabic name; the server stores the code. */
export const CountryField = requiredText(100);

export const RegisterBody = z.object({
  email: EmailField,
  password: PasswordField,
  password2: PasswordField,
  first_name: requiredText(NAME_MAX_LENGTH),
  last_name: requiredText(NAME_MAX_LENGTH),
  country: CountryField,
  affiliation: requiredText(AFFILIATION_MAX_LENGTH),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RoleDto = z.object({ name: z.enum(ROLE_NAMES) });
export type RoleDto = z.infer<typeof RoleDto>;

/** The signed-in user (sign-in answer and `GET users/me/`). */
export const UserDto = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  public_id: z.string(),
  roles: z.array(RoleDto),
});
export type UserDto = z.infer<typeof UserDto>;

export const RegisterResponse = z.object({
  message: z.literal('auth.registrationSuccess'),
  user: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** A success answer carrying a message key (translated by the client, e.g. `auth.emailVerified`). */
export const MessageDto = z.object({ message: z.string() });
export type MessageDto = z.infer<typeof MessageDto>;

export const LoginBody = z.object({ email: requiredText(EMAIL_MAX_LENGTH), password: PasswordField });
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenBody = z.object({ token: requiredText(200) });
export type TokenBody = z.infer<typeof TokenBody>;

export const EmailBody = z.object({ email: EmailField });
export type EmailBody = z.infer<typeof EmailBody>;

/** `POST auth/refresh/` and `auth/logout/`: the refresh token comes from its cookie, or from this body. */
export const RefreshBody = z.object({ refresh: z.string().max(200).optional() }).nullish();
export type RefreshBody = z.infer<typeof RefreshBody>;

/** Tokens are returned in the body only to clients that sent the refresh token in the body (non-browser clients). */
export const RefreshResponse = z.object({
  message: z.literal('auth.tokenRefreshed'),
  access: z.string().optional(),
  refresh: z.string().optional(),
});
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const VerifyResetTokenBody = z.object({ token: requiredText(200), uidb64: requiredText(200) });
export type VerifyResetTokenBody = z.infer<typeof VerifyResetTokenBody>;

export const VerifyResetTokenResponse = z.object({ valid: z.literal(true) });
export type VerifyResetTokenResponse = z.infer<typeof VerifyResetTokenResponse>;

export const ResetPasswordBody = z.object({
  token: requiredText(200),
  uidb64: requiredText(200),
  new_password: PasswordField,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The answer to a refused reset link (`verify_token` and `reset_password`). */
export const InvalidResetLinkDto = z.object({
  detail: z.string(),
  code: z.literal('TOKEN_INVALID'),
  error: z.literal('Invalid or expired reset link'),
  valid: z.literal(false),
});
export type InvalidResetLinkDto = z.infer<typeof InvalidResetLinkDto>;

/** Success message keys of the accounts API, for the client's translation files. */
export const AUTH_MESSAGE_KEYS = [
  'auth.registrationSuccess',
  'auth.emailVerified',
  'auth.verificationEmailSent',
  'auth.tokenRefreshed',
  'auth.logoutSuccess',
  'auth.passwordResetEmailSent',
  'auth.passwordResetSuccess',
] as const;
export type AuthMessageKey = (typeof AUTH_MESSAGE_KEYS)[number];
