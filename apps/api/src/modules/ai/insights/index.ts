import { type AiAnalysis, submissionMessage } from '@confero/contracts';
import { pickHighlights } from './highlights.ts';
import { type RelevanceEvent, relevanceToEvent } from './relevance.ts';
import { paperSignal, pickTopics, scoreTopics } from './topics.ts';

export type { RelevanceEvent } from './relevance.ts';

/** What insights are computed from: the paper's metadata and text, and the event it was submitted to. */
export type InsightsInput = {
  title: string;
  abstract: string;
  keywords: readonly string[];
  /** The extracted text of the paper (may be empty: a scan without a text layer). */
  fullText: string;
  event: RelevanceEvent;
};

/** An analysis without its provider and time stamp (the caller adds them). */
export type InsightsBody = Omit<AiAnalysis, 'provider' | 'generated_at'>;

/** Plagiarism checking needs a corpus of published work the platform does not have: always "not available". */
export function plagiarismNotAvailable(): InsightsBody['plagiarism'] {
  return {
    available: false,
    message: submissionMessage('submissions.insights.plagiarismUnavailable'),
    message_code: 'submissions.insights.plagiarismUnavailable',
  };
}

/**
 * The local provider's insights (`docs/domain.md#insights`): offline and deterministic. Highlights are sentences taken
 * from the abstract and introduction (never written); relevance compares the paper with the event's research areas and
 * description; topics are catalogue subcategories.
 */
export function analyzeLocally(input: InsightsInput): InsightsBody {
  const signal = paperSignal(input);
  const scores = scoreTopics(signal);
  return {
    submission_highlights: pickHighlights(input.abstract, input.fullText),
    relevance_to_event: relevanceToEvent(signal, scores, input.event),
    topics: pickTopics(scores),
    plagiarism: plagiarismNotAvailable(),
  };
}
