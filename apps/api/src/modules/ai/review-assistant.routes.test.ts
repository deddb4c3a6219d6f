import type { ReviewAssistantDto } from '@confero/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildConflict, buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { completion, type FakeOpenAiServer } from '../../../test/fixtures/openai-server.ts';
import { paperFixture } from '../../../test/fixtures/pdf/papers.ts';
import { signedInClient, signedInClients, type TestClient } from '../../../test/http.ts';
import { type ProviderApps, startProviderApps } from '../../../test/provider-apps.ts';
import { auditLog, events, reviewRevisions, reviews } from '../../db/schema/index.ts';
import { ASSISTANT_RATE_LIMIT } from './review-assistant.routes.ts';

let app: TestApp;
let openaiApp: TestApp;
let fake: FakeOpenAiServer;
let apps: ProviderApps | undefined;
let event: BuiltEvent;
let chair: BuiltUser;
let writer: BuiltUser;
let second: BuiltUser;
let conflicted: BuiltUser;
let author: BuiltUser;
let outsider: BuiltUser;
let paper: BuiltSubmission;
let writerReview: { id: number; publicId: string };
let conflictedReview: { publicId: string };
const as = signedInClients(() => app);

const truth = paperFixture('preprint-single-column').truth;

/** A draft in the review editor's shape, crafted so that each local check has one thing to find. */
const CRAFTED = {
  structured_review: {
    overall_evaluation: {
      score: -3,
      summary: {
        strengths: [
          'The calibration of bids by reviewer expertise is evaluated on 2,400 reviewers over six editions.',
          'The paper is well written and easy to follow.',
        ],
        weaknesses: [
          'The cold-start reviewers without bidding history are not covered by the calibration.',
          'Honestly the idea is trivial.',
        ],
      },
      justification:
        'This is an excellent, clear and convincing study. The evaluation is thorough and the results are impressive and important for the community.',
    },
    confidence: { score: 4, comment: '' },
  },
};

const assistant = (client: TestClient, id: string, body?: unknown, query = '') =>
  client.post(`/api/reviews/${id}/assistant/${query}`, body ?? {});

async function rowCounts() {
  const [revisions] = await app.db.select({ n: count() }).from(reviewRevisions);
  const [audits] = await app.db.select({ n: count() }).from(auditLog);
  const [review] = await app.db.select().from(reviews).where(eq(reviews.id, writerReview.id));
  return { revisions: revisions?.n, audits: audits?.n, review };
}

beforeAll(async () => {
  apps = await startProviderApps();
  ({ fake, local: app, openai: openaiApp } = apps);
  event = await buildEvent(app, { status: 'active' });
  chair = await buildUser(app);
  writer = await buildUser(app);
  second = await buildUser(app);
  conflicted = await buildUser(app);
  author = await buildUser(app);
  outsider = await buildUser(app);
  await addMembership(app, { event, user: chair, role: 'chair' });
  for (const user of [writer, second, conflicted]) await addMembership(app, { event, user, role: 'reviewer' });
  paper = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author }],
    title: truth.title,
    abstract: truth.abstract,
    keywords: truth.keywords,
  });
  writerReview = await buildReview(app, {
    submission: paper,
    reviewer: writer,
    status: 'in_progress',
    assignedBy: chair,
  });
  await buildReview(app, { submission: paper, reviewer: second, status: 'in_progress', assignedBy: chair });
  conflictedReview = await buildReview(app, { submission: paper, reviewer: conflicted, assignedBy: chair });
  await buildConflict(app, { submission: paper, user: conflicted });
});

afterAll(async () => {
  await apps?.close();
});

