/** The whole bodies of the generic refusals (`lib/errors.ts` `notAuthenticated()` and `forbidden()`), for tests. */
export const NOT_AUTHENTICATED = {
  detail: 'Authentication credentials were not provided.',
  code: 'NOT_AUTHENTICATED',
  message_code: 'http.notAuthenticated',
};

export const PERMISSION_DENIED = {
  detail: 'You do not have permission to perform this action.',
  code: 'PERMISSION_DENIED',
  message_code: 'http.permissionDenied',
};
