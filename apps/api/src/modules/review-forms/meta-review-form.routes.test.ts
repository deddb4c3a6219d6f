import { DEFAULT_META_REVIEW_FORM, DEFAULT_REVIEW_FORM, type ReviewQuestionDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { chairQuestion } from '../../../test/factories/review-forms.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { auditLog, reviewForms } from '../../db/schema/index.ts';

/*
 * `GET`/`PUT events/{id}/meta-review-form/` (`docs/domain.md#meta-review`): the review form's routes for the other
 * kind of form — its own default and versions, kept apart from the review form's; the recommendation stays with its
 * options; who reads and edits as for the review form.
 */

let app: TestApp;
const as = signedInClients(() => app);
let people = 0;
function person(): Promise<BuiltUser> {
  people += 1;
  return buildUser(app, { email: `f${people}@uni-mform-${people}.edu`, affiliation: `Meta Form University ${people}` });
}

async function buildWorld() {
  const event = await buildEvent(app, { status: 'active' });
  const [chair, reviewer, areaChair, author, outsider] = [
    await person(),
    await person(),
    await person(),
    await person(),
    await person(),
  ];
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  await buildAreaChair(app, { event, user: areaChair });
  const paper = await buildSubmission(app, { event, submitter: author, authors: [{ user: author }] });
  await setAreaChair(app, paper, areaChair);
  return { event, chair, reviewer, areaChair, author, outsider, paper };
}

const formPath = (event: { publicId: string }) => `/api/events/${event.publicId}/meta-review-form/`;
const keys = (questions: readonly ReviewQuestionDto[]) => questions.map((question) => question.key);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the meta-review form', () => {
  it('answers the default meta-review form as version 1; authors and outsiders read only the questions opened to authors', async () => {
    const world = await buildWorld();
    const chair = (await (await as(world.chair)).get(formPath(world.event))).json();
    expect(chair).toMatchObject({ version: 1, is_default: true, abilities: { edit: true }, answered_reviews: 0 });
    expect(keys(chair.questions)).toEqual(['summary', 'recommendation', 'confidence', 'confidential_note']);
    const areaChair = (await (await as(world.areaChair)).get(formPath(world.event))).json();
    expect(areaChair).toMatchObject({ abilities: { edit: false } });
    expect(keys(areaChair.questions)).toHaveLength(4);
    const author = (await (await as(world.author)).get(formPath(world.event))).json();
    expect(keys(author.questions)).toEqual(['summary', 'recommendation']);
    // Whoever sees the (published) event reads what authors read, as for the review form.
    const outsider = (await (await as(world.outsider)).get(formPath(world.event))).json();
    expect(keys(outsider.questions)).toEqual(['summary', 'recommendation']);
  });

  it('saves a version of its own kind, apart from the review form, audited with its kind', async () => {
    const world = await buildWorld();
    const client = await as(world.chair);
    const saved = await client.put(formPath(world.event), {
      questions: [...DEFAULT_META_REVIEW_FORM, chairQuestion('novelty_summary')],
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, new_version: false, is_default: false });
    const rows = await app.db.select().from(reviewForms).where(eq(reviewForms.eventId, world.event.id));
    expect(rows.map((row) => [row.kind, row.version])).toEqual([['meta_review', 1]]);
    // The review form is still the default one.
    const review = (await client.get(`/api/events/${world.event.publicId}/review-form/`)).json();
    expect(review).toMatchObject({ is_default: true });
    expect(keys(review.questions)).toEqual(keys(DEFAULT_REVIEW_FORM));
    const [audit] = await app.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.eventId, world.event.id), eq(auditLog.action, 'review_form.updated')));
    expect(audit?.data).toEqual({ kind: 'meta_review', version: 1, new_version: false });
  });

  it('makes a new version once a meta-review answered a question the change removes', async () => {
    const world = await buildWorld();
    const client = await as(world.chair);
    await client.put(formPath(world.event), { questions: [...DEFAULT_META_REVIEW_FORM, chairQuestion('extra')] });
    const saved = await (await as(world.areaChair)).post(`/api/submissions/${world.paper.publicId}/meta-review/`, {
      answers: { extra: 'kept' },
      status: 'in_progress',
    });
    expect(saved.json()).toMatchObject({ form_version: 1 });
    const changed = await client.put(formPath(world.event), { questions: DEFAULT_META_REVIEW_FORM, version: 1 });
    expect(changed.json()).toMatchObject({ version: 2, new_version: true, answered_reviews: 0 });
    const read = await (await as(world.areaChair)).get(`/api/submissions/${world.paper.publicId}/meta-review/`);
    expect(read.json()).toMatchObject({ form_version: 1, answers: { extra: 'kept' } });
  });

  it('keeps the recommendation with its options, and refuses a form without it (400 on questions)', async () => {
    const world = await buildWorld();
    const client = await as(world.chair);
    const [summary, recommendation] = DEFAULT_META_REVIEW_FORM;
    const changed = await client.put(formPath(world.event), {
      questions: [
        summary,
        {
          ...recommendation,
          kind: 'text',
          required: false,
          options: [{ value: 'maybe', label: { en: 'Maybe', ar: 'ربما' } }],
          label: { en: 'Verdict', ar: 'الحكم' },
        },
      ],
    });
    expect(changed.statusCode).toBe(200);
    const kept = changed.json().questions[1];
    expect(kept).toMatchObject({ kind: 'choice', required: true, removable: false, label: { en: 'Verdict' } });
    expect(kept.options.map((option: { value: string }) => option.value)).toEqual(['accept', 'reject', 'revision']);
    const without = await client.put(formPath(world.event), { questions: [summary] });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { questions: expect.any(Array) } });
  });

  it('lets only the organizers edit it: 403 to the area chair and the reviewer, 404 to an outsider', async () => {
    const world = await buildWorld();
    for (const [user, status] of [
      [world.areaChair, 403],
      [world.reviewer, 403],
      [world.outsider, 404],
    ] as const) {
      const response = await (await as(user)).put(formPath(world.event), { questions: DEFAULT_META_REVIEW_FORM });
      expect(response.statusCode).toBe(status);
    }
    expect(await app.db.select().from(reviewForms).where(eq(reviewForms.eventId, world.event.id))).toEqual([]);
  });
});