describe('POST /api/reviews/{id}/assistant/ (local provider)', () => {
  it('lists the findings on the draft sent, grouped by kind, each with its sentence and why', async () => {
    const response = await assistant(await as(writer), writerReview.publicId, CRAFTED, '?lang=en');
    expect(response.statusCode).toBe(200);
    const body = response.json<ReviewAssistantDto>();
    expect(body.provider).toBe('local');
    expect(body.questions).toEqual([]);
    expect(body.notice).toBeNull();
    const found = body.findings.map((finding) => [finding.kind, finding.question_key, finding.sentence]);
    expect(found).toEqual([
      ['missing_answer', 'confidence_comment', null],
      ['score_contradiction', 'overall_score', 'This is an excellent, clear and convincing study.'],
      ['tone', 'weaknesses', 'Honestly the idea is trivial.'],
      ['generic', 'strengths', 'The paper is well written and easy to follow.'],
      ['generic', 'weaknesses', 'Honestly the idea is trivial.'],
      [
        'no_suggestion',
        'weaknesses',
        'The cold-start reviewers without bidding history are not covered by the calibration.',
      ],
      ['no_suggestion', 'weaknesses', 'Honestly the idea is trivial.'],
    ]);
    expect(body.findings[0]).toEqual({
      kind: 'missing_answer',
      question_key: 'confidence_comment',
      sentence: null,
      message: '“Confidence comment” is required and has no answer yet.',
      message_code: 'reviewAssistant.findings.missingAnswer',
      severity: 'warning',
    });
    expect(body.findings[1]?.message).toBe(
      'Your text reads strongly positive, but the overall score is -3. Check that the score says what you mean.',
    );
    expect(body.findings[2]?.message).toContain('“trivial”');
  });

  it("words the findings in the caller's language: ?lang=ar, or Accept-Language", async () => {
    const client = await as(writer);
    const byQuery = (await assistant(client, writerReview.publicId, CRAFTED, '?lang=ar')).json<ReviewAssistantDto>();
    expect(byQuery.findings[0]?.message).toBe('«تعليق على درجة الثقة» مطلوب ولم تُجب عنه بعد.');
    const byHeader = await client.post(`/api/reviews/${writerReview.publicId}/assistant/`, CRAFTED, {
      headers: { 'accept-language': 'ar-EG,ar;q=0.9' },
    });
    expect(byHeader.json<ReviewAssistantDto>().findings[0]?.message).toBe(byQuery.findings[0]?.message);
  });

  it('analyses an Arabic draft (diacritics, tatweel and alef forms folded)', async () => {
    const draft = {
      structured_review: {
        overall_evaluation: {
          score: 1,
          summary: {
            strengths: ['الورقةُ مكتوبةٌ بشكلٍ جيد وواضـــح.'],
            weaknesses: [
              'المؤلفون لا يفهمون المجال.',
              'التقييم في الجدول 2 لا يشمل المراجعين الجدد، وأقترح إضافة تجربة لهم.',
            ],
          },
          justification: 'عمل جيد.',
        },
        confidence: { score: 3, comment: 'أعمل في هذا المجال منذ سنوات.' },
      },
    };
    const body = (
      await assistant(await as(writer), writerReview.publicId, draft, '?lang=ar')
    ).json<ReviewAssistantDto>();
    const found = body.findings.map((finding) => [finding.kind, finding.sentence]);
    expect(found).toContainEqual(['tone', 'المؤلفون لا يفهمون المجال.']);
    expect(found).toContainEqual(['generic', 'الورقةُ مكتوبةٌ بشكلٍ جيد وواضـــح.']);
    expect(found).toContainEqual(['too_short', 'عمل جيد.']);
    expect(found).not.toContainEqual(['no_suggestion', expect.stringContaining('الجدول 2')]);
    expect(found).not.toContainEqual(['generic', expect.stringContaining('الجدول 2')]);
  });

  it('reads the saved draft when nothing is sent', async () => {
    const response = await assistant(await as(writer), writerReview.publicId, undefined);
    expect(response.statusCode).toBe(200);
    const findings = response.json<ReviewAssistantDto>().findings;
    // The factory's saved justification has 9 words and its strength 'Clear problem statement' 3.
    expect(findings).toContainEqual(
      expect.objectContaining({
        kind: 'too_short',
        question_key: 'justification',
        sentence: expect.stringContaining('solid'),
      }),
    );
    expect(findings).toContainEqual(expect.objectContaining({ kind: 'generic', sentence: 'Clear problem statement' }));
  });

  it('stores nothing: the review, its revisions and the audit log are unchanged, and no request leaves the server', async () => {
    const before = await rowCounts();
    const sent = fake.received.length;
    const client = await as(writer);
    // The openai provider reaches its server through fetch: the local one calls nothing.
    const fetched = vi.spyOn(globalThis, 'fetch');
    try {
      const response = await assistant(client, writerReview.publicId, { ...CRAFTED, status: 'completed' });
      expect(response.statusCode).toBe(200);
      expect(response.json<ReviewAssistantDto>()).toMatchObject({ provider: 'local', questions: [], notice: null });
      expect(fetched).not.toHaveBeenCalled();
    } finally {
      fetched.mockRestore();
    }
    const after = await rowCounts();
    expect(after).toEqual(before);
    expect(after.review?.status).toBe('in_progress');
    expect(fake.received.length).toBe(sent);
  });

  it('refuses bad input with the field at fault (400), and an unknown language', async () => {
    const client = await as(writer);
    const form = await assistant(client, writerReview.publicId, { scores: { structured_review: 'not a form' } });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'scores.structured_review': [expect.any(String)] },
      field_codes: { 'scores.structured_review': ['reviews.validations.structuredReviewInvalid'] },
    });
    const score = await assistant(client, writerReview.publicId, {
      structured_review: { overall_evaluation: { score: 9 } },
    });
    expect(score.statusCode).toBe(400);
    expect(score.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'overall_evaluation.score': expect.any(Array) },
    });
    const unknown = await assistant(client, writerReview.publicId, { answers: { nope: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { 'answers.nope': expect.any(Array) } });
    const language = await assistant(client, writerReview.publicId, CRAFTED, '?lang=fr');
    expect(language.statusCode).toBe(400);
    expect(language.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { lang: expect.any(Array) } });
  });

  it('answers 404 to whoever may not read the review, 403 to a reader who may not write it', async () => {
    for (const user of [outsider, author, second]) {
      const response = await assistant(await as(user), writerReview.publicId, CRAFTED);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'reviews.notFound' });
    }
    const byChair = await assistant(await as(chair), writerReview.publicId, CRAFTED);
    expect(byChair.statusCode).toBe(403);
    expect(byChair.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'reviews.writeDenied' });
    const missing = await assistant(await as(writer), '999999', CRAFTED);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'reviews.notFound' });
  });

  it('refuses a conflicted reviewer their own review with the reason (403)', async () => {
    const response = await assistant(await as(conflicted), conflictedReview.publicId, CRAFTED);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST', message_code: 'reviews.conflicted' });
  });

  it('is off when the chairs turn it off: 403 ASSISTANT_DISABLED, and the review says can_use_assistant false', async () => {
    const client = await as(writer);
    const read = await client.get(`/api/reviews/${writerReview.publicId}/`);
    expect(read.json().abilities.can_use_assistant).toBe(true);
    const patch = await (await as(chair)).patch(`/api/events/${event.publicId}/`, { assistant_enabled: false });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().assistant_enabled).toBe(false);
    const [row] = await app.db.select({ on: events.assistantEnabled }).from(events).where(eq(events.id, event.id));
    expect(row?.on).toBe(false);
    const byStaff = await (await as(chair)).get(`/api/events/${event.publicId}/`);
    expect(byStaff.json().assistant_enabled).toBe(false);
    // The event's staff read the setting (its reviewers too, as `review_settings`); an outsider of a public event not.
    expect((await client.get(`/api/events/${event.publicId}/`)).json().assistant_enabled).toBe(false);
    const byOutsider = await (await as(outsider)).get(`/api/events/${event.publicId}/`);
    expect(byOutsider.statusCode).toBe(200);
    expect(byOutsider.json()).not.toHaveProperty('assistant_enabled');
    const refused = await assistant(client, writerReview.publicId, CRAFTED);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ASSISTANT_DISABLED',
      message_code: 'reviewAssistant.disabled',
      detail: 'The review assistant is turned off for this event.',
    });
    expect((await client.get(`/api/reviews/${writerReview.publicId}/`)).json().abilities.can_use_assistant).toBe(false);
    const mine = (await client.get('/api/reviews/my-reviews/')).json() as { public_id: string; abilities: object }[];
    expect(mine.find((row) => row.public_id === writerReview.publicId)?.abilities).toMatchObject({
      can_use_assistant: false,
    });
    const badPatch = await (await as(chair)).patch(`/api/events/${event.publicId}/`, { assistant_enabled: 'maybe' });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { assistant_enabled: expect.any(Array) },
    });
    await app.db.update(events).set({ assistantEnabled: true }).where(eq(events.id, event.id));
  });
});

