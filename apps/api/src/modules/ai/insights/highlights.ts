import { normalizeText, splitSentences } from './text.ts';

/*
 * Extractive highlights: each field is a sentence taken from the paper — never written — chosen by cue phrases and
 * position. The abstract is read first; sentences of the body (the introduction, where the gap and the contribution are
 * usually stated) are considered after it with a lower weight. A field no sentence fits stays empty, except that the
 * problem falls back to the abstract's first sentence and the finding to its last.
 */

export type Highlights = {
  problem_statement: string;
  gap_analysis: string;
  contribution: string;
  methodology: string;
  main_finding: string;
};

type Field = keyof Highlights;

type Cue = [RegExp, number];

const CUES: Record<Field, Cue[]> = {
  problem_statement: [
    [/\b(problem|challenge|issue|question|difficult(y|ies)?|bottleneck)s?\b/i, 2],
    [
      /\b(we|this (paper|work|study|article)) (address|tackle|consider|investigate|stud(y|ies)|examine|explore)s?\b/i,
      2,
    ],
    [/\b(aim|goal|objective|purpose)s? (of|is|was)\b/i, 2],
    [/\b(is|are|remains?) (hard|difficult|challenging|costly|time-consuming|expensive|an open)\b/i, 2],
    [/\b(need|demand|require)s? (for|to)\b/i, 1],
  ],
  gap_analysis: [
    [/\bhowever\b/i, 2],
    [/\b(lack|lacks|lacking|absence)\b/i, 2],
    [/\b(limited|limitation|insufficient|inadequate|shortcoming|drawback)s?\b/i, 2],
    [/\b(little|few|no) (is known|prior|previous|existing|research|studies|work|attention)\b/i, 3],
    [/\b(gap|unexplored|understudied|overlooked|neglected|not yet|remains? unclear|poorly understood)\b/i, 3],
    [
      /\b(existing|current|previous|prior|traditional|conventional) (approach|method|tool|system|work|solution|technique)s?\b/i,
      1,
    ],
    [/\b(fail|fails|cannot|unable|do not|does not)\b/i, 1],
  ],
  contribution: [
    [
      /\b(we|this (paper|work|study|article)) (propose|present|introduce|develop|describe|design|build|contribute|report|provide)s?\b/i,
      3,
    ],
    [/\b(our|the main) contributions?\b/i, 3],
    [/\bin this (paper|work|study|article)\b/i, 2],
    [/\b(novel|new) (approach|method|framework|tool|system|algorithm|model|technique|dataset)\b/i, 2],
    [/\b(called|named)\b/i, 1],
  ],
  methodology: [
    [
      /\b(we|were|was) (use|used|apply|applied|conduct|conducted|perform|performed|collect|collected|train|trained|simulate|simulated|interview|interviewed|survey|surveyed|analy[sz]e|analy[sz]ed|measure|measured|compare|compared)\b/i,
      3,
    ],
    [/\b(using|based on|by means of|through)\b/i, 1],
    [
      /\b(method|methodology|experiment|experimental|dataset|data set|survey|interview|simulation|randomi[sz]ed|cohort|sample|algorithm|framework|model|trial|case study|benchmark)s?\b/i,
      2,
    ],
    [/\b(participants|subjects|patients|respondents)\b/i, 1],
  ],
  main_finding: [
    [
      /\b(results?|findings?|experiments?|evaluations?|analys[ie]s) (show|shows|showed|indicate|indicates|suggest|suggests|reveal|reveals|demonstrate|demonstrates|confirm)\b/i,
      3,
    ],
    [/\b(we|this) (show|find|found|observe|observed|demonstrate|conclude|report)\b/i, 3],
    [/\b(found|find) that\b/i, 2],
    [
      /\b(outperform|outperforms|improve|improves|improved|improvement|reduce|reduces|reduced|increase|increases|increased|achieve|achieves|achieved|faster|better|higher|lower)\b/i,
      1,
    ],
    [/\bsignificant(ly)?\b|\d+(\.\d+)?\s?%|\bp\s?[<=]/i, 1],
    [/\b(conclu(de|sion)|overall|in summary|these results)\b/i, 1],
  ],
};

