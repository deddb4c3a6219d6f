import { researchArea } from '@confero/contracts';
import { addCounts, cosine, surfaceForms, tokenize } from './text.ts';
import type { PaperSignal, TopicScore } from './topics.ts';

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

/** Shared vocabulary reaches its full weight at this cosine (texts on one subject rarely go higher). */
const FULL_LEXICAL_COSINE = 0.3;
const AREA_WEIGHT = 0.55;
const LEXICAL_WEIGHT = 0.45;
const MAX_TERMS = 8;

function eventText(event: RelevanceEvent): string {
  const area = researchArea(event.primaryResearchArea);
  const labels = (area?.subcategories ?? [])
    .filter((sub) => event.secondaryResearchAreas.includes(sub.key))
    .map((sub) => sub.name_en);
  return [event.title, event.description, area?.name_en ?? '', ...labels].join('\n');
}

/** The relevance of a paper (its signal and topic scores) to an event. */
export function relevanceToEvent(signal: PaperSignal, topics: readonly TopicScore[], event: RelevanceEvent): Relevance {
  const area = researchArea(event.primaryResearchArea);
  const best = topics[0]?.raw ?? 0;
  const inArea = topics.filter((entry) => entry.topic.area_key === event.primaryResearchArea);
  const relative = (entry: TopicScore | undefined) => (entry && best > 0 ? entry.raw / best : 0);

  // Areas: the paper's strongest topic in the event's primary area, relative to its strongest topic overall,
  // with the event's own subcategories counting fully and the rest of its area at two thirds.
  const chosen = inArea.filter((entry) => event.secondaryResearchAreas.includes(entry.topic.key));
  const areaComponent = Math.max(relative(chosen[0]), (2 / 3) * relative(inArea[0]));
  const matchedAreas = [
    ...(inArea.length > 0 && relative(inArea[0]) >= 0.35 ? [event.primaryResearchArea] : []),
    ...chosen.filter((entry) => relative(entry) >= 0.35).map((entry) => entry.topic.key),
  ];

  // Vocabulary: cosine of the event's text and the paper's title, keywords and abstract (full text counts little).
  const eventTokens = tokenize(eventText(event));
  const eventCounts = addCounts(new Map(), eventTokens);
  const similarity = cosine(eventCounts, signal.counts);
  const lexical = Math.min(1, similarity / FULL_LEXICAL_COSINE);
  const forms = surfaceForms([...eventTokens, ...signal.tokens]);
  const shared = [...eventCounts.keys()]
    .filter((term) => (signal.counts.get(term) ?? 0) >= 1 && term.length >= 3)
    .sort(
      (a, b) =>
        Math.min(signal.counts.get(b) ?? 0, 10) * (eventCounts.get(b) ?? 0) -
          Math.min(signal.counts.get(a) ?? 0, 10) * (eventCounts.get(a) ?? 0) || a.localeCompare(b),
    )
    .slice(0, MAX_TERMS)
    .map((term) => forms.get(term) ?? term);

  const score =
    Math.round(Math.min(5, Math.max(0, 5 * (AREA_WEIGHT * areaComponent + LEXICAL_WEIGHT * lexical))) * 10) / 10;
  const areaName = area?.name_en ?? event.primaryResearchArea;
  const areaNameAr = area?.name_ar ?? event.primaryResearchArea;
  const matched = chosen.filter((entry) => relative(entry) >= 0.35);
  const parts: string[] = [];
  const partsAr: string[] = [];
  if (matched.length > 0) {
    parts.push(
      `The paper matches the event's research areas ${areaName}: ${matched.map((entry) => entry.topic.label).join(', ')}.`,
    );
    partsAr.push(
      `تتوافق الورقة مع مجالات البحث في الفعالية: ${areaNameAr} — ${matched.map((entry) => entry.topic.label_ar).join('، ')}.`,
    );
  } else if (matchedAreas.includes(event.primaryResearchArea)) {
    parts.push(`The paper's topics fall within the event's primary research area, ${areaName}.`);
    partsAr.push(`تندرج موضوعات الورقة ضمن مجال البحث الرئيسي للفعالية: ${areaNameAr}.`);
  } else if (topics[0]) {
    const main = topics[0].topic;
    parts.push(
      `The paper's main topic (${main.area_label}: ${main.label}) lies outside the event's primary research area, ${areaName}.`,
    );
    partsAr.push(
      `يقع الموضوع الرئيسي للورقة (${main.area_label_ar}: ${main.label_ar}) خارج مجال البحث الرئيسي للفعالية: ${areaNameAr}.`,
    );
  } else {
    parts.push(`No research area of the catalogue could be recognised in the paper's text.`);
    partsAr.push('لم يُتعرَّف في نص الورقة على أي مجال بحث من مجالات الفهرس.');
  }
  if (shared.length > 0) {
    parts.push(`It shares these terms with the event's description: ${shared.join(', ')}.`);
    partsAr.push(`وتشترك مع وصف الفعالية في المصطلحات: ${shared.join('، ')}.`);
  } else {
    parts.push(`It shares no significant terms with the event's title and description.`);
    partsAr.push('ولا تشترك مع عنوان الفعالية ووصفها في مصطلحات ذات دلالة.');
  }
  return {
    score,
    justification: `Relevance ${score.toFixed(1)}/5. ${parts.join(' ')}`,
    justification_ar: `درجة الصلة ${score.toFixed(1)} من 5. ${partsAr.join(' ')}`,
    matched_areas: matchedAreas,
    matched_terms: shared,
  };
}