describe('POST /api/reviews/{id}/assistant/ (openai provider)', () => {
  it("adds the model's questions about the paper, sending the paper but never the draft", async () => {
    const client = await signedInClient(openaiApp, writer);
    fake.replies.push({
      body: completion(
        JSON.stringify({
          questions: ['How are bids of reviewers without history calibrated?', '  ', 'Why six editions?'],
        }),
      ),
    });
    const sent = fake.received.length;
    const response = await assistant(client, writerReview.publicId, CRAFTED, '?lang=en');
    expect(response.statusCode).toBe(200);
    const body = response.json<ReviewAssistantDto>();
    expect(body.provider).toBe('openai');
    expect(body.questions).toEqual(['How are bids of reviewers without history calibrated?', 'Why six editions?']);
    expect(body.findings.filter((finding) => finding.kind === 'question').map((finding) => finding.sentence)).toEqual(
      body.questions,
    );
    expect(body.findings.some((finding) => finding.kind === 'tone')).toBe(true);
    expect(fake.received.length).toBe(sent + 1);
    const prompt = JSON.stringify(fake.received[sent]?.body.messages);
    expect(prompt).toContain(truth.title);
    expect(prompt).not.toContain('trivial');
    expect(prompt).not.toContain('easy to follow');
  });

  it('falls back to the local findings with a notice when the provider fails (never a 502)', async () => {
    const client = await signedInClient(openaiApp, writer);
    fake.replies.push({ status: 500, body: '{"error":{"message":"down"}}' });
    const response = await assistant(client, writerReview.publicId, CRAFTED, '?lang=en');
    expect(response.statusCode).toBe(200);
    const body = response.json<ReviewAssistantDto>();
    expect(body.provider).toBe('local');
    expect(body.questions).toEqual([]);
    expect(body.notice).toEqual({
      code: 'reviewAssistant.providerFailed',
      message: 'The AI service could not suggest questions about the paper; these are the local findings alone.',
    });
    expect(body.findings.length).toBeGreaterThan(0);
  });
});

describe('POST /api/reviews/{id}/assistant/ rate limit', () => {
  it('limits each user to ASSISTANT_RATE_LIMIT calls a minute (429), the others unaffected', async () => {
    const client = await as(writer);
    let refused: Awaited<ReturnType<typeof assistant>> | undefined;
    for (let call = 0; call <= ASSISTANT_RATE_LIMIT.max && !refused; call += 1) {
      const response = await assistant(client, writerReview.publicId, CRAFTED);
      if (response.statusCode === 429) refused = response;
      else expect(response.statusCode).toBe(200);
    }
    expect(refused?.json()).toMatchObject({ code: 'RATE_LIMITED', message_code: 'http.tooManyRequestsFor' });
    const other = await assistant(await as(conflicted), conflictedReview.publicId, CRAFTED);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST' });
  });
});
