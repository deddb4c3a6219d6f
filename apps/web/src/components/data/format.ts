/**
 * A calendar date (`2024-05-01`) or a timestamp in the interface language, e.g. "1 May 2024" or
 * "١ مايو ٢٠٢٤"; '-' for nothing, and the value itself when it is not a date.
 */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '-';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
