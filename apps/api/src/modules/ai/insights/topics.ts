import { type InsightTopic, RESEARCH_AREAS } from '@confero/contracts';
import { type Token, tokenize } from './text.ts';
import { TOPIC_CUES } from './topic-cues.ts';

/*
 * Maps a paper to the research-area catalogue: every subcategory has a profile (the words of its label, the phrases
 * its label names, the cue terms of topic-cues.ts, and — weakly — its area's label); a profile's score is the sum
 * of its terms' weighted, log-scaled counts in the paper (title and keywords count most, then the abstract, then the
 * full text), each term weighted by how specific it is to few profiles (an IDF over the catalogue).
 */

type Profile = {
  areaKey: string;
  areaLabel: string;
  areaLabelAr: string;
  key: string;
  label: string;
  labelAr: string;
  /** stem → weight */
  terms: Map<string, number>;
  /** stem sequences joined by spaces → weight */
  phrases: Map<string, number>;
};

/** Words of labels that qualify rather than name a field ("Higher Education", "Applied Physics"): not evidence. */
const QUALIFIERS = new Set(['higher', 'applied', 'pure', 'general', 'other', 'related', 'basic', 'modern', 'special']);

/** Catch-all subcategories say nothing about a paper's topic. */
const isCatchAll = (key: string) => key.startsWith('other_') || key === 'general_reference';

let profiles: Profile[] | undefined;
let idf: Map<string, number> | undefined;

function phraseOf(tokens: readonly Token[]): string {
  return tokens.map((token) => token.stem).join(' ');
}

function buildProfiles(): { profiles: Profile[]; idf: Map<string, number> } {
  const built: Profile[] = [];
  for (const area of RESEARCH_AREAS) {
    const areaTokens = tokenize(area.name_en);
    for (const sub of area.subcategories) {
      if (isCatchAll(sub.key)) continue;
      const terms = new Map<string, number>();
      const phrases = new Map<string, number>();
      const add = (stemKey: string, weight: number) => terms.set(stemKey, Math.max(terms.get(stemKey) ?? 0, weight));
      for (const token of areaTokens) if (!QUALIFIERS.has(token.word)) add(token.stem, 0.3);
      for (const segment of sub.name_en.split(/,|&|\(|\)|\band\b|\bof\b|\bits\b/i)) {
        const tokens = tokenize(segment);
        // A two-word name counts fully as a phrase; its words alone are weaker evidence.
        for (const token of tokens) if (!QUALIFIERS.has(token.word)) add(token.stem, tokens.length >= 2 ? 0.6 : 1);
        if (tokens.length >= 2) phrases.set(phraseOf(tokens), 1.5);
      }
      for (const cue of TOPIC_CUES[sub.key] ?? []) {
        const tokens = tokenize(cue);
        if (tokens.length === 1 && tokens[0]) add(tokens[0].stem, 0.8);
        else if (tokens.length >= 2) phrases.set(phraseOf(tokens), 1.2);
      }
      built.push({
        areaKey: area.key,
        areaLabel: area.name_en,
        areaLabelAr: area.name_ar,
        key: sub.key,
        label: sub.name_en,
        labelAr: sub.name_ar,
        terms,
        phrases,
      });
    }
  }
  const df = new Map<string, number>();
  for (const profile of built) {
    for (const term of new Set([
      ...profile.terms.keys(),
      ...[...profile.phrases.keys()].flatMap((p) => p.split(' ')),
    ])) {
      df.set(term, (df.get(term) ?? 0) + 1);
    }
  }
  const weights = new Map<string, number>();
  for (const [term, count] of df) weights.set(term, Math.log(1 + built.length / count));
  return { profiles: built, idf: weights };
}

function catalogue() {
  if (!profiles || !idf) ({ profiles, idf } = buildProfiles());
  return { profiles, idf };
}

/** The parts of a paper, with how much each counts. */
export type PaperText = { title: string; keywords: readonly string[]; abstract: string; fullText: string };

