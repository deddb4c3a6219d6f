import { normalizeText, splitSentences } from './text.ts';

/*
 * Extractive highlights: each field is a sentence taken from the paper — never written — chosen by its rhetorical role:
 * cue phrases of the role (a problem states a difficulty or harm, a gap what is not known or not done, a contribution
 * what this paper offers, a method what was done, a finding a result), the sentence's position (problems early,
 * findings late) and its section (the abstract first, then the introduction; related work never). A sentence that
 * reports other people's work (a citation, "et al.", "previous studies") is not this paper's problem, contribution,
 * method or finding, and is its gap only when it turns to what that work leaves open ("however … do not"). An
 * announcement without content ("we report preliminary experiments", "implications are discussed") fills no field. A
 * field no sentence fits stays empty: an empty field is shown as "not found", a wrong one misleads.
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
    [/\b(problem|challenge|issue|open question|difficult(y|ies)?|bottleneck)s?\b/i, 2],
    [/\b(we|this (paper|work|study|article)) (address|tackle)s?\b/i, 2],
    [/\b(ask|asked|asks|test|tested) whether\b/i, 2],
    // The labels of a structured abstract.
    [/^(objectives?|aims?|purpose|problem):/i, 3],
    [/\b(aim|goal|objective|purpose)s? (of|is|was)\b/i, 2],
    [/\b(is|are|remains?) (hard|difficult|challenging|costly|time-consuming|expensive|an open)\b/i, 2],
    // A harm or cost the field lives with.
    [
      /\b(break|breaks|fall|falls|suffer|suffers|costly|harm|harms|threat|threatens?|undermines?|hinders?|hampers?|complication|vulnerabilit(y|ies)|overfitting|common source|requires? large|waste)\b/i,
      2,
    ],
    [/\b(need|demand|require)s? (for|to)\b/i, 1],
  ],
  gap_analysis: [
    [/\b(however|but|yet|although|nevertheless)\b/i, 1],
    [/\b(lack|lacks|lacking|absence)\b/i, 2],
    [/\b(insufficient|inadequate|shortcoming|drawback)s?\b/i, 2],
    [/\b(rarely|seldom|never) (been )?(measured|studied|examined|addressed|considered|tested|evaluated)\b/i, 3],
    [/\b(little|few|no) (is known|prior|previous|existing|research|studies|work|attention|tool|method)\b/i, 3],
    [
      /\b((research|knowledge|this) gap|gap in (the )?(literature|knowledge|research|understanding)|unexplored|understudied|overlooked|neglected|not yet|not been|remains? unclear|unknown|poorly understood)\b/i,
      3,
    ],
    [
      /\b(existing|current|previous|prior|traditional|conventional) (approach|method|tool|system|work|solution|technique|fuzzer|model)s?\b/i,
      1,
    ],
    [/\b(fail|fails|cannot|unable|do not|does not|did not)\b/i, 1],
  ],
  contribution: [
    [
      /\b(we|this (paper|work|study|article)) (propose|present|introduce|develop|describe|design|build|contribute|report|provide|release|examine|investigate|explore)s?\b/i,
      3,
    ],
    [/\b(our|the main) contributions?\b/i, 3],
    [/\bin this (paper|work|study|article)\b/i, 2],
    [/\b(novel|new) (approach|method|framework|tool|system|algorithm|model|technique|dataset)\b/i, 2],
    [/\b(called|named)\b/i, 1],
  ],
  methodology: [
    [/^(methods?|materials and methods|design|setting|participants):/i, 3],
    [
      /\b(we|were|was) (use|used|apply|applied|conduct|conducted|perform|performed|collect|collected|train|trained|simulate|simulated|interview|interviewed|survey|surveyed|sample|sampled|analy[sz]e|analy[sz]ed|measure|measured|compare|compared|model|estimate|prepared|grew|followed|recorded)\b/i,
      3,
    ],
    [/\b(using|based on|by means of|through)\b/i, 1],
    [
      /\b(method|methodology|experiment|experimental|dataset|data set|survey|interview|simulation|randomi[sz]ed|cohort|sample|algorithm|framework|model|trial|case study|benchmark|field study)s?\b/i,
      2,
    ],
    [/\b(participants|subjects|patients|respondents)\b/i, 1],
  ],
  main_finding: [
    [/^(results?|findings?):/i, 3],
    [/^conclusions?:/i, 2],
    [/\bno (measurable|significant|detectable) (difference|effect|change|time|increase|decrease)\b/i, 2],
    [
      /\b(results?|findings?|experiments?|evaluations?|analys[ie]s) (show|shows|showed|indicate|indicates|suggest|suggests|reveal|reveals|demonstrate|demonstrates|confirm)\b/i,
      3,
    ],
    [/\b(we|this) (show|find|found|observe|observed|demonstrate|conclude)\b/i, 3],
    [/\b(found|find|finds|show|shows) that\b/i, 2],
    [/\b(points? to|associated with|did not differ|fell|rose|grew|declined|dropped|doubled|halved)\b/i, 2],
    [/\b(suggests?|indicates?|implies|means) that\b/i, 2],
    [/\b(twice|(\d+|two|three|four|five|ten) times|times as (many|much))\b/i, 2],
    [/\b(finds|detects|detected|identifies|identified|covered|reached|reaches)\b/i, 1],
    [
      /\b(outperform|outperforms|improve|improves|improved|improvement|reduce|reduces|reduced|increase|increases|increased|achieve|achieves|achieved|faster|slower|better|worse|higher|lower|longer|shorter|more|fewer)\b/i,
      1,
    ],
    [/\bsignificant(ly)?\b|\d+(\.\d+)?\s?%|\bp\s?[<=]/i, 1],
    [/\b(conclu(de|sion)|overall|in summary|these results)\b/i, 1],
  ],
};

/** Other people's work: a numbered or author–year citation, "et al.", "previous studies", "has been proposed". */
const CITING =
  /\bet al\b|\[\d+(?:\s*[,–-]\s*\d+)*\]|\(\p{Lu}[\p{L}'-]+(?: et al\.?| and \p{Lu}[\p{L}'-]+)?,? \d{4}[a-z]?(?:;[^)]*)?\)|(?<!\b(?:little|no|few) )\b(previous|prior|earlier|recent|several) (work|works|studies|research|surveys)\b|\b(has|have) been (proposed|studied|applied|shown|described)\b/u;
