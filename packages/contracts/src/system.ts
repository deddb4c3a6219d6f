import { z } from 'zod';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

export const HealthDto = z.object({
  status: z.literal('ok'),
  database: z.enum(DATABASE_KINDS),
  version: z.string(),
});
export type HealthDto = z.infer<typeof HealthDto>;

export const CsrfDto = z.object({ csrftoken: z.string() });
export type CsrfDto = z.infer<typeof CsrfDto>;

/** Paginated list answer (DESIGN.md §6). */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
