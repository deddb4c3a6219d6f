import { CONFLICT_TYPE_LABELS, type ConflictDto, type DeclaredConflictListDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { findConflict } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { createClient, signedInClients } from '../../../test/http.ts';
import { conflictOverrides } from '../../db/schema/index.ts';

/*
 * `GET submissions/{id}/declared-conflicts/`: an author sees the conflicts of interest they declared on
 * their submission, and only those, so that they can withdraw one.
 */

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let revNamed: BuiltUser;
let revByChair: BuiltUser;
let revDetected: BuiltUser;
let revByCoauthor: BuiltUser;
let author: BuiltUser;
let coauthor: BuiltUser;
let otherAuthor: BuiltUser;
let outsider: BuiltUser;
let paper: BuiltSubmission;
let otherPaper: BuiltSubmission;
const as = signedInClients(() => app);

const declaredUrl = (ref: string) => `/api/submissions/${ref}/declared-conflicts/`;
const conflictsUrl = (suffix = '') => `/api/events/${event.publicId}/conflicts/${suffix}`;

async function declaredBy(user: BuiltUser, ref = paper.publicId): Promise<DeclaredConflictListDto> {
  const response = await (await as(user)).get(declaredUrl(ref));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DeclaredConflictListDto;
}

async function declare(user: BuiltUser, body: Record<string, unknown>): Promise<ConflictDto> {
  const response = await (await as(user)).post(conflictsUrl(), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ConflictDto;
}

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, affiliation: string, firstName: string, lastName: string) =>
    buildUser(app, { email, affiliation, firstName, lastName });
  event = await buildEvent(app, {
    status: 'active',
    creator: await person('creator@organisers.example', 'Organisers', 'Olga', 'Organiser'),
  });
  chair = await person('chair@chair-institute.org', 'Chair Institute', 'Chiara', 'Chairwoman');
  revNamed = await person('nadia@uni-named.edu', 'Named University', 'Nadia', 'Namedova');
  revByChair = await person('carl@uni-carl.edu', 'Carl Institute', 'Carl', 'Chairpicked');
  revDetected = await person('dora@uni-author.edu', 'Dora Lab', 'Dora', 'Detected');
  revByCoauthor = await person('cosmo@uni-cosmo.edu', 'Cosmo College', 'Cosmo', 'Coauthorpicked');
  author = await person('alma@uni-author.edu', 'Author University', 'Alma', 'Authorova');
  coauthor = await person('colin@uni-co.edu', 'Co University', 'Colin', 'Coauthor');
  otherAuthor = await person('otto@uni-other.edu', 'Other University', 'Otto', 'Otherson');
  outsider = await person('olive@uni-outside.edu', 'Outside University', 'Olive', 'Outsider');
  await addMembership(app, { event, user: chair, role: 'chair' });
  for (const reviewer of [revNamed, revByChair, revDetected, revByCoauthor]) {
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  }
  paper = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author }, { user: coauthor }],
    title: 'Declared conflicts, seen by their declarer',
  });
  otherPaper = await buildSubmission(app, { event, submitter: otherAuthor, authors: [{ user: otherAuthor }] });
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/submissions/{id}/declared-conflicts/', () => {
  it("lists the caller's declarations only: not a chair's, not a detected one", async () => {
    expect(await declaredBy(author)).toEqual({ count: 0, results: [] });
    const declared = await declare(author, {
      submission_id: paper.publicId,
      email: revNamed.email.toUpperCase(),
      type: 'personal',
      reason: '  Former adviser  ',
    });
    // The chair declares another pair, and detection finds a third (the author's e-mail domain).
    await declare(chair, { submission_id: paper.publicId, user_id: revByChair.publicId, type: 'other' });
    const committee = await (await as(chair)).get(conflictsUrl(), { query: { submission: paper.publicId } });
    expect(
      committee
        .json()
        .results.map((row: ConflictDto) => `${row.user.public_id}|${row.source}`)
        .sort(),
    ).toEqual(
      [`${revByChair.publicId}|declared`, `${revDetected.publicId}|detected`, `${revNamed.publicId}|declared`].sort(),
    );

    const response = await (await as(author)).get(declaredUrl(paper.publicId));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DeclaredConflictListDto;
    expect(body).toEqual({
      count: 1,
      results: [
        {
          id: declared.id,
          person: { full_name: 'Nadia Namedova', email: revNamed.email },
          type: 'personal',
          type_display: CONFLICT_TYPE_LABELS.personal.en,
          note: 'Former adviser',
          created_at: declared.created_at,
          abilities: { withdraw: true },
        },
      ],
    });
    expect(Number.isNaN(Date.parse(body.results[0]?.created_at ?? ''))).toBe(false);
    for (const needle of [
      revByChair.email,
      revByChair.lastName,
      revDetected.email,
      revDetected.lastName,
      chair.email,
    ]) {
      expect(response.body).not.toContain(needle);
    }
    // The numeric id of the submission works too.
    expect((await declaredBy(author, String(paper.id))).results.map((row) => row.id)).toEqual([declared.id]);
  });

  it("shows a co-author none of the other author's declarations, and each their own", async () => {
    const response = await (await as(coauthor)).get(declaredUrl(paper.publicId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 0, results: [] });
    expect(response.body).not.toContain(revNamed.email);

    const own = await declare(coauthor, { submission_id: paper.publicId, email: revByCoauthor.email });
    const coauthorList = await declaredBy(coauthor);
    expect(coauthorList.results).toEqual([
      expect.objectContaining({
        id: own.id,
        person: { full_name: 'Cosmo Coauthorpicked', email: revByCoauthor.email },
        type: 'personal',
        note: '',
      }),
    ]);
    expect((await declaredBy(author)).results.map((row) => row.person.email)).toEqual([revNamed.email]);
    // Declaring a pair that already has a conflict (detected) adds nothing of theirs.
    const existing = await (await as(coauthor)).post(conflictsUrl(), {
      submission_id: paper.publicId,
      email: revDetected.email,
    });
    expect(existing.statusCode).toBe(200);
    expect((await declaredBy(coauthor)).results.map((row) => row.id)).toEqual([own.id]);
  });

  it("answers 403 with a stable code to the submission's other viewers (a reviewer, the chair)", async () => {
    for (const user of [revNamed, revDetected, chair]) {
      const response = await (await as(user)).get(declaredUrl(paper.publicId));
      expect(response.statusCode, `${user.firstName}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'conflicts.declaredDenied' });
      expect(response.body).not.toContain(revNamed.email);
    }
  });

  it('answers 404 to outsiders, to the authors of another submission, and for unknown ids; 401 when signed out', async () => {
    for (const user of [outsider, otherAuthor]) {
      const response = await (await as(user)).get(declaredUrl(paper.publicId));
      expect(response.statusCode, `${user.firstName}: ${response.body}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const client = await as(author);
    const wrongSuffix = paper.publicId.endsWith('-zzzzzzzz') ? `${paper.id}-yyyyyyyy` : `${paper.id}-zzzzzzzz`;
    for (const ref of ['999999999', 'nope', wrongSuffix]) {
      const response = await client.get(declaredUrl(ref));
      expect(response.statusCode, `${ref}: ${response.body}`).toBe(404);
    }
    // Their own declarations on their own other paper only.
    expect(await declaredBy(otherAuthor, otherPaper.publicId)).toEqual({ count: 0, results: [] });
    const signedOut = await createClient(app).get(declaredUrl(paper.publicId));
    expect(signedOut.statusCode).toBe(401);
  });

  it('is empty once the author withdrew the declaration, and the row is gone', async () => {
    const [row] = (await declaredBy(author)).results;
    if (!row) throw new Error('the declaration is missing');
    const withdrawn = await (await as(author)).delete(conflictsUrl(`${row.id}/`));
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await declaredBy(author)).toEqual({ count: 0, results: [] });
    expect(await findConflict(app, paper, revNamed)).toBeUndefined();
    const overrides = await app.db
      .select()
      .from(conflictOverrides)
      .where(and(eq(conflictOverrides.submissionId, paper.id), eq(conflictOverrides.userId, revNamed.id)));
    expect(overrides).toEqual([]);
    // The co-author's declaration stays.
    expect((await declaredBy(coauthor)).count).toBe(1);
  });

  it('drops a declaration a chair lifted', async () => {
    const [row] = (await declaredBy(coauthor)).results;
    if (!row) throw new Error('the declaration is missing');
    const lifted = await (await as(chair)).delete(conflictsUrl(`${row.id}/`));
    expect(lifted.statusCode, lifted.body).toBe(204);
    expect(await declaredBy(coauthor)).toEqual({ count: 0, results: [] });
  });
});
