import { ar } from './ar.ts';
import { en } from './en.ts';
import type { LocaleMail } from './types.ts';

export * from './types.ts';

/** The mail locales; a locale outside this list falls back to English. */
export const MAIL_LOCALES: Record<string, LocaleMail> = { en, ar };
