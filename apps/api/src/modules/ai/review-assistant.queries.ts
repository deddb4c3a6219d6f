import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissionFiles } from '../../db/schema/index.ts';

/**
 * The extracted text of a paper file (`submission_files.text`, written by the insights job), '' when none was
 * extracted yet. The caller passes the current paper of a submission it loaded with the viewer's access.
 */
export async function paperTextOf(db: Db, fileId: number): Promise<string> {
  const [row] = await db
    .select({ text: submissionFiles.text })
    .from(submissionFiles)
    .where(eq(submissionFiles.id, fileId));
  return row?.text ?? '';
}
