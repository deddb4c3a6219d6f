import { AiAnalysis } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { PAPER_FIXTURES } from '../../../../test/fixtures/pdf/papers.ts';
import { readPdfText } from '../extraction/index.ts';
import { pickHighlights } from './highlights.ts';
import { analyzeLocally, type InsightsInput } from './index.ts';
import { relevanceToEvent } from './relevance.ts';
import { normalizeText, splitSentences, stem, tokenize } from './text.ts';
import { paperSignal, pickTopics, scoreTopics } from './topics.ts';

const bibliometricsEvent = {
  title: 'International Conference on Peer Review and Scholarly Publishing',
  description: 'Peer review, reviewer assignment, bibliometrics, open access and conference management systems.',
  primaryResearchArea: 'library_information_science',
  secondaryResearchAreas: ['scientometrics_bibliometrics', 'digital_libraries'],
};
const clinicalEvent = {
  title: 'Clinical Oncology Summit',
  description: 'Cancer treatment, chemotherapy, radiotherapy, clinical trials and patient outcomes.',
  primaryResearchArea: 'medical_health_sciences',
  secondaryResearchAreas: ['clinical_medicine'],
};

const mlAbstract =
  'Training deep neural networks on small data sets is difficult. However, little prior work studies how the order ' +
  'of training examples affects feature learning. We propose a stage-wise training framework for deep models. We ' +
  'trained convolutional networks on CIFAR-10 using a curriculum of image resolutions. Our results show that ' +
  'stage-wise training reduces the test error by 12% compared with standard training.';

describe('text tools', () => {
  it('splits sentences but not after abbreviations, initials or decimals', () => {
    expect(
      splitSentences(
        'We use e.g. a model by J. Smith et al. to do it. Fig. 2 shows 3.5 points! Is it good? Yes, it is.',
      ),
    ).toEqual([
      'We use e.g. a model by J. Smith et al. to do it.',
      'Fig. 2 shows 3.5 points!',
      'Is it good?',
      'Yes, it is.',
    ]);
  });

  it('undoes ligatures and hyphenated line breaks', () => {
    expect(normalizeText('ef\uFB01cient classi-\nfication   of  data')).toBe('efficient classification of data');
  });

  it('stems inflections of one word to one stem', () => {
    expect(new Set(['networks', 'networking', 'networked', 'network'].map(stem))).toEqual(new Set(['network']));
    expect(stem('studies')).toBe(stem('study'));
    expect(stem('optimization')).toBe(stem('optimize'));
    expect(stem('learning')).toBe(stem('learned'));
    expect(tokenize('The paper and the results of this study').map((token) => token.word)).toEqual([]);
  });
});

describe('highlights', () => {
  it('take each field from a sentence of the abstract, chosen by its cue phrases and position', () => {
    const highlights = pickHighlights(mlAbstract, '');
    expect(highlights).toEqual({
      problem_statement: 'Training deep neural networks on small data sets is difficult.',
      gap_analysis: 'However, little prior work studies how the order of training examples affects feature learning.',
      contribution: 'We propose a stage-wise training framework for deep models.',
      methodology: 'We trained convolutional networks on CIFAR-10 using a curriculum of image resolutions.',
      main_finding:
        'Our results show that stage-wise training reduces the test error by 12% compared with standard training.',
    });
  });

  it('are never written: every highlight is a sentence of the paper, and a field without evidence stays empty', () => {
    const abstract = 'Bird song changes in cities. We recorded songs in six cities.';
    const highlights = pickHighlights(abstract, '');
    for (const value of Object.values(highlights)) {
      if (value) expect(abstract).toContain(value);
    }
    expect(highlights.gap_analysis).toBe('');
    expect(pickHighlights('', '')).toEqual({
      problem_statement: '',
      gap_analysis: '',
      contribution: '',
      methodology: '',
      main_finding: '',
    });
  });

  it('look into the introduction for what the abstract does not say', () => {
    const body =
      'Title line\nAbstract text here.\n1 Introduction\nConference systems are everywhere. However, existing tools ' +
      'lack support for double-blind review across many venues. We describe the design of our system in detail.';
    const highlights = pickHighlights('Conference management takes time for every chair.', body);
    expect(highlights.gap_analysis).toBe(
      'However, existing tools lack support for double-blind review across many venues.',
    );
    expect(highlights.contribution).toBe('We describe the design of our system in detail.');
  });
});

