import { z } from 'zod';

/** What a chair may export from an event (`GET events/{id}/export/{kind}.{format}`, `docs/domain.md#exports`). */
export const EXPORT_KINDS = ['submissions', 'reviews', 'reviewers', 'bids', 'conflicts'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The file formats of an export: CSV (UTF-8 with a byte order mark) and XLSX. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The languages a column header can be written in. */
export const EXPORT_LANGUAGES = ['en', 'ar'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

const EXPORT_FILE = new RegExp(`^(${EXPORT_KINDS.join('|')})\\.(${EXPORT_FORMATS.join('|')})$`);

/** `{kind}.{format}` as one path segment, read into its two parts. */
export function parseExportFile(file: string): { kind: ExportKind; format: ExportFormat } | undefined {
  const match = EXPORT_FILE.exec(file);
  if (!match) return undefined;
  return { kind: match[1] as ExportKind, format: match[2] as ExportFormat };
}

/** `events/{id}/export/{file}`: `file` is `{kind}.{format}`, e.g. `reviews.xlsx`; anything else is 400 on `file`. */
export const ExportParams = z.object({
  id: z.string().max(60),
  file: z.string().regex(EXPORT_FILE, 'validation.invalidChoice'),
});
export type ExportParams = z.infer<typeof ExportParams>;

/**
 * `?anonymous=true` numbers a paper's reviewers ("Reviewer 1…n") instead of naming them (reviews only);
 * `?lang=` the language of the column headers (the Accept-Language header otherwise).
 */
export const ExportQuery = z.object({
  anonymous: z
    .enum(['true', 'false'], { error: 'validation.invalidChoice' })
    .optional()
    .transform((value) => value === 'true'),
  lang: z.enum(EXPORT_LANGUAGES, { error: 'validation.invalidChoice' }).optional(),
});
export type ExportQuery = z.input<typeof ExportQuery>;