/** What leaves a cited work open: a turn and a negation. */
const TURN_TO_GAP =
  /\b(however|but|yet|although|nevertheless)\b.*\b(not|no|little|few|lack|cannot|fail|only|unclear)\b/i;
/** Announcements without content, and remarks that close an abstract. */
const ANNOUNCEMENT =
  /\bpreliminary (experiments?|results?|study|studies)\b|\b(are|is) (discussed|outlined)\b|\bfuture work\b|\bconsistent with (earlier|previous|prior)\b/i;

const FIELDS = Object.keys(CUES) as Field[];
const MIN_WORDS = 6;
const MAX_WORDS = 90;
const MAX_LENGTH = 600;
/** A field is filled only by a sentence whose cues for it sum to at least this. */
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

/** A line that opens a section after the introduction: "2 Related Work", "II. BACKGROUND", "Methods". */
const SECTION_HEADING =
  /^\s*(?:(?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s+\p{Lu}[\p{L} ,&-]{2,60}|(?:related work|background|methods?|materials and methods|preliminaries|literature review))\s*$/iu;

/**
 * The introduction's prose: from an "Introduction" heading to the next section heading (related work and what
 * follows describe others' work or details). Without such a heading, the text after the abstract, to the first
 * section heading.
 */
function introductionText(abstract: string, fullText: string): string {
  const lines = fullText.split(/\r?\n/);
  let start = lines.findIndex((line) => /^\s*(?:\d\.?|I\.?)?\s*Introduction\s*$/i.test(line));
  if (start === -1) {
    const tail = normalizeText(abstract).slice(-80);
    if (!tail) return '';
    start = lines.findIndex((line) => normalizeText(line).includes(tail.slice(-40)));
    if (start === -1) return '';
  }
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => SECTION_HEADING.test(line));
  return normalizeText((end === -1 ? rest : rest.slice(0, end)).join('\n')).slice(0, 30_000);
}

/** How strongly a sentence plays a field's role (0: not at all); the cues alone, before position and section. */
function cueScore(field: Field, text: string): number {
  if (ANNOUNCEMENT.test(text)) return 0;
  if (CITING.test(text) && !(field === 'gap_analysis' && TURN_TO_GAP.test(text))) return 0;
  let score = 0;
  for (const [pattern, weight] of CUES[field]) if (pattern.test(text)) score += weight;
  return score;
}

/** An abstract ends with its results: there, one weak result cue is enough evidence of a finding. */
function closingBonus(field: Field, cue: number, candidate: Candidate): number {
  const last = candidate.fromAbstract && candidate.index === candidate.total - 1 && candidate.total > 1;
  return field === 'main_finding' && last && cue >= 1 ? 1 : 0;
}

/** The cue score with the usual place of each part in an abstract (the problem early, the finding late). */
function rank(field: Field, cue: number, candidate: Candidate): number {
  const position = candidate.total > 1 ? candidate.index / (candidate.total - 1) : 0;
  let score = cue;
  if (field === 'problem_statement' || field === 'gap_analysis') score += 1 - position;
  if (field === 'main_finding') score += position;
  if (field === 'methodology' || field === 'contribution') score += 0.5 - Math.abs(position - 0.4);
  return candidate.fromAbstract ? score + 1 : score * 0.8;
}

/**
 * Picks one sentence per field from the abstract (then the introduction), each sentence used once, the strongest
 * (field, sentence) pairs first. A field needs a cue score of THRESHOLD; one without stays empty.
 */
export function pickHighlights(abstract: string, fullText: string): Highlights {
  const abstractSentences = splitSentences(abstract).filter(usable);
  const seen = new Set(abstractSentences.map(key));
  const bodySentences = splitSentences(introductionText(abstract, fullText))
    .filter((sentence) => usable(sentence) && !seen.has(key(sentence)))
    .slice(0, 120);
  const candidates: Candidate[] = [
    ...abstractSentences.map((text, index) => ({ text, fromAbstract: true, index, total: abstractSentences.length })),
    ...bodySentences.map((text, index) => ({ text, fromAbstract: false, index, total: bodySentences.length })),
  ];
  const pairs: { field: Field; candidate: number; score: number }[] = [];
  candidates.forEach((candidate, index) => {
    for (const field of FIELDS) {
      const base = cueScore(field, candidate.text);
      const cue = base + closingBonus(field, base, candidate);
      if (cue >= THRESHOLD) pairs.push({ field, candidate: index, score: rank(field, cue, candidate) });
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
    const candidate = candidates[pair.candidate];
    if (result[pair.field] || used.has(pair.candidate) || !candidate) continue;
    result[pair.field] = clip(candidate.text);
    used.add(pair.candidate);
  }
  return result;
}