describe('topics and relevance', () => {
  const paper = {
    title: 'Stage-wise Training of Deep Models',
    keywords: ['deep learning', 'training'],
    abstract: mlAbstract,
    fullText: '',
  };

  it('map a paper to catalogue subcategories, best first, scores relative to the main topic', () => {
    const topics = pickTopics(scoreTopics(paperSignal(paper)));
    expect(topics.main_topic).toMatchObject({
      key: 'artificial_intelligence_machine_learning',
      label: 'Artificial Intelligence & Machine Learning',
      area_key: 'computer_science',
      area_label: 'Computer Science',
      score: 1,
    });
    expect(topics.main_topic?.label_ar).toBe('الذكاء الاصطناعي وتعلّم الآلة');
    for (const topic of topics.secondary_topics) expect(topic.score).toBeLessThan(1);
    expect(topics.secondary_topics.length).toBeLessThanOrEqual(3);
  });

  it('give no topic when the text names none', () => {
    const none = { title: 'Xyzzy', keywords: [], abstract: 'Lorem ipsum dolor sit amet.', fullText: '' };
    expect(pickTopics(scoreTopics(paperSignal(none)))).toEqual({ main_topic: null, secondary_topics: [] });
  });

  it('score a paper higher for an event of its field, naming what matched', () => {
    const signal = paperSignal(paper);
    const scores = scoreTopics(signal);
    const mlEvent = {
      title: 'Conference on Deep Learning',
      description: 'Neural networks, training methods, representation learning.',
      primaryResearchArea: 'computer_science',
      secondaryResearchAreas: ['artificial_intelligence_machine_learning'],
    };
    const fit = relevanceToEvent(signal, scores, mlEvent);
    const misfit = relevanceToEvent(signal, scores, clinicalEvent);
    expect(fit.score).toBeGreaterThanOrEqual(3.5);
    expect(fit.score).toBeLessThanOrEqual(5);
    expect(misfit.score).toBeLessThan(1);
    expect(fit.matched_areas).toEqual(['computer_science', 'artificial_intelligence_machine_learning']);
    expect(fit.matched_terms).toEqual(expect.arrayContaining(['training', 'networks']));
    expect(fit.justification).toContain('Computer Science: Artificial Intelligence & Machine Learning');
    expect(fit.justification_ar).toContain('الذكاء الاصطناعي وتعلّم الآلة');
    expect(fit.justification_ar).toMatch(/^درجة الصلة \d\.\d من 5\./);
    expect(misfit.justification).toContain('outside the event');
  });
});

describe('analyzeLocally', () => {
  it('analyses a real PDF paper against the event it was sent to, in the AiAnalysis shape', async () => {
    const fixture = PAPER_FIXTURES.find((entry) => entry.name === 'abstract-without-heading');
    if (!fixture) throw new Error('fixture missing');
    const { pages } = await readPdfText(await fixture.build(), { maxPages: 10 });
    const input: InsightsInput = {
      title: fixture.truth.title,
      abstract: fixture.truth.abstract,
      keywords: fixture.truth.keywords,
      fullText: pages.join('\n\n'),
      event: bibliometricsEvent,
    };
    const analysis = analyzeLocally(input);
    expect(() =>
      AiAnalysis.parse({ provider: 'local', generated_at: new Date().toISOString(), ...analysis }),
    ).not.toThrow();
    const paperText = normalizeText(`${fixture.truth.abstract} ${pages.join(' ')}`);
    for (const sentence of Object.values(analysis.submission_highlights)) {
      if (sentence) expect(paperText).toContain(sentence);
    }
    expect(analysis.topics.main_topic?.key).toBe('scientometrics_bibliometrics');
    expect(analysis.relevance_to_event.score).toBeGreaterThanOrEqual(4);
    expect(analyzeLocally({ ...input, event: clinicalEvent }).relevance_to_event.score).toBeLessThan(1.5);
    expect(analysis.plagiarism).toEqual({
      available: false,
      message: 'Plagiarism checking is not available.',
      message_code: 'submissions.insights.plagiarismUnavailable',
    });
    // Deterministic.
    expect(analyzeLocally(input)).toEqual(analysis);
  });
});