const FIELDS = Object.keys(CUES) as Field[];
const MIN_WORDS = 6;
const MAX_WORDS = 90;
const MAX_LENGTH = 600;
/** A field is filled by a cue only with at least this score. */
const THRESHOLD = 2;

type Candidate = { text: string; fromAbstract: boolean; index: number; total: number };

function usable(sentence: string): boolean {
  const words = sentence.split(/\s+/).length;
  if (words < MIN_WORDS || words > MAX_WORDS) return false;
  // Headings, reference lists, tables and e-mail lines are not prose.
  if (!/[a-z]{3,}/.test(sentence) || /@|https?:\/\//.test(sentence) || /^\[?\d+\]/.test(sentence)) return false;
  const letters = sentence.replace(/[^\p{L}]/gu, '').length;
  return letters / sentence.length > 0.6;
}

function clip(sentence: string): string {
  return sentence.length <= MAX_LENGTH ? sentence : `${sentence.slice(0, MAX_LENGTH - 1).trimEnd()}…`;
}

function key(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The body's prose after the abstract: from the introduction if it can be found, else after the abstract's text. */
function bodyText(abstract: string, fullText: string): string {
  const text = normalizeText(fullText);
  const intro = /\b(?:\d\.?|I\.?)?\s*Introduction\b/i.exec(text);
  if (intro) return text.slice(intro.index + intro[0].length, intro.index + 30_000);
  const tail = normalizeText(abstract).slice(-80);
  const at = tail ? text.indexOf(tail) : -1;
  return at === -1 ? '' : text.slice(at + tail.length, at + tail.length + 30_000);
}

function scoreFor(field: Field, candidate: Candidate): number {
  let score = 0;
  for (const [pattern, weight] of CUES[field]) if (pattern.test(candidate.text)) score += weight;
  if (score === 0) return 0;
  const position = candidate.total > 1 ? candidate.index / (candidate.total - 1) : 0;
  // Where each part usually sits in an abstract: the problem early, the finding late.
  if (field === 'problem_statement' || field === 'gap_analysis') score += 1 - position;
  if (field === 'main_finding') score += position;
  if (field === 'methodology' || field === 'contribution') score += 0.5 - Math.abs(position - 0.4);
  return candidate.fromAbstract ? score + 1 : score * 0.8;
}

/** Picks one sentence per field from the abstract (then the introduction), each sentence used once. */
export function pickHighlights(abstract: string, fullText: string): Highlights {
  const abstractSentences = splitSentences(abstract).filter(usable);
  const seen = new Set(abstractSentences.map(key));
  const bodySentences = splitSentences(bodyText(abstract, fullText))
    .filter((sentence) => usable(sentence) && !seen.has(key(sentence)))
    .slice(0, 120);
  const candidates: Candidate[] = [
    ...abstractSentences.map((text, index) => ({ text, fromAbstract: true, index, total: abstractSentences.length })),
    ...bodySentences.map((text, index) => ({ text, fromAbstract: false, index, total: bodySentences.length })),
  ];
  const pairs: { field: Field; candidate: number; score: number }[] = [];
  candidates.forEach((candidate, index) => {
    for (const field of FIELDS) {
      const score = scoreFor(field, candidate);
      if (score >= THRESHOLD) pairs.push({ field, candidate: index, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.candidate - b.candidate);
  const result: Highlights = {
    problem_statement: '',
    gap_analysis: '',
    contribution: '',
    methodology: '',
    main_finding: '',
  };
  const used = new Set<number>();
  for (const pair of pairs) {
    if (result[pair.field] || used.has(pair.candidate)) continue;
    const candidate = candidates[pair.candidate];
    if (!candidate) continue;
    result[pair.field] = clip(candidate.text);
    used.add(pair.candidate);
  }
  const firstFree = abstractSentences.findIndex((_, index) => !used.has(index));
  if (!result.problem_statement && firstFree !== -1) {
    result.problem_statement = clip(abstractSentences[firstFree] as string);
    used.add(firstFree);
  }
  const last = abstractSentences.length - 1;
  if (!result.main_finding && last > 0 && !used.has(last))
    result.main_finding = clip(abstractSentences[last] as string);
  return result;
}
