import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/access.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { submissionAuthors, submissionFiles, users } from '../../db/schema/index.ts';
import { findSubmissionView } from './submissions.queries.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('findSubmissionView', () => {
  it('gives a submission its authors in order (with linked public ids) and its current paper, rows as drizzle reads them', async () => {
    const linked = await buildUser(app);
    const first = await buildSubmission(app, {
      authors: [
        { user: linked, isCorresponding: true },
        { email: 'guest@example.net', firstName: 'Guest' },
      ],
    });
    const second = await buildSubmission(app, { withoutFile: true });
    // A second version of the first paper (the current one) and a supplementary file (never the current paper).
    const { id: _id, createdAt: _createdAt, ...base } = first.file ?? (undefined as never);
    await app.db.insert(submissionFiles).values([
      { ...base, version: 2, sha256: 'b'.repeat(64), text: 'full text, never read here' },
      { ...base, kind: 'supplementary', version: 3, sha256: 'c'.repeat(64), originalName: 'extra.zip' },
    ]);
    const viewer = testActor({ id: linked.id, publicId: linked.publicId });
    const views = await Promise.all([
      findSubmissionView(app.db, viewer, first.id),
      findSubmissionView(app.db, viewer, second.id),
    ]);
    const bundles = views.map((view) => view?.submission);

    const authorRows = await app.db
      .select({ author: submissionAuthors, userPublicId: users.publicId })
      .from(submissionAuthors)
      .leftJoin(users, eq(users.id, submissionAuthors.userId))
      .where(eq(submissionAuthors.submissionId, first.id))
      .orderBy(asc(submissionAuthors.position));
    const { text: _text, ...current } =
      (
        await app.db
          .select()
          .from(submissionFiles)
          .where(eq(submissionFiles.submissionId, first.id))
          .orderBy(asc(submissionFiles.id))
      )[1] ?? (undefined as never);

    expect(bundles.map((bundle) => bundle?.id)).toEqual([first.id, second.id]);
    expect(bundles[0]?.authors).toEqual(authorRows.map((row) => ({ ...row.author, userPublicId: row.userPublicId })));
    expect(bundles[0]?.authors.map((author) => author.userPublicId)).toEqual([linked.publicId, null]);
    expect(bundles[0]?.file).toEqual(current);
    expect(bundles[0]?.file?.version).toBe(2);
    expect(bundles[0]?.file?.createdAt).toBeInstanceOf(Date);
    expect(bundles[0]?.file).not.toHaveProperty('text');
    expect(bundles[1]).toMatchObject({ file: null, authors: [{ submissionId: second.id, position: 1 }] });
    // The viewer's access comes with it: an author of the first (linked), not of the second.
    expect(views.map((view) => view?.access.isAuthor)).toEqual([true, false]);
    expect(await findSubmissionView(app.db, viewer, first.id, 'not-its-public-id')).toBeUndefined();
  });
});
