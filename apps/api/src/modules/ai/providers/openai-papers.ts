import {
  type InsightTopic,
  RESEARCH_AREAS,
  researchArea,
  resolveCountryCode,
  SUBMISSION_TITLE_MAX_LENGTH,
} from '@confero/contracts';
import { z } from 'zod';
import type { ExtractedMetadata } from '../extraction/index.ts';
import { readPdfTextInWorker } from '../extraction/pdf-worker.ts';
import { type InsightsBody, type InsightsInput, plagiarismNotAvailable } from '../insights/index.ts';
import { paperSignal, scoreTopics } from '../insights/topics.ts';
import { AiProviderError } from './types.ts';

/*
 * The openai provider's paper features: the model reads the first pages' text (readPdfText, in the worker pool) and answers
 * JSON, which is validated with zod against the same shapes the local provider produces. A malformed answer is an
 * AiProviderError; the callers then fall back to the local provider (see ai/extract.service.ts and ai/insights.ts).
 */

type ChatRequest = {
  messages: { role: 'system' | 'user'; content: string }[];
  temperature?: number;
  maxTokens?: number;
};
export type Complete = (request: ChatRequest) => Promise<string>;

/** How much of the paper's text the model reads. */
const EXTRACTION_TEXT_LIMIT = 12_000;
const INSIGHTS_TEXT_LIMIT = 10_000;

/** The JSON object in a model's answer (a code fence or a sentence around it is tolerated). */
export function parseJsonAnswer(answer: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer)?.[1] ?? answer;
  const start = fenced.indexOf('{');
  const end = fenced.lastIndexOf('}');
  if (start === -1 || end <= start) throw new AiProviderError('the AI answer holds no JSON object');
  try {
    return JSON.parse(fenced.slice(start, end + 1));
  } catch (error) {
    throw new AiProviderError('the AI answer is not valid JSON', { cause: error });
  }
}

const text = (max: number) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim().slice(0, max));

const ExtractionAnswer = z.object({
  title: text(SUBMISSION_TITLE_MAX_LENGTH),
  abstract: text(10_000),
  keywords: z
    .array(z.string())
    .nullish()
    .transform((list) =>
      (list ?? [])
        .map((keyword) => keyword.trim())
        .filter(Boolean)
        .slice(0, 30),
    ),
  authors: z
    .array(
      z.object({
        first_name: text(150),
        last_name: text(150),
        email: text(254),
        affiliation: text(255),
        country: text(100),
      }),
    )
    .nullish()
    .transform((list) => (list ?? []).slice(0, 50)),
});

const EXTRACTION_INSTRUCTIONS = [
  'You read the first pages of a scholarly paper and return its metadata as one JSON object with the keys',
  '"title" (string), "abstract" (string), "keywords" (array of strings) and "authors" (array of objects with',
  '"first_name", "last_name", "email", "affiliation" and "country").',
  'Copy every value exactly as it is printed in the paper; never invent, translate or complete anything.',
  'Use an empty string or an empty array for anything the text does not contain. "country" is the country named in',
  "the author's affiliation. Answer with the JSON object only.",
].join(' ');

/** Metadata of a paper by the model, from the text of its first two pages. */
export async function extractWithOpenAi(complete: Complete, pdf: Uint8Array): Promise<ExtractedMetadata> {
  const { pages, unreadable } = await readPdfTextInWorker(pdf, { maxPages: 2 });
  const paperText = pages.join('\n\n').slice(0, EXTRACTION_TEXT_LIMIT).trim();
  // A text layer that is not language is never sent to the model: the author is asked to type the details.
  if (!paperText) return { title: '', abstract: '', keywords: [], authors: [], ...(unreadable ? { unreadable } : {}) };
  const answer = await complete({
    messages: [
      { role: 'system', content: EXTRACTION_INSTRUCTIONS },
      { role: 'user', content: paperText },
    ],
    temperature: 0,
  });
  const parsed = ExtractionAnswer.safeParse(parseJsonAnswer(answer));
  if (!parsed.success) throw new AiProviderError('the AI answer does not have the metadata shape');
  const data = parsed.data;
  return {
    title: data.title.replace(/\s+/g, ' '),
    abstract: data.abstract,
    keywords: data.keywords,
    authors: data.authors
      .filter((author) => author.first_name || author.last_name)
      .map((author) => ({ ...author, country: resolveCountryCode(author.country) ?? '' })),
  };
}

const InsightsAnswer = z.object({
  submission_highlights: z.object({
    problem_statement: text(1000),
    gap_analysis: text(1000),
    contribution: text(1000),
    methodology: text(1000),
    main_finding: text(1000),
  }),
  relevance_to_event: z.object({
    score: z.coerce.number().min(0).max(5),
    justification: text(2000),
    matched_areas: z.array(z.string()).nullish(),
    matched_terms: z.array(z.string()).nullish(),
  }),
  topics: z.object({
    main_topic: z.string().nullish(),
    secondary_topics: z.array(z.string()).nullish(),
  }),
});

