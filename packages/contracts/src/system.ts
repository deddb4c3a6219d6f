import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './limits.ts';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

export const HealthDto = z.object({
  status: z.literal('ok'),
  database: z.enum(DATABASE_KINDS),
  version: z.string(),
});
export type HealthDto = z.infer<typeof HealthDto>;

/** `GET /api/config/`: the server settings the web app needs to show (public, no secrets). */
export const ClientConfigDto = z.object({
  /** The largest PDF the server accepts (MAX_UPLOAD_MB). */
  max_upload_mb: z.number().int(),
});
export type ClientConfigDto = z.infer<typeof ClientConfigDto>;

export const CsrfDto = z.object({ csrftoken: z.string() });
export type CsrfDto = z.infer<typeof CsrfDto>;

/** Paginated list answer (`docs/conventions.md#api-shape`). */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

const pageNumber = () =>
  z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid');

/** `?page=&page_size=` of a paginated list, with message keys for the client. */
export const PAGE_QUERY_FIELDS = {
  page: pageNumber().default(1),
  page_size: pageNumber().max(PAGE_SIZE_MAX, 'validation.invalid').default(PAGE_SIZE_DEFAULT),
};

/** `?page=&page_size=` of a list that answers every row unless one of them asks for a page. */
export const OPTIONAL_PAGE_QUERY_FIELDS = {
  page: pageNumber().optional(),
  page_size: pageNumber().max(PAGE_SIZE_MAX, 'validation.invalid').optional(),
};
