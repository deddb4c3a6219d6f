/** Product constants (timings, lengths, sizes) shared by server and client; the values are fixed. */
export const APP_VERSION = '1.0.0';
export const TOAST_AUTO_CLOSE_MS = 5000;
export const PASSWORD_MESSAGE_MS = 5000;
export const ROLE_SWITCH_DELAY_MS = 300;
export const LOGOUT_WAIT_MS = 50;
export const LOGOUT_RELOAD_MS = 100;
export const RESET_REDIRECT_MS = 3000;
export const BIO_MAX_LENGTH = 1000;
export const BIO_WARNING_REMAINING = 100;
export const COUNTRY_PICKER_UPWARD_PX = 300;
export const TRANSLATION_WAIT_MS = 5000;
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
export const RTL_LANGUAGES = ['ar', 'he', 'fa', 'ur'] as const;