function catalogueLines(): string {
  return RESEARCH_AREAS.flatMap((area) =>
    area.subcategories.map((sub) => `${area.key}/${sub.key}: ${area.name_en} — ${sub.name_en}`),
  ).join('\n');
}

const INSIGHTS_INSTRUCTIONS = [
  'You help the programme committee of an academic event. From the paper and the event described by the user,',
  'answer one JSON object with the keys:',
  '"submission_highlights": {"problem_statement", "gap_analysis", "contribution", "methodology", "main_finding"},',
  'each one sentence quoted from the paper, or "" when the paper states no such thing;',
  '"relevance_to_event": {"score": a number from 0 to 5, "justification": one or two sentences naming what matches,',
  '"matched_areas": the event research area keys the paper matches, "matched_terms": terms shared with the event};',
  '"topics": {"main_topic": one "area_key/subcategory_key" of the catalogue below, or null,',
  '"secondary_topics": up to three more such keys}.',
  'Use only keys from the catalogue. Invent nothing. Answer with the JSON object only.',
].join(' ');

function topicOf(reference: string, relative: Map<string, number>): InsightTopic | undefined {
  const [areaKey, subKey] = reference.split('/');
  const area = areaKey ? researchArea(areaKey) : undefined;
  const sub = area?.subcategories.find((entry) => entry.key === subKey);
  if (!area || !sub) return undefined;
  return {
    key: sub.key,
    label: sub.name_en,
    label_ar: sub.name_ar,
    area_key: area.key,
    area_label: area.name_en,
    area_label_ar: area.name_ar,
    score: relative.get(`${area.key}/${sub.key}`) ?? 0,
  };
}

/** Insights by the model, validated; topics must be catalogue keys (their scores come from the local scoring). */
export async function analyzeWithOpenAi(complete: Complete, input: InsightsInput): Promise<InsightsBody> {
  const area = researchArea(input.event.primaryResearchArea);
  const eventAreas = [input.event.primaryResearchArea, ...input.event.secondaryResearchAreas];
  const user = [
    `EVENT TITLE: ${input.event.title}`,
    `EVENT DESCRIPTION: ${input.event.description.slice(0, 4000)}`,
    `EVENT RESEARCH AREAS: ${area?.key ?? input.event.primaryResearchArea} (${area?.name_en ?? ''}); ` +
      `subcategories: ${input.event.secondaryResearchAreas.join(', ') || 'none'}`,
    '',
    `PAPER TITLE: ${input.title}`,
    `KEYWORDS: ${input.keywords.join(', ')}`,
    `ABSTRACT: ${input.abstract}`,
    `TEXT (beginning): ${input.fullText.slice(0, INSIGHTS_TEXT_LIMIT)}`,
    '',
    'CATALOGUE:',
    catalogueLines(),
  ].join('\n');
  const answer = await complete({
    messages: [
      { role: 'system', content: INSIGHTS_INSTRUCTIONS },
      { role: 'user', content: user },
    ],
    temperature: 0,
  });
  const parsed = InsightsAnswer.safeParse(parseJsonAnswer(answer));
  if (!parsed.success) throw new AiProviderError('the AI answer does not have the insights shape');
  const data = parsed.data;
  const local = scoreTopics(paperSignal(input));
  const best = local[0]?.raw ?? 0;
  const relative = new Map(
    local.map((entry) => [
      `${entry.topic.area_key}/${entry.topic.key}`,
      best > 0 ? Math.round((entry.raw / best) * 100) / 100 : 0,
    ]),
  );
  const main = data.topics.main_topic ? topicOf(data.topics.main_topic, relative) : undefined;
  if (data.topics.main_topic && !main) throw new AiProviderError('the AI answer names a topic outside the catalogue');
  const secondary = (data.topics.secondary_topics ?? []).slice(0, 3).map((reference) => topicOf(reference, relative));
  if (secondary.some((topic) => topic === undefined)) {
    throw new AiProviderError('the AI answer names a topic outside the catalogue');
  }
  return {
    submission_highlights: data.submission_highlights,
    relevance_to_event: {
      score: Math.round(data.relevance_to_event.score * 10) / 10,
      justification: data.relevance_to_event.justification,
      matched_areas: (data.relevance_to_event.matched_areas ?? []).filter((key) => eventAreas.includes(key)),
      matched_terms: (data.relevance_to_event.matched_terms ?? [])
        .map((term) => term.trim())
        .filter(Boolean)
        .slice(0, 8),
    },
    topics: { main_topic: main ?? null, secondary_topics: secondary as InsightTopic[] },
    plagiarism: plagiarismNotAvailable(),
  };
}
