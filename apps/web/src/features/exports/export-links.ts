import { EXPORT_LANGUAGES, type ExportFormat, type ExportKind, type ExportLanguage } from '@confero/contracts';

/** The header language of an export: the interface's when the API writes it, else English. */
export function exportLanguage(language: string): ExportLanguage {
  const base = language.split('-')[0] ?? '';
  return (EXPORT_LANGUAGES as readonly string[]).includes(base) ? (base as ExportLanguage) : 'en';
}

/**
 * The address of an export file (`GET events/{id}/export/{kind}.{format}`). The browser downloads it itself, with
 * the session cookie, so a large export streams to disk instead of through the page's memory.
 */
export function exportHref(
  eventRef: string,
  kind: ExportKind,
  format: ExportFormat,
  options: { anonymous?: boolean; language: string },
): string {
  const query = new URLSearchParams({ lang: exportLanguage(options.language) });
  if (kind === 'reviews' && options.anonymous) query.set('anonymous', 'true');
  return `/api/events/${encodeURIComponent(eventRef)}/export/${kind}.${format}?${query}`;
}
