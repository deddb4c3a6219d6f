import { researchArea } from '@confero/contracts';
import { addCounts, cosine, surfaceForms, tokenize } from './text.ts';
import { MIN_TOPIC_SCORE, type PaperSignal, type TopicScore } from './topics.ts';

/*
 * Relevance of a paper to the event it was submitted to, 0–5: how well the paper's catalogue topics
 * match the event's research areas (its primary area and chosen subcategories), and how much vocabulary the paper
 * shares with the event's title, description and area labels. The justification names what matched.
 */

export type RelevanceEvent = {
  title: string;
  description: string;
  primaryResearchArea: string;
  secondaryResearchAreas: readonly string[];
};

export type Relevance = {
  score: number;
  justification: string;
  justification_ar: string;
  matched_areas: string[];
  matched_terms: string[];
};

/** Shared vocabulary reaches its full weight at this cosine (a summary and a call on one subject rarely go higher). */
const FULL_LEXICAL_COSINE = 0.25;
/** A topic of the event's primary area that the event did not choose counts this much of a chosen one. */
const ADJACENT = 0.5;
/** A topic counts as present in the paper at this fraction of its main topic's strength. */
const PRESENT = 0.35;
const TOPIC_WEIGHT = 0.6;
const LEXICAL_WEIGHT = 0.4;
const MAX_TERMS = 8;

/**
 * The score scale: evidence (0–1) → score (0–5), piecewise linear and increasing. Evidence 0.5 — the paper's main topic
 * within the call's scope with little shared wording, or half of both — is where "in scope" begins (4.0); 0.25 —
 * an adjacent topic with some shared wording — is the floor of "related" (2.5). Set on the bench's tuning cases
 * (README.md).
 */
const SCALE: readonly [evidence: number, score: number][] = [
  [0, 0],
  [0.1, 1],
  [0.25, 2.5],
  [0.5, 4],
  [0.8, 4.8],
  [1, 5],
];

export function scoreOf(evidence: number): number {
  const e = Math.min(1, Math.max(0, evidence));
  for (let i = 1; i < SCALE.length; i++) {
    const [e1, s1] = SCALE[i] as [number, number];
    const [e0, s0] = SCALE[i - 1] as [number, number];
    if (e <= e1) return Math.round((s0 + ((e - e0) / (e1 - e0)) * (s1 - s0)) * 10) / 10;
  }
  return 5;
}

function eventText(event: RelevanceEvent): string {
  const area = researchArea(event.primaryResearchArea);
  const labels = (area?.subcategories ?? [])
    .filter((sub) => event.secondaryResearchAreas.includes(sub.key))
    .map((sub) => sub.name_en);
  return [event.title, event.description, area?.name_en ?? '', ...labels].join('\n');
}

/** The terms the event's text and the paper's summary share, most telling first, as words. */
function sharedTerms(signal: PaperSignal, eventCounts: Map<string, number>, forms: Map<string, string>): string[] {
  const weight = (term: string) => Math.min(signal.summary.get(term) ?? 0, 10) * (eventCounts.get(term) ?? 0);
  return [...eventCounts.keys()]
    .filter((term) => (signal.summary.get(term) ?? 0) >= 1 && term.length >= 3)
    .sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))
    .slice(0, MAX_TERMS)
    .map((term) => forms.get(term) ?? term);
}

type Clause = { en: string; ar: string };

const topicName = (topic: TopicScore['topic']) => ({
  en: `${topic.area_label}: ${topic.label}`,
  ar: `${topic.area_label_ar}: ${topic.label_ar}`,
});

/**
 * The relevance of a paper (its signal and topic scores) to an event. Two pieces of evidence: the topic fit (the
 * paper's strongest topic within the call's scope — its chosen subcategories, or its whole primary area when it chose
 * none — relative to the paper's main topic; a topic elsewhere in the primary area counts at ADJACENT) and the
 * lexical fit (cosine of the call's text and the paper's title, keywords and abstract). Their weighted mean goes
 * through SCALE. Each sentence of the justification states only what these computed matches show.
 */
