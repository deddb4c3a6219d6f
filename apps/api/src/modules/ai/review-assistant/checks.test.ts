import { DEFAULT_REVIEW_FORM } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import {
  genericSentences,
  hasSuggestion,
  isSpecific,
  missingAnswers,
  scoreContradiction,
  sentiment,
  toneFindings,
  tooShortAnswers,
  weaknessesWithoutSuggestion,
} from './checks.ts';
import { analyzeDraft } from './index.ts';
import { paperTerms } from './paper-terms.ts';
import { normalizeArabic, sentencesOf, stemArabic, words } from './text.ts';

const PAPER = paperTerms({
  title: 'Fast Conflict-of-Interest Detection for Peer Review Platforms',
  abstract:
    'We present an index that finds co-authorship, shared affiliations and advisor relations between authors and ' +
    'reviewers in milliseconds. On a corpus of 1.2 million publications, the index answers a conflict query in 3 ms.',
  keywords: ['conflict of interest', 'co-authorship graph', 'indexing'],
  text: '',
});

describe('text', () => {
  it('folds Arabic diacritics, tatweel and letter forms, and strips clinging prefixes and suffixes', () => {
    expect(normalizeArabic('إِنَّ الـــورقةَ أُولى')).toBe('ان الورقه اولي');
    expect(stemArabic(normalizeArabic('والنتائج'))).toBe('نتايج');
    expect(words('المؤلفون')[0]?.key).toBe(words('والمؤلفين')[0]?.key);
  });

  it('cuts sentences in both languages without cutting "Fig. 2" or "et al."', () => {
    expect(sentencesOf('See Fig. 2 of Smith et al. for it. Then stop.')).toEqual([
      'See Fig. 2 of Smith et al. for it.',
      'Then stop.',
    ]);
    expect(sentencesOf('الورقة جيدة. لكن التقييم ضعيف؟ نعم')).toEqual(['الورقة جيدة.', 'لكن التقييم ضعيف؟', 'نعم']);
  });
});

describe('missingAnswers and tooShortAnswers', () => {
  it('names each required question without an answer (blank texts and lists of blanks count as none)', () => {
    const found = missingAnswers(DEFAULT_REVIEW_FORM, {
      overall_score: 1,
      strengths: ['  '],
      weaknesses: ['Something long enough here'],
      justification: '   ',
      confidence: null,
      confidence_comment: 'fine',
    });
    expect(found.map((finding) => finding.questionKey)).toEqual(['strengths', 'justification', 'confidence']);
  });

  it('flags answers under the floor of their question, and short list entries', () => {
    const found = tooShortAnswers(DEFAULT_REVIEW_FORM, {
      justification: 'Good paper, accept.',
      confidence_comment: 'I know this area well.',
      strengths: ['Fast', 'The index answers queries in 3 ms.'],
    });
    expect(found.map((finding) => [finding.questionKey, finding.sentence, finding.params])).toEqual([
      ['strengths', 'Fast', { count: 1, min: 3 }],
      ['justification', 'Good paper, accept.', { count: 3, min: 20 }],
    ]);
  });
});

describe('generic sentences', () => {
  it("counts the paper's own terms, numbers, places and quotes as specific", () => {
    expect(isSpecific('The co-authorship index is fast.', PAPER)).toBe(true);
    expect(isSpecific('The 1.2 million publications make a convincing corpus.', PAPER)).toBe(true);
    expect(isSpecific('Section 4 is hard to read.', PAPER)).toBe(true);
    expect(isSpecific('الجدول 3 غير واضح.', PAPER)).toBe(true);
    expect(isSpecific('The paper is well written and the results are convincing.', PAPER)).toBe(false);
    expect(isSpecific('العمل جيد والنتائج مقنعة.', PAPER)).toBe(false);
  });

  it('lists each generic sentence of the strengths and weaknesses with its question', () => {
    const found = genericSentences(
      [
        { key: 'strengths', entries: ['Advisor relations are detected. The writing is clear and easy to follow.'] },
        { key: 'weaknesses', entries: ['The evaluation is weak.'] },
      ],
      PAPER,
    );
    expect(found.map((finding) => [finding.questionKey, finding.sentence, finding.messageKey])).toEqual([
      ['strengths', 'The writing is clear and easy to follow.', 'reviewAssistant.findings.genericStrength'],
      ['weaknesses', 'The evaluation is weak.', 'reviewAssistant.findings.genericWeakness'],
    ]);
  });
});

