import type { AiAnalysis } from '@confero/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { events, submissionFiles, submissions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { readPdfTextInWorker } from '../ai/extraction/pdf-worker.ts';
import { computeInsights } from '../ai/insights.ts';
import type { AiProvider } from '../ai/providers/index.ts';
import { readStoredBytes } from './files.ts';
import { findCurrentFilesOf, findSubmissionById } from './submissions.queries.ts';

/** Pages of a paper read for its full text (insights, reviewer affinity), and the longest text kept. */
export const INSIGHTS_MAX_PAGES = 40;
export const FULL_TEXT_MAX_LENGTH = 400_000;

export type InsightsOutcome =
  | { status: 'done'; submissionId: number; fileId: number; provider: AiAnalysis['provider']; pages: number }
  | { status: 'skipped'; reason: 'submission_gone' | 'file_gone' | 'superseded' };

/**
 * The 'submissions.insights' job's work for one file version: extracts the paper's full text (stored on the file
 * row for the reviewing issue's affinity), computes the AI insights with the configured provider against the
 * event's description and research areas, and stores them on the submission — only while that file is still the
 * current paper, so a late job never overwrites the insights of a newer upload. Idempotent.
 */
export async function runSubmissionInsights(
  db: Db,
  deps: { storage: Storage; provider: AiProvider; log: FastifyBaseLogger },
  target: { submissionId: number; fileId: number },
): Promise<InsightsOutcome> {
  const submission = await findSubmissionById(db, target.submissionId);
  if (!submission) return { status: 'skipped', reason: 'submission_gone' };
  const current = (await findCurrentFilesOf(db, [submission.id])).get(submission.id);
  if (!current) return { status: 'skipped', reason: 'file_gone' };
  if (current.id !== target.fileId) return { status: 'skipped', reason: 'superseded' };

  let pages: string[] = [];
  try {
    pages = (
      await readPdfTextInWorker(await readStoredBytes(deps.storage, current.storageKey, current.size), {
        maxPages: INSIGHTS_MAX_PAGES,
      })
    ).pages;
  } catch (error) {
    // A stored file was checked at upload; if it cannot be read now, the insights use the metadata alone.
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ err: error, submissionId: submission.id }, 'could not read the paper for insights');
  }
  const fullText = pages.join('\n\n').slice(0, FULL_TEXT_MAX_LENGTH);
  await db.update(submissionFiles).set({ text: fullText }).where(eq(submissionFiles.id, current.id));

  const [event] = await db
    .select({
      title: events.title,
      description: events.description,
      primaryResearchArea: events.primaryResearchArea,
      secondaryResearchAreas: events.secondaryResearchAreas,
    })
    .from(events)
    .where(eq(events.id, submission.eventId));
  if (!event) return { status: 'skipped', reason: 'submission_gone' };
  const analysis = await computeInsights(
    deps.provider,
    { title: submission.title, abstract: submission.abstract, keywords: submission.keywords, fullText, event },
    deps.log,
  );
  await db
    .update(submissions)
    .set({ aiAnalysis: analysis })
    .where(
      and(
        eq(submissions.id, submission.id),
        sql`${target.fileId} = (select f.id from ${submissionFiles} f where f.submission_id = ${submission.id}
          and f.kind = 'paper' order by f.version desc limit 1)`,
      ),
    );
  return {
    status: 'done',
    submissionId: submission.id,
    fileId: current.id,
    provider: analysis.provider,
    pages: pages.length,
  };
}
