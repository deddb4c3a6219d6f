import {
  type AssistantFindingDto,
  questionLabel,
  type ReviewAnswer,
  type ReviewAssistantDto,
  type ReviewInput,
} from '@confero/contracts';
import type { CatalogueLanguage } from '@confero/i18n';
import { messageText } from '@confero/i18n/catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import { defineWorkerTask, runInWorker } from '../../lib/worker-pool.ts';
import { storedAnswer } from '../review-forms/review-answers.ts';
import { formOfReviewIn } from '../review-forms/review-forms.queries.ts';
import { type ReviewContext, reviewAccessOf } from '../reviews/review-access.ts';
import { mergeContent } from '../reviews/review-input.ts';
import { mergeAnswers } from '../reviews/review-state.ts';
import { reviewPolicies } from '../reviews/reviews.policy.ts';
import type { ReviewRow } from '../reviews/reviews.queries.ts';
import { type AiProvider, AiProviderError } from './providers/index.ts';
import {
  type AssistantPaper,
  analyzeDraft,
  type DraftAnswer,
  type DraftToAnalyze,
  type Finding,
} from './review-assistant/index.ts';
import { paperTextOf } from './review-assistant.queries.ts';

const analyzeDraftTask = defineWorkerTask<
  { draft: DraftToAnalyze; paper: AssistantPaper },
  { findings: Finding[]; mainThread: boolean }
>(new URL('./review-assistant.task.ts', import.meta.url), 'analyzeDraftTask');

/**
 * Text (paper and draft) up to which the analysis runs in place: a short draft on a paper without text takes well
 * under a millisecond, while the paper's terms of a 200,000-character text take about 50 ms (bench/review-assistant),
 * which the worker pool runs instead of the request thread.
 */
export const ASSISTANT_INLINE_CHARS = 20_000;

function draftLength(draft: DraftToAnalyze): number {
  let length = draft.commentsToAuthor?.length ?? 0;
  for (const answer of Object.values(draft.answers)) {
    if (typeof answer === 'string') length += answer.length;
    else if (Array.isArray(answer)) for (const entry of answer) length += String(entry).length;
  }
  return length;
}

/**
 * The local findings on a draft: in place when the texts are short, in the worker pool otherwise, at the request
 * threads' priority (the reviewer waits for them; background work never holds them up).
 */
export async function findingsOf(draft: DraftToAnalyze, paper: AssistantPaper): Promise<Finding[]> {
  const length = paper.text.length + paper.abstract.length + draftLength(draft);
  if (length <= ASSISTANT_INLINE_CHARS) return analyzeDraft(draft, paper);
  return (await runInWorker(analyzeDraftTask, { draft, paper }, { priority: 'request' })).findings;
}

/**
 * The review assistant on the caller's draft (`docs/domain.md#review-assistant`), once 'review.useAssistant' allows
 * them (the review's own writer, the event's assistant on; 403 with the reason otherwise):
 *   1. the draft: what the editor sent laid over the saved review (`mergeContent`, and the chair's questions' answers
 *      checked as a save checks them: 400 on `answers.<key>`), each question of the review's form read from it;
 *   2. the local findings (`review-assistant/`; in the worker pool for a long paper or draft), worded in the
 *      caller's language with the question's label;
 *   3. the provider's questions about the paper (`local` has none; `openai` reads the paper, never the draft); its
 *      failure leaves the local findings with a notice, never an error for the whole answer.
 * Nothing is written: neither the draft, nor the findings, nor an audit entry of them.
 */
export async function assistReview(
  db: Db,
  deps: { provider: AiProvider; log: FastifyBaseLogger },
  request: { context: ReviewContext; review: ReviewRow; input: ReviewInput; language: CatalogueLanguage },
): Promise<ReviewAssistantDto> {
  const { context, review, input, language } = request;
  authorize(reviewPolicies['review.useAssistant'](reviewAccessOf(context, review), review.status));
  const form = formOfReviewIn(context.forms, review);
  const content = mergeContent(review, input);
  const stored = {
    overallScore: content.form.overall_evaluation.score,
    confidence: content.form.confidence.score,
    structuredReview: content.form,
    confidentialRemarks: content.confidentialRemarks,
    answers: mergeAnswers(review.answers ?? {}, input.answers, form.questions),
  };
  const answers: Record<string, DraftAnswer> = {};
  for (const question of form.questions) answers[question.key] = storedAnswer(stored, question.key) as ReviewAnswer;

  const { submission } = context;
  const paper: AssistantPaper = {
    title: submission.title,
    abstract: submission.abstract,
    keywords: submission.keywords,
    text: submission.file ? await paperTextOf(db, submission.file.id) : '',
  };
  const labels = new Map(form.questions.map((question) => [question.key, questionLabel(question, language)]));
  const word = (finding: Finding): AssistantFindingDto => {
    const params = { ...finding.params, question: labels.get(finding.questionKey ?? '') ?? '' };
    return {
      kind: finding.kind,
      question_key: finding.questionKey,
      sentence: finding.sentence,
      message: messageText(finding.messageKey, params, language),
      message_code: finding.messageKey,
      severity: finding.severity,
    };
  };
  const findings = (
    await findingsOf({ questions: form.questions, answers, commentsToAuthor: content.commentsToAuthor }, paper)
  ).map(word);

  try {
    const questions = await deps.provider.reviewQuestions(paper, language);
    const asked = questions.map((question) =>
      word({
        kind: 'question',
        questionKey: null,
        sentence: question,
        messageKey: 'reviewAssistant.findings.question',
        params: {},
        severity: 'info',
      }),
    );
    return { findings: [...findings, ...asked], questions, provider: deps.provider.name, notice: null };
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    deps.log.warn({ err: error, provider: deps.provider.name }, 'AI provider failed to suggest review questions');
    const code = 'reviewAssistant.providerFailed';
    return { findings, questions: [], provider: 'local', notice: { code, message: messageText(code, {}, language) } };
  }
}