describe('score contradiction', () => {
  const praise = 'An excellent and convincing paper. The method is elegant, the results are impressive and clear.';
  const blame = 'The method is flawed and the evaluation is weak. Claims are unsupported and the writing is confusing.';

  it('finds strongly positive text with a reject score, and strongly negative text with an accept score', () => {
    expect(scoreContradiction(-3, [praise])).toMatchObject([
      {
        kind: 'score_contradiction',
        messageKey: 'reviewAssistant.findings.positiveTextLowScore',
        params: { score: -3 },
      },
    ]);
    expect(scoreContradiction(2, [blame])).toMatchObject([
      { messageKey: 'reviewAssistant.findings.negativeTextHighScore', sentence: expect.stringContaining('flawed') },
    ]);
  });

  it('leaves agreeing, mixed or mild cases alone', () => {
    expect(scoreContradiction(3, [praise])).toEqual([]);
    expect(scoreContradiction(-1, [praise])).toEqual([]);
    expect(scoreContradiction(-3, [`${praise} ${blame}`])).toEqual([]);
    expect(scoreContradiction(null, [praise])).toEqual([]);
  });

  it('turns a judgement around after a negation', () => {
    expect(sentiment(words('The results are not convincing'))).toEqual({ positive: 0, negative: 1 });
    expect(sentiment(words('النتائج غير مقنعة'))).toEqual({ positive: 0, negative: 1 });
  });
});

describe('tone', () => {
  it('finds dismissive or personal wording in English and Arabic, quoting the phrase', () => {
    const found = toneFindings([
      { key: 'weaknesses', text: 'The authors clearly don’t understand the problem. The index is slow.' },
      { key: 'justification', text: 'هذا البحث مضيعةٌ للوقت.' },
    ]);
    expect(found.map((finding) => [finding.questionKey, finding.sentence])).toEqual([
      ['weaknesses', 'The authors clearly don’t understand the problem.'],
      ['justification', 'هذا البحث مضيعةٌ للوقت.'],
    ]);
    expect(toneFindings([{ key: 'strengths', text: 'A non-trivial extension of the index.' }])).toEqual([]);
  });
});

describe('suggestions', () => {
  it('recognises modals, requests and instructions in both languages', () => {
    expect(hasSuggestion('The baselines are old; the authors should compare with a recent one.')).toBe(true);
    expect(hasSuggestion('Few baselines. Add the 2023 index as one.')).toBe(true);
    expect(hasSuggestion('التقييم محدود، وأقترح إضافة مجموعة بيانات أخرى.')).toBe(true);
    expect(hasSuggestion('The baselines are old.')).toBe(false);
    expect(hasSuggestion('التقييم محدود جدًا.')).toBe(false);
  });

  it('lists weaknesses that offer no way forward', () => {
    const found = weaknessesWithoutSuggestion(['The baselines are old.', 'Consider a larger corpus.', 'Slow']);
    expect(found.map((finding) => finding.sentence)).toEqual(['The baselines are old.']);
  });
});

describe('analyzeDraft', () => {
  it('says nothing about a complete, specific, courteous draft', () => {
    const findings = analyzeDraft(
      {
        questions: DEFAULT_REVIEW_FORM,
        answers: {
          overall_score: 2,
          confidence: 4,
          strengths: ['The co-authorship index answers a conflict query in 3 ms on 1.2 million publications.'],
          weaknesses: [
            'Advisor relations are inferred from co-authorship only; the authors could add a precision estimate.',
          ],
          justification:
            'The index is a practical contribution for review platforms: conflict queries in milliseconds over a large corpus. The advisor detection needs a precision estimate before the claims of completeness hold.',
          confidence_comment: 'I have built conflict detection for a review platform.',
        },
      },
      PAPER,
    );
    expect(findings).toEqual([]);
  });
});
