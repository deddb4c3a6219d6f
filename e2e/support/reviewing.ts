import { type APIRequestContext, expect } from '@playwright/test';
import { DOG_ARTICLE, type PaperFixture, SHARK_ARTICLE } from '../../apps/api/test/fixtures/pdf/papers.ts';
import type { SeededUser } from './accounts.ts';
import { approveEventThroughApi, createEventThroughApi, type SeededEvent, signedInApi } from './events.ts';
import { pdfFile } from './submissions.ts';

/**
 * Reviewing in the end-to-end journeys: the people, papers and reviews a journey starts from, seeded through the
 * API as the app's users would create them (never the database). The screens under test are driven by the spec.
 */

/** A generated paper as an author submits it by hand: its PDF and the metadata typed into the form. */
export type JourneyPaper = { fixture: PaperFixture; title: string; abstract: string; keywords: string };

function journeyPaper(fixture: PaperFixture): JourneyPaper {
  const { title, abstract, keywords } = fixture.truth;
  return { fixture, title, abstract, keywords: keywords.join(', ') };
}

/** Two generated papers far apart in topic (coastal sharks; dogs and wolves), so that affinity tells them apart. */
export const SHARK_PAPER = journeyPaper(SHARK_ARTICLE);
export const DOG_PAPER = journeyPaper(DOG_ARTICLE);

export type SeededPaper = { id: number; public_id: string; title: string };

/** Sends JSON with any method and the CSRF token; fails the test on an unexpected status. */
export async function sendJson(
  api: APIRequestContext,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data: unknown,
  expected = 200,
) {
  const { csrftoken } = (await (await api.get('/api/auth/csrf/')).json()) as { csrftoken: string };
  const response = await api.fetch(url, { method, data, headers: { 'X-CSRFToken': csrftoken } });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(expected);
  return response;
}

/** Runs `work` with an API context signed in as the user, and disposes of it. */
export async function asUser<T>(user: SeededUser, work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await signedInApi(user.email, user.password);
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

/** The user's public id (`GET /api/users/me/`). */
export function publicIdOf(user: SeededUser): Promise<string> {
  return asUser(user, async (api) => {
    const response = await api.get('/api/users/me/');
    expect(response.ok()).toBeTruthy();
    return ((await response.json()) as { public_id: string }).public_id;
  });
}

/** The organiser makes a registered user an active reviewer of the event, with expertise and a paper limit. */
export async function addReviewerThroughApi(
  organiser: SeededUser,
  event: SeededEvent,
  reviewer: SeededUser,
  grant: { expertise: string; max_papers: number },
): Promise<void> {
  const userId = await publicIdOf(reviewer);
  await asUser(organiser, (api) =>
    sendJson(api, 'POST', `/api/events/${event.public_id}/add_reviewer/`, { user_id: userId, ...grant }, 201),
  );
}

/** The organiser changes the event's review settings (`PATCH /api/events/{id}/` with `review_settings`). */
export async function setReviewSettingsThroughApi(
  organiser: SeededUser,
  event: SeededEvent,
  settings: Record<string, string | number>,
): Promise<void> {
  await asUser(organiser, (api) =>
    sendJson(api, 'PATCH', `/api/events/${event.public_id}/`, { review_settings: settings }),
  );
}

/** The author submits a paper with its PDF (`POST /api/submissions/`, multipart), as the only author. */
export async function submitPaperThroughApi(
  author: SeededUser,
  event: SeededEvent,
  paper: JourneyPaper,
): Promise<SeededPaper> {
  return asUser(author, async (api) => {
    const { csrftoken } = (await (await api.get('/api/auth/csrf/')).json()) as { csrftoken: string };
    const authors = [
      {
        first_name: author.firstName,
        last_name: author.lastName,
        email: author.email,
        affiliation: author.affiliation,
        country: 'FR',
        is_corresponding: true,
        order: 1,
        webpage: '',
      },
    ];
    const response = await api.post('/api/submissions/', {
      headers: { 'X-CSRFToken': csrftoken },
      multipart: {
        title: paper.title,
        abstract: paper.abstract,
        keywords: paper.keywords,
        event: event.public_id,
        track: '',
        metadata: JSON.stringify({ method: 'manual', fileFormat: 'pdf' }),
        authors: JSON.stringify(authors),
        file: await pdfFile(paper.fixture),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as SeededPaper;
  });
}

/** A reviewer submits a complete review of an assigned paper (`POST /api/reviews/`, status completed). */
export async function submitReviewThroughApi(
  reviewer: SeededUser,
  paper: SeededPaper,
  review: { score: number; confidence: number; strength: string; weakness: string; toAuthors: string; toChair: string },
): Promise<void> {
  await asUser(reviewer, (api) =>
    sendJson(api, 'POST', '/api/reviews/', {
      submission: paper.public_id,
      status: 'completed',
      comments_to_author: review.toAuthors,
      comments_to_chair: review.toChair,
      confidence: review.confidence,
      structured_review: {
        overall_evaluation: {
          score: review.score,
          summary: { strengths: [review.strength], weaknesses: [review.weakness] },
          justification: `${review.strength} ${review.weakness}`,
        },
        confidence: { score: review.confidence, comment: `Confidence ${review.confidence} of 5.` },
        confidential_remarks_for_pc: review.toChair,
      },
    }),
  );
}

/** The organiser assigns a reviewer to a paper (`POST submissions/{id}/assign/`). */
export async function assignThroughApi(organiser: SeededUser, paper: SeededPaper, reviewer: SeededUser): Promise<void> {
  const reviewerId = await publicIdOf(reviewer);
  await asUser(organiser, (api) =>
    sendJson(api, 'POST', `/api/submissions/${paper.public_id}/assign/`, { reviewer_id: reviewerId }, 201),
  );
}

/** The journeys' people: the chair, the author of the two papers, and the two reviewers who know their topics. */
export const CAST = {
  chair: { firstName: 'Ada', lastName: 'Lovelace', affiliation: 'Analytical Engines Ltd' },
  author: { firstName: 'Jean', lastName: 'Dupont', affiliation: 'Université de Montpellier' },
  marine: { firstName: 'Sylvia', lastName: 'Earle', affiliation: 'Ocean Research Institute' },
  canine: { firstName: 'Brian', lastName: 'Hare', affiliation: 'Canine Cognition Center' },
} as const;

/** A complete review with the given overall score, in the journeys' plain wording (nothing for the chair alone). */
export function sampleReview(score: number) {
  return {
    score,
    confidence: 4,
    strength: 'A careful study.',
    weakness: 'The sample is small.',
    toAuthors: 'Thank you for the paper.',
    toChair: '',
  };
}

/** The chair's event, approved, with the reviewers on its committee (animal behaviour, at most 3 papers each). */
export async function approvedEventWithReviewers(
  chair: SeededUser,
  title: string,
  reviewers: readonly SeededUser[],
): Promise<SeededEvent> {
  const event = await createEventThroughApi(chair, title);
  await approveEventThroughApi(event);
  for (const reviewer of reviewers) {
    await addReviewerThroughApi(chair, event, reviewer, { expertise: 'animal behaviour', max_papers: 3 });
  }
  return event;
}