export function relevanceToEvent(signal: PaperSignal, topics: readonly TopicScore[], event: RelevanceEvent): Relevance {
  const area = researchArea(event.primaryResearchArea);
  const chosenKeys = event.secondaryResearchAreas.filter((key) => area?.subcategories.some((sub) => sub.key === key));
  const main = topics[0] && topics[0].raw >= MIN_TOPIC_SCORE ? topics[0] : undefined;
  const relative = (entry: TopicScore | undefined) => (entry && main ? entry.raw / main.raw : 0);
  const inArea = topics.filter((entry) => entry.topic.area_key === event.primaryResearchArea);
  const inScope = chosenKeys.length > 0 ? inArea.filter((entry) => chosenKeys.includes(entry.topic.key)) : inArea;
  const adjacent = chosenKeys.length > 0 ? inArea.filter((entry) => !chosenKeys.includes(entry.topic.key)) : [];
  const topicFit = Math.max(relative(inScope[0]), ADJACENT * relative(adjacent[0]));
  const matchedAreas = [
    ...(relative(inArea[0]) >= PRESENT ? [event.primaryResearchArea] : []),
    ...inArea
      .filter((entry) => chosenKeys.includes(entry.topic.key) && relative(entry) >= PRESENT)
      .map((entry) => entry.topic.key),
  ];

  const eventTokens = tokenize(eventText(event));
  const eventCounts = addCounts(new Map(), eventTokens);
  const lexicalFit = Math.min(1, cosine(eventCounts, signal.summary) / FULL_LEXICAL_COSINE);
  const shared = sharedTerms(signal, eventCounts, surfaceForms([...eventTokens, ...signal.tokens]));

  // Without a recognised topic the vocabulary is the only evidence (an Arabic paper: the catalogue's cues are English).
  const evidence = main ? TOPIC_WEIGHT * topicFit + LEXICAL_WEIGHT * lexicalFit : lexicalFit;
  const score = scoreOf(evidence);

  const clauses = [topicClause(main, inScope, adjacent, area, event), lexicalClause(shared)];
  return {
    score,
    justification: `Relevance ${score.toFixed(1)}/5. ${clauses.map((clause) => clause.en).join(' ')}`,
    justification_ar: `درجة الصلة ${score.toFixed(1)} من 5. ${clauses.map((clause) => clause.ar).join(' ')}`,
    matched_areas: matchedAreas,
    matched_terms: shared,
  };
}

/** What the topics show: the paper's main topic, the call's scope, and whether they meet. */
function topicClause(
  main: TopicScore | undefined,
  inScope: readonly TopicScore[],
  adjacent: readonly TopicScore[],
  area: ReturnType<typeof researchArea>,
  event: RelevanceEvent,
): Clause {
  const areaName = { en: area?.name_en ?? event.primaryResearchArea, ar: area?.name_ar ?? event.primaryResearchArea };
  if (!main) {
    return {
      en: "No research area of the catalogue could be recognised in the paper's text, so the score rests on shared wording alone.",
      ar: 'لم يُتعرَّف في نص الورقة على أي مجال بحث من مجالات الفهرس، فالدرجة مبنية على المصطلحات المشتركة وحدها.',
    };
  }
  const mainName = topicName(main.topic);
  const chosen = (area?.subcategories ?? []).filter((sub) => event.secondaryResearchAreas.includes(sub.key));
  const scopeName =
    chosen.length > 0
      ? {
          en: `the event's research areas (${areaName.en}: ${chosen.map((sub) => sub.name_en).join(', ')})`,
          ar: `مجالات البحث في الفعالية (${areaName.ar}: ${chosen.map((sub) => sub.name_ar).join('، ')})`,
        }
      : { en: `the event's primary research area, ${areaName.en}`, ar: `مجال البحث الرئيسي للفعالية: ${areaName.ar}` };
  if (inScope[0] === main) {
    return {
      en: `The paper's main topic, ${mainName.en}, is within ${scopeName.en}.`,
      ar: `الموضوع الرئيسي للورقة (${mainName.ar}) ضمن ${scopeName.ar}.`,
    };
  }
  const also = inScope.filter((entry) => entry.raw / main.raw >= PRESENT).map((entry) => topicName(entry.topic));
  if (adjacent[0] === main) {
    return {
      en: `The paper's main topic, ${mainName.en}, is in the event's primary research area, ${areaName.en}, but not among the subcategories the event chose.`,
      ar: `الموضوع الرئيسي للورقة (${mainName.ar}) من مجال البحث الرئيسي للفعالية (${areaName.ar})، لكنه ليس من الفروع التي اختارتها.`,
    };
  }
  if (also.length > 0) {
    return {
      en: `The paper's main topic, ${mainName.en}, lies outside ${scopeName.en}; it also touches ${also.map((name) => name.en).join(', ')}, which is within it.`,
      ar: `يقع الموضوع الرئيسي للورقة (${mainName.ar}) خارج ${scopeName.ar}، لكنها تتناول أيضًا ${also.map((name) => name.ar).join('، ')}، وهو ضمنها.`,
    };
  }
  return {
    en: `The paper's main topic, ${mainName.en}, lies outside ${scopeName.en}.`,
    ar: `يقع الموضوع الرئيسي للورقة (${mainName.ar}) خارج ${scopeName.ar}.`,
  };
}

function lexicalClause(shared: readonly string[]): Clause {
  return shared.length > 0
    ? {
        en: `It shares these terms with the event's title and description: ${shared.join(', ')}.`,
        ar: `وتشترك مع عنوان الفعالية ووصفها في المصطلحات: ${shared.join('، ')}.`,
      }
    : {
        en: "It shares no significant terms with the event's title and description.",
        ar: 'ولا تشترك مع عنوان الفعالية ووصفها في مصطلحات ذات دلالة.',
      };
}
