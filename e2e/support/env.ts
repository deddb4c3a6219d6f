/** Settings shared by playwright.config.ts and the specs. */

export const APP_PORT = 3100;
export const APP_URL = `http://localhost:${APP_PORT}`;

/** The platform admin the server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = 'admin@confero.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

/** The mail sink (support/mail-sink.ts): SMTP for the app, HTTP for the specs. */
export const MAIL_SINK_SMTP_PORT = 2525;
export const MAIL_SINK_HTTP_PORT = 2526;
export const MAIL_SINK_URL = `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}`;
export const SMTP_URL = `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}?ignoreTLS=true`;
