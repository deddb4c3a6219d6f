import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  authorsField,
  type FinalVersionWorld,
  finalVersionBody,
  sha256,
  useFinalVersionWorld,
} from '../../../test/fixtures/final-versions.ts';
import { buildPaperPdf } from '../../../test/fixtures/submission-pdf.ts';
import { signedInClients } from '../../../test/http.ts';
import { finalVersions, submissionFiles } from '../../db/schema/index.ts';
import { sweepStoredObjects } from '../submissions/stored-objects.ts';

/*
 * Two authors of one accepted paper send its first final version at the same moment: one row comes out (its version
 * counting both sends), and both PDFs are kept as versions whose stored files the sweep never frees.
 */

let app: TestApp;
let world: FinalVersionWorld;
const as = signedInClients(() => app);

useFinalVersionWorld((built) => ({ app, world } = built));

describe('two first sends of a final version at once', () => {
  it('make one row and keep both PDFs as versions', { timeout: 60_000 }, async () => {
    const [first, second] = await Promise.all([
      buildPaperPdf({ title: 'Final by the first author' }),
      buildPaperPdf({ title: 'Final by the second author' }),
    ]);
    const sends = [
      { user: world.author, file: first, title: 'Title A' },
      { user: world.coAuthor, file: second, title: 'Title B' },
    ].map(async (send) => {
      const body = finalVersionBody({
        file: send.file,
        fields: { title: send.title, authors: authorsField([world.author, world.coAuthor]) },
      });
      return (await as(send.user)).post(`/api/submissions/${world.accepted.publicId}/final-version/`, body.payload, {
        headers: body.headers,
      });
    });
    const answers = await Promise.all(sends);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    // Each answer is the final version as read after its own send committed: the later send's is version 2; the
    // earlier one reads 1, or already 2 when the later send committed before its read.
    const versions = answers.map((answer) => answer.json().version as number);
    expect(Math.max(...versions)).toBe(2);
    expect(versions.every((version) => version === 1 || version === 2)).toBe(true);

    const rows = await app.db.select().from(finalVersions).where(eq(finalVersions.submissionId, world.accepted.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.version).toBe(2);
    const files = await app.db
      .select({
        kind: submissionFiles.kind,
        version: submissionFiles.version,
        sha256: submissionFiles.sha256,
        key: submissionFiles.storageKey,
      })
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, world.accepted.id));
    const finals = files.filter((file) => file.kind === 'camera_ready');
    expect(finals.map((file) => file.version).sort()).toEqual([1, 2]);
    expect(finals.map((file) => file.sha256).sort()).toEqual([sha256(first), sha256(second)].sort());

    expect(await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).toEqual([]);
    for (const file of finals) expect(await app.storage.stat(file.key)).toBeDefined();
  });
});
