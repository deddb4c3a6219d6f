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

describe('highlights by rhetorical role', () => {
  it('do not take related work as the gap, nor an announcement as the finding; unmatched fields stay empty', () => {
    const abstract =
      'Urban lakes receive large loads of road salt every winter. Smith et al. (2019) reported limited effects of ' +
      'salt on zooplankton in a single mesocosm study. We sampled zooplankton and algae in 24 lakes along a gradient ' +
      'of chloride concentration. We also report preliminary experiments on the tolerance of two cladoceran species.';
    expect(pickHighlights(abstract, '')).toEqual({
      problem_statement: '',
      gap_analysis: '',
      contribution: '',
      methodology: 'We sampled zooplankton and algae in 24 lakes along a gradient of chloride concentration.',
      main_finding: '',
    });
  });

  it('take a cited work as the gap only when the sentence turns to what it leaves open', () => {
    const abstract =
      'Legged robots fall when they step on surfaces that deform under their weight. However, the controllers of ' +
      'Hwangbo et al. [2] do not adapt to ground that yields. Our results show that the robot fell in 2 of 300 trials.';
    const highlights = pickHighlights(abstract, '');
    expect(highlights.problem_statement).toBe(
      'Legged robots fall when they step on surfaces that deform under their weight.',
    );
    expect(highlights.gap_analysis).toBe(
      'However, the controllers of Hwangbo et al. [2] do not adapt to ground that yields.',
    );
    expect(highlights.main_finding).toBe('Our results show that the robot fell in 2 of 300 trials.');
  });

  it('read the labels of a structured abstract, and a result that narrows a "gap" is a finding, not the gap', () => {
    const structured =
      'Background: Urban noise masks bird song at low frequencies. Methods: We recorded 120 males in six cities and ' +
      'six forests. Results: City birds sang 300 Hz higher than forest birds.';
    expect(pickHighlights(structured, '')).toMatchObject({
      methodology: 'Methods: We recorded 120 males in six cities and six forests.',
      main_finding: 'Results: City birds sang 300 Hz higher than forest birds.',
      gap_analysis: '',
    });
    const narrowed =
      'Double-blind reviewing hides author identities, but its effect on reviewer workload is rarely measured. ' +
      'Double-blind review reduced the gap in acceptance rates between institutions by a third.';
    expect(pickHighlights(narrowed, '')).toMatchObject({
      gap_analysis:
        'Double-blind reviewing hides author identities, but its effect on reviewer workload is rarely measured.',
      main_finding: 'Double-blind review reduced the gap in acceptance rates between institutions by a third.',
    });
  });

  it('read the introduction up to the next section heading, never the related work after it', () => {
    const body =
      'A Title\nAbstract\nDependency updates break builds.\n1 Introduction\nModern applications depend on many ' +
      'packages.\n2 Related Work\nHowever, existing tools lack support for predicting breaking changes in builds.';
    expect(pickHighlights('Dependency updates break builds in many software projects.', body).gap_analysis).toBe('');
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

describe('relevance states only what the topics support', () => {
  const mlEvent = {
    title: 'Conference on Machine Learning',
    description: 'Deep learning, neural networks, representation learning and reinforcement learning.',
    primaryResearchArea: 'computer_science',
    secondaryResearchAreas: ['artificial_intelligence_machine_learning'],
  };
  const ecologyPaper = {
    title: 'Invasive Crayfish and the Decline of Native Amphibians in Alpine Lakes',
    abstract:
      'Invasive crayfish have spread through alpine lakes. We surveyed amphibian populations in 40 lakes. Lakes with ' +
      'crayfish held fewer tadpoles, and two native frog species had disappeared from most of them.',
    keywords: ['invasive species', 'amphibians', 'freshwater ecology', 'biodiversity'],
    fullText: '',
  };
  const relevance = (paper: typeof ecologyPaper, event: typeof mlEvent) => {
    const signal = paperSignal(paper);
    return relevanceToEvent(signal, scoreTopics(signal), event);
  };

  it("names an off-topic paper's main topic and the call's areas, and claims no fit", () => {
    const result = relevance(ecologyPaper, mlEvent);
    expect(result.score).toBeLessThan(1);
    expect(result.justification).toBe(
      "Relevance 0.0/5. The paper's main topic, Environmental Sciences: Ecology and Biodiversity Conservation, lies " +
        "outside the event's research areas (Computer Science: Artificial Intelligence & Machine Learning). It shares " +
        "no significant terms with the event's title and description.",
    );
    expect(result.justification).not.toMatch(/within|matches|falls/);
    expect(result.justification_ar).toContain('خارج');
    expect(result.matched_areas).toEqual([]);
  });

  it('counts the whole primary area when the event chose no subcategory, and says so', () => {
    const event = { ...mlEvent, primaryResearchArea: 'environmental_sciences', secondaryResearchAreas: [] };
    const result = relevance(ecologyPaper, { ...event, description: 'Freshwater ecology and biodiversity.' });
    expect(result.score).toBeGreaterThanOrEqual(4);
    expect(result.justification).toContain(
      "The paper's main topic, Environmental Sciences: Ecology and Biodiversity Conservation, is within the event's " +
        'primary research area, Environmental Sciences.',
    );
  });

  it('says when the main topic is in the primary area but not a chosen subcategory, and scores it below in-scope', () => {
    const databases = {
      title: 'A Query Optimiser for Column-Store Databases',
      abstract: 'We present a query optimiser for column stores that chooses scan orders from column statistics.',
      keywords: ['databases', 'query optimisation'],
      fullText: '',
    };
    const result = relevance(databases, mlEvent);
    expect(result.justification).toContain('but not among the subcategories the event chose');
    expect(result.score).toBeLessThan(4);
  });

  it('does not let a long full text drown a paper that matches the call word for word', () => {
    const paper = {
      title: 'Deep Learning with Neural Networks for Representation Learning',
      abstract: 'We study deep learning, neural networks, representation learning and reinforcement learning.',
      keywords: ['deep learning', 'neural networks'],
      fullText: 'The apparatus, the procedure and the tables of this report are described below. '.repeat(400),
    };
    expect(relevance(paper, mlEvent).score).toBe(5);
  });

  it('scores an Arabic paper against an Arabic call on shared wording, saying no catalogue area was recognised', () => {
    const event = {
      title: 'المؤتمر الدولي للتعليم الإلكتروني',
      description: 'التعليم الإلكتروني، التعلم عن بعد، المنصات التعليمية وتصميم المقررات الرقمية.',
      primaryResearchArea: 'education_pedagogy',
      secondaryResearchAreas: ['educational_technology'],
    };
    const paper = {
      title: 'أثر المنصات التعليمية الإلكترونية في تحصيل طلاب الجامعات',
      abstract: 'درسنا أثر المنصات التعليمية والتعلم عن بعد في تحصيل 400 طالب.',
      keywords: ['التعليم الإلكتروني'],
      fullText: '',
    };
    const result = relevance(paper, event);
    expect(result.score).toBeGreaterThanOrEqual(4);
    expect(result.justification).toContain('so the score rests on shared wording alone');
    expect(stem('التعليمية')).toBe(stem('التعليم'));
    expect(stem('المنصات')).toBe(stem('منصة'));
    expect(tokenize('في هذه الدراسة').map((token) => token.word)).toEqual([]);
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
