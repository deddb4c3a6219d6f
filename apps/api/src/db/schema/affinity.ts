import { customType, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Stored analyses of documents' texts for the local affinity model (modules/assignment/affinity/analysis.ts): what
 * tokenising and stemming made of a paper's title, keywords, abstract and full text, so that a later computation
 * does not tokenise unchanged texts again. Keyed by the SHA-256 of those texts and the analysis version, not by
 * submission: an edited text gets a new row, an unchanged one is found whatever asks for it. A cache: any row may
 * be deleted (the text is then tokenised again); rows are written once (ON CONFLICT DO NOTHING) and never updated.
 */
export const affinityAnalyses = pgTable('affinity_analyses', {
  key: varchar({ length: 64 }).primaryKey(),
  analysis: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