/** Stem counts and stem text of a paper's parts, weighted: title and keywords ×3, abstract ×2, full text ×0.5. */
export function paperSignal(paper: PaperText) {
  const sections: { tokens: Token[]; weight: number }[] = [
    { tokens: tokenize(paper.title), weight: 3 },
    { tokens: tokenize(paper.keywords.join(' ; ')), weight: 3 },
    { tokens: tokenize(paper.abstract), weight: 2 },
    { tokens: tokenize(paper.fullText.slice(0, 200_000)), weight: 0.5 },
  ];
  const counts = new Map<string, number>();
  for (const section of sections) {
    for (const token of section.tokens) counts.set(token.stem, (counts.get(token.stem) ?? 0) + section.weight);
  }
  const joined = sections.map((section) => ({ text: ` ${phraseOf(section.tokens)} `, weight: section.weight }));
  // What the paper says it is about (title, keywords, abstract), unweighted: the text a call is compared with. The
  // full text stands in only when there is no abstract, since its length would drown the summary.
  const summary = new Map<string, number>();
  const summaryTokens = sections.slice(0, 3).flatMap((section) => section.tokens);
  const hasAbstract = (sections[2]?.tokens.length ?? 0) > 0;
  for (const token of hasAbstract ? summaryTokens : [...summaryTokens, ...(sections[3]?.tokens ?? [])])
    summary.set(token.stem, (summary.get(token.stem) ?? 0) + 1);
  return { counts, summary, sections: joined, tokens: sections.flatMap((section) => section.tokens) };
}

export type PaperSignal = ReturnType<typeof paperSignal>;

function countPhrase(signal: PaperSignal, phrase: string, sections = signal.sections): number {
  let total = 0;
  const needle = ` ${phrase} `;
  for (const section of sections) {
    let from = section.text.indexOf(needle);
    while (from !== -1) {
      total += section.weight;
      from = section.text.indexOf(needle, from + needle.length - 1);
    }
  }
  return total;
}

export type TopicScore = { topic: InsightTopic; raw: number };

/**
 * Whether the paper's summary (title, keywords, abstract — or its full text when it has no abstract) holds any term or
 * phrase of a profile: the full text weighs a topic but cannot bring one in alone, since a body's method and table
 * prose touches many fields.
 */
function inSummary(signal: PaperSignal, profile: Profile): boolean {
  for (const term of profile.terms.keys()) if (signal.summary.has(term)) return true;
  const summarySections =
    signal.summary.size > 0 && signal.sections[2]?.text.trim() ? signal.sections.slice(0, 3) : signal.sections;
  for (const phrase of profile.phrases.keys()) if (countPhrase(signal, phrase, summarySections) > 0) return true;
  return false;
}

/** Every catalogue subcategory's raw score for the paper, best first (zero scores and topics absent from the summary left out). */
export function scoreTopics(signal: PaperSignal): TopicScore[] {
  const { profiles: all, idf: weights } = catalogue();
  const scored: TopicScore[] = [];
  for (const profile of all) {
    if (!inSummary(signal, profile)) continue;
    let score = 0;
    for (const [term, weight] of profile.terms) {
      const count = signal.counts.get(term);
      if (count) score += weight * (weights.get(term) ?? 1) * Math.log1p(count);
    }
    for (const [phrase, weight] of profile.phrases) {
      const count = countPhrase(signal, phrase);
      if (count === 0) continue;
      const parts = phrase.split(' ');
      const specificity = parts.reduce((sum, part) => sum + (weights.get(part) ?? 1), 0) / parts.length;
      score += weight * specificity * Math.log1p(count);
    }
    if (score <= 0) continue;
    score /= Math.sqrt(profile.terms.size + profile.phrases.size);
    scored.push({
      raw: score,
      topic: {
        key: profile.key,
        label: profile.label,
        label_ar: profile.labelAr,
        area_key: profile.areaKey,
        area_label: profile.areaLabel,
        area_label_ar: profile.areaLabelAr,
        score: 0,
      },
    });
  }
  return scored.sort((a, b) => b.raw - a.raw || a.topic.key.localeCompare(b.topic.key));
}

/** A main topic needs at least this raw score; weaker evidence gives no topic rather than a guess. */
export const MIN_TOPIC_SCORE = 0.6;
const SECONDARY_RATIO = 0.35;
const MAX_SECONDARY = 3;

/** The main topic and up to three secondary ones, each scored relative to the main topic (1.0). */
export function pickTopics(scores: readonly TopicScore[]): {
  main_topic: InsightTopic | null;
  secondary_topics: InsightTopic[];
} {
  const best = scores[0];
  if (!best || best.raw < MIN_TOPIC_SCORE) return { main_topic: null, secondary_topics: [] };
  const relative = (entry: TopicScore): InsightTopic => ({
    ...entry.topic,
    score: Math.round((entry.raw / best.raw) * 100) / 100,
  });
  const seen = new Set([best.topic.key]);
  const secondary: InsightTopic[] = [];
  for (const entry of scores.slice(1)) {
    if (secondary.length >= MAX_SECONDARY || entry.raw < best.raw * SECONDARY_RATIO) break;
    if (seen.has(entry.topic.key)) continue;
    seen.add(entry.topic.key);
    secondary.push(relative(entry));
  }
  return { main_topic: relative(best), secondary_topics: secondary };
}
