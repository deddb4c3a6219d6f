import type { AiAnalysis, SubmissionDto } from '@confero/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { multipartBody } from '../../../test/fixtures/multipart.ts';
import { completion, type FakeOpenAiServer } from '../../../test/fixtures/openai-server.ts';
import { PAPER_FIXTURES } from '../../../test/fixtures/pdf/papers.ts';
import { signedInClient, type TestClient } from '../../../test/http.ts';
import { type ProviderApps, startProviderApps } from '../../../test/provider-apps.ts';
import { events, jobs, submissionFiles, submissions } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';

let app: TestApp;
let openaiApp: TestApp;
let fake: FakeOpenAiServer;
let apps: ProviderApps | undefined;
let event: BuiltEvent;
let author: BuiltUser;
let authorClient: TestClient;
let chairClient: TestClient;

const fixture = PAPER_FIXTURES.find((entry) => entry.name === 'abstract-without-heading');

beforeAll(async () => {
  apps = await startProviderApps();
  ({ fake, local: app, openai: openaiApp } = apps);
  event = await buildEvent(app, {
    status: 'active',
    title: 'Conference on Scholarly Publishing',
    primaryResearchArea: 'library_information_science',
    secondaryResearchAreas: ['scientometrics_bibliometrics'],
  });
  await app.db
    .update(events)
    .set({ description: 'Peer review, open review, journals and scholarly publishing.' })
    .where(eq(events.id, event.id));
  author = await buildUser(app);
  authorClient = await signedInClient(app, author);
  const chair = await buildUser(app);
  await addMembership(app, { event, user: chair, role: 'chair' });
  chairClient = await signedInClient(app, chair);
});
afterAll(async () => {
  await apps?.close();
});

let sequence = 0;

async function submitPaper(client: TestClient = authorClient): Promise<SubmissionDto> {
  if (!fixture) throw new Error('fixture missing');
  sequence += 1;
  const body = multipartBody([
    { name: 'title', value: `${fixture.truth.title} ${sequence}` },
    { name: 'abstract', value: fixture.truth.abstract },
    { name: 'keywords', value: fixture.truth.keywords.join(', ') },
    { name: 'event', value: event.publicId },
    {
      name: 'authors',
      value: JSON.stringify([
        {
          first_name: 'A',
          last_name: 'Author',
          email: author.email,
          affiliation: 'U',
          country: 'EG',
          is_corresponding: true,
        },
      ]),
    },
    { name: 'file', filename: 'paper.pdf', content: await fixture.build() },
  ]);
  const response = await client.post('/api/submissions/', body.payload, { headers: body.headers });
  if (response.statusCode !== 201) throw new Error(`submit failed: ${response.statusCode} ${response.body}`);
  return response.json() as SubmissionDto;
}

async function analysisOf(id: number): Promise<AiAnalysis | null> {
  const [row] = await app.db
    .select({ analysis: submissions.aiAnalysis })
    .from(submissions)
    .where(eq(submissions.id, id));
  return row?.analysis ?? null;
}

async function lastJobResult(type: string) {
  const [row] = await app.db.select().from(jobs).where(eq(jobs.type, type)).orderBy(desc(jobs.id)).limit(1);
  return row;
}

