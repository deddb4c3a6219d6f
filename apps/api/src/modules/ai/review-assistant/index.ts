import { ASSISTANT_FINDING_KINDS } from '@confero/contracts';
import {
  type AssistantQuestion,
  type DraftAnswer,
  type Finding,
  genericSentences,
  missingAnswers,
  scoreContradiction,
  toneFindings,
  tooShortAnswers,
  weaknessesWithoutSuggestion,
} from './checks.ts';
import { type AssistantPaper, type PaperTerms, paperTerms } from './paper-terms.ts';

export type { AssistantQuestion, DraftAnswer, Finding } from './checks.ts';
export { type AssistantPaper, type PaperTerms, paperTerms } from './paper-terms.ts';

/** What the local analysis reads: the form's questions, the draft's answers by question key, the paper. */
export type DraftToAnalyze = {
  questions: readonly AssistantQuestion[];
  /** The answers by question key: the built-in ones (`overall_score`, `strengths`, `justification`…) and the chair's. */
  answers: Record<string, DraftAnswer>;
  /** The comments to the authors, when they say more than the justification. */
  commentsToAuthor?: string;
};

const textList = (answer: DraftAnswer): string[] =>
  Array.isArray(answer) ? answer.filter((entry): entry is string => typeof entry === 'string') : [];

/**
 * The local review assistant (`docs/domain.md#review-assistant`): the findings on one draft, grouped in the order of
 * ASSISTANT_FINDING_KINDS and, within a kind, in the order of the form. Pure and deterministic; linear in the length of
 * the draft plus the paper's terms, built once by the caller (`paperTerms`) and bounded by PAPER_TEXT_LIMIT.
 */
export function analyzeDraft(draft: DraftToAnalyze, paper: PaperTerms | AssistantPaper): Finding[] {
  const terms = 'terms' in paper ? paper : paperTerms(paper);
  const { questions, answers } = draft;
  const asked = new Set(questions.map((question) => question.key));
  const strengths = asked.has('strengths') ? textList(answers.strengths) : [];
  const weaknesses = asked.has('weaknesses') ? textList(answers.weaknesses) : [];
  const justification =
    asked.has('justification') && typeof answers.justification === 'string' ? answers.justification : '';
  const comments = draft.commentsToAuthor?.trim() ?? '';
  const extraComments = comments !== '' && comments !== justification.trim() ? [comments] : [];
  const score = asked.has('overall_score') && typeof answers.overall_score === 'number' ? answers.overall_score : null;

  const texts: { key: string; text: string }[] = questions.flatMap((question) => {
    const answer = answers[question.key];
    if (question.kind === 'text' && typeof answer === 'string') return [{ key: question.key, text: answer }];
    if (question.kind === 'list') return textList(answer).map((text) => ({ key: question.key, text }));
    return [];
  });
  for (const text of extraComments) texts.push({ key: 'comments_to_author', text });

  const findings = [
    ...missingAnswers(questions, answers),
    ...tooShortAnswers(questions, answers),
    ...scoreContradiction(score, [justification, ...extraComments]),
    ...toneFindings(texts),
    ...genericSentences(
      [
        { key: 'strengths', entries: strengths },
        { key: 'weaknesses', entries: weaknesses },
      ],
      terms,
    ),
    ...weaknessesWithoutSuggestion(weaknesses),
  ];
  const order = (finding: Finding) => ASSISTANT_FINDING_KINDS.indexOf(finding.kind);
  return findings.sort((a, b) => order(a) - order(b));
}