describe("the 'submissions.insights' job", () => {
  it('stores the full text and the local analysis, which only the event staff see', async () => {
    const paper = await submitPaper();
    expect(await analysisOf(paper.id)).toBeNull();
    await app.jobs.runPending();
    const analysis = await analysisOf(paper.id);
    expect(analysis).toMatchObject({
      provider: 'local',
      topics: { main_topic: { key: 'scientometrics_bibliometrics', area_key: 'library_information_science' } },
      plagiarism: { available: false, message: 'Plagiarism checking is not available.' },
    });
    expect(analysis?.relevance_to_event.score).toBeGreaterThanOrEqual(4);
    expect(analysis?.relevance_to_event.justification).toContain('Scientometrics and Bibliometrics');
    expect(Date.parse(analysis?.generated_at ?? '')).not.toBeNaN();
    const [file] = await app.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, paper.id));
    expect(file?.text).toContain('Open peer review');
    // Extractive: every highlight is a sentence of the abstract or of the paper's text.
    const source = `${fixture?.truth.abstract} ${file?.text}`.replace(/-\s*\n\s*/g, '').replace(/\s+/g, ' ');
    for (const sentence of Object.values(analysis?.submission_highlights ?? {})) {
      if (sentence) expect(source).toContain(sentence);
    }
    // The abstract's first sentence is background, not a problem: the slot stays empty rather than hold it.
    expect(analysis?.submission_highlights).toMatchObject({
      problem_statement: '',
      methodology:
        'We measure how long reviewers take in four open review journals and in four journals of the same fields with closed review.',
    });
    expect(analysis?.submission_highlights.main_finding).toMatch(/^Reports in open review took two days longer/);
    expect(await lastJobResult('submissions.insights')).toMatchObject({
      status: 'done',
      result: { status: 'done', provider: 'local', submissionId: paper.id },
    });

    const forChair = (await chairClient.get(`/api/submissions/${paper.public_id}/`)).json() as SubmissionDto;
    expect(forChair.ai_analysis).toEqual(analysis);
    const forAuthor = await authorClient.get(`/api/submissions/${paper.public_id}/`);
    expect(forAuthor.json()).not.toHaveProperty('ai_analysis');
    expect(forAuthor.body).not.toContain('scientometrics_bibliometrics');
    const authorList = await authorClient.get('/api/submissions/my_submissions/');
    expect(authorList.body).not.toContain('Plagiarism checking');
  });

  it('does nothing for a file that a newer upload replaced', async () => {
    const paper = await submitPaper();
    await app.jobs.runPending();
    const [file] = await app.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, paper.id));
    await app.db.insert(submissionFiles).values({
      submissionId: paper.id,
      kind: 'paper',
      version: 2,
      storageKey: file?.storageKey ?? '',
      sha256: file?.sha256 ?? '',
      size: file?.size ?? 1,
      pageCount: 1,
    });
    await app.db.update(submissions).set({ aiAnalysis: null }).where(eq(submissions.id, paper.id));
    await enqueueJob(app.db, 'submissions.insights', { submissionId: paper.id, fileId: file?.id ?? 0 });
    await app.jobs.runPending();
    expect(await lastJobResult('submissions.insights')).toMatchObject({
      status: 'done',
      result: { status: 'skipped', reason: 'superseded' },
    });
    expect(await analysisOf(paper.id)).toBeNull();
  });

  it('uses the openai provider when configured, validated, and the local analysis when its answer is unusable', async () => {
    const paper = await submitPaper();
    fake.replies.push({
      body: completion(
        JSON.stringify({
          submission_highlights: {
            problem_statement: 'Open peer review publishes the reports next to the article.',
            gap_analysis: '',
            contribution: '',
            methodology: 'We measure how long reviewers take.',
            main_finding: 'Reports in open review took two days longer on average.',
          },
          relevance_to_event: {
            score: 4.46,
            justification: 'About open peer review.',
            matched_areas: ['library_information_science', 'not_an_event_area'],
            matched_terms: ['peer review'],
          },
          topics: {
            main_topic: 'library_information_science/scientometrics_bibliometrics',
            secondary_topics: ['library_information_science/digital_libraries'],
          },
        }),
      ),
    });
    await openaiApp.jobs.runPending();
    const analysis = await analysisOf(paper.id);
    expect(analysis).toMatchObject({
      provider: 'openai',
      relevance_to_event: {
        score: 4.5,
        justification: 'About open peer review.',
        matched_areas: ['library_information_science'],
        matched_terms: ['peer review'],
      },
      topics: {
        main_topic: { key: 'scientometrics_bibliometrics', label: 'Scientometrics and Bibliometrics', score: 1 },
        secondary_topics: [{ key: 'digital_libraries', label: 'Digital Libraries' }],
      },
    });
    const prompt = fake.received.at(-1)?.body.messages?.find((message) => message.role === 'user')?.content ?? '';
    expect(prompt).toContain('Conference on Scholarly Publishing');
    expect(prompt).toContain('library_information_science/scientometrics_bibliometrics');

    const another = await submitPaper();
    fake.replies.push({ body: completion(JSON.stringify({ topics: { main_topic: 'astrology/horoscopes' } })) });
    await openaiApp.jobs.runPending();
    expect(await analysisOf(another.id)).toMatchObject({
      provider: 'local',
      topics: { main_topic: { key: 'scientometrics_bibliometrics' } },
    });
  });
});
