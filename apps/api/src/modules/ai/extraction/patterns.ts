import type { Line } from './layout.ts';
import { collapseLetterSpacing } from './text.ts';

/**
 * The vocabulary of scholarly first pages: headings, labels, banners and boilerplate, as publishers print them
 * (IEEE, ACM, Springer, Elsevier, Wiley, PLOS, BMC, MDPI, Frontiers, arXiv, JMLR/PMLR, ACL).
 */

/** The line's text with letter-spaced runs collapsed ("A B S T R A C T" → "ABSTRACT"). */
export function plain(line: Line): string {
  return collapseLetterSpacing(line.text);
}

const ABSTRACT_HEADING = /^(abstract|summary)\b\s*(?:[.:—–-]\s*)?(.*)$/i;

/**
 * "Abstract" (or "Summary") opening a line: the heading alone, or followed by the first words of the abstract
 * ("Abstract—We present", "Abstract. We", "ABSTRACT: We"). Returns the text after the heading, or undefined.
 */
export function abstractHeading(line: Line): string | undefined {
  const text = plain(line);
  const match = ABSTRACT_HEADING.exec(text);
  if (!match) return undefined;
  const word = match[1] ?? '';
  const rest = (match[2] ?? '').trim();
  if (!rest) return '';
  // Run-in: only "Abstract" (capitalised as a heading), followed by the start of a sentence, and set apart by
  // punctuation ("Abstract—", "Abstract."), by its type (bold), or by a structured-abstract label ("Purpose").
  if (!/^(ABSTRACT|Abstract)$/.test(word) || !/^[\p{Lu}\p{N}“"'([]/u.test(rest)) return undefined;
  const punctuated = /^\S+\s*[.:—–-]/u.test(text);
  const words = line.words.filter((w) => !w.sup);
  const first = words[0];
  const next = words.find((w, i) => i > 0 && w.x >= (first?.x2 ?? 0) - 0.5);
  const typeChange = first !== undefined && next !== undefined && first.font !== next.font;
  const label = STRUCTURE_START.test(rest);
  return punctuated || typeChange || label ? rest : undefined;
}

const STRUCTURE_START =
  /^(background|objectives?|aims?|purpose|context|introduction|methods?|design|setting|rationale|motivation|problem)\b/i;

const KEYWORDS_LABEL =
  /^(?:key\s?words?|key-words|keyphrases|key phrases|index terms|author keywords|additional key words and phrases)\b\s*(?:(?:[:.—–-]|\band\b)\s*)?(.*)$/i;

/** "Keywords:", "Key words", "Index Terms—", "K E Y W O R D S": returns the text after the label. */
export function keywordsLabel(line: Line): string | undefined {
  const text = plain(line);
  if (!/^(K|Index|INDEX|Author|AUTHOR|Additional|ADDITIONAL)/.test(text)) return undefined;
  const match = KEYWORDS_LABEL.exec(text);
  return match ? (match[1] ?? '').trim() : undefined;
}

const SECTION_NAMES =
  'introduction|background|related work|related works|motivation|overview|preliminaries|methods?|materials and methods|methodology|results|discussion|conclusions?|main text|main|the model|problem statement|problem formulation|problem definition|notation|setup|experiments?';
const NUMBERED_HEADING = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,4}\.?)\s+\p{Lu}[\p{L}\p{N} ,:&'’()-]{1,80}$/u;
const NAMED_HEADING = new RegExp(`^(?:${SECTION_NAMES})\\.?$`, 'i');

/**
 * A section heading: "1 Introduction", "1. INTRODUCTION", "I. Introduction", or a known section name standing
 * alone ("Introduction", "Background"). Structured-abstract labels ("Background: text") run into their text and
 * are not headings.
 */
export function isSectionHeading(line: Line): boolean {
  const text = plain(line).trim();
  if (text.length > 90) return false;
  if (NAMED_HEADING.test(text)) return true;
  if (!NUMBERED_HEADING.test(text)) return false;
  const words = text.split(' ');
  // "1 Introduction" yes; "3 Department of Physics, …" (an affiliation starting with its marker) no.
  return words.length <= 10 && !/[.,;]$/.test(text) && !/\b(university|department|institute|street)\b/i.test(text);
}

/** Lines that end an abstract or keywords list when met: licences, footnotes, correspondence, notes. */
const BOILERPLATE = [
  /^©|^\(c\)\s*\d{4}|^c©|copyright\b|all rights reserved/i,
  /^permission to make digital/i,
  /^this (is an open access|article is (distributed|licensed|included)|work is licensed)/i,
  /^(licensee|published by|published online|publisher'?s note)\b/i,
  /^(\*|†|‡)?\s*correspond(ence|ing author)/i,
  /^full list of author information/i,
  /^(received|accepted|revised|published|available online|article history|citation|academic editor|edited by|reviewed by)\b/i,
  /^(ccs concepts|categories and subject descriptors|general terms|acm reference format|jel( classification)?|msc( 20\d\d)?|pacs|mathematics subject classification|abbreviations|highlights|graphical abstract|author summary|significance( statement)?|lay summary|plain language summary)\b/i,
  /^(doi|https?:\/\/|www\.)/i,
  /^(preprint|accepted manuscript|author manuscript|submitted to)\b/i,
];

export function isBoilerplate(line: Line): boolean {
  const text = plain(line);
  return BOILERPLATE.some((pattern) => pattern.test(text));
}

/** Words that make up banners and article-type labels, never a title on their own. */
const BANNER_WORDS = new Set(
  (
    'research article articles original review reviews paper papers note notes letter letters report reports short brief ' +
    'rapid communication communications open access study protocol protocols methodology methods method commentary ' +
    'editorial perspective perspectives opinion hypothesis theory focused mini case technical data software full regular ' +
    'invited position survey tutorial preprint accepted manuscript author peer reviewed not special issue section ' +
    'feature highlights news views and analysis clinical trial correspondence discussion article-type type ' +
    'systematic meta-analysis erratum corrigendum retraction addendum book chapter proceedings'
  ).split(' '),
);

const BANNER_RUN = new RegExp(
  `^(?:${[...BANNER_WORDS]
    .filter((word) => /^\p{L}+$/u.test(word))
    .sort((a, b) => b.length - a.length)
    .join('|')})+$`,
  'u',
);

/**
 * Journal banners, running heads and other lines that sit at the top of page 1 but are not a title: article
 * types ("RESEARCH ARTICLE Open Access"), journal names with volume or year, URLs, copyright and arXiv stamps.
 */
export function isBanner(text: string): boolean {
  const value = collapseLetterSpacing(text).trim();
  const lower = value.toLowerCase();
  const words = lower.split(/[^\p{L}-]+/u).filter(Boolean);
  if (words.length > 0 && words.every((word) => BANNER_WORDS.has(word))) return true;
  // Letter-spaced labels lose their word spaces: "R E S E A R C H A R T I C L E" reads "RESEARCHARTICLE".
  const letters = lower.replace(/[^\p{L}]/gu, '');
  if (letters.length > 0 && letters.length <= 40 && BANNER_RUN.test(letters)) return true;
  if (/^(the )?(international )?(journal|proceedings|transactions|annals|bulletin|archives) (of|on|in)\b/.test(lower))
    return true;
  if (/\b(vol\.?|volume|issn|isbn|doi|pp\.)\s*:?\s*\d/.test(lower)) return true;
  if (/https?:|www\.|©|\(c\)\s*\d{4}|copyright|\barxiv\b|licen[cs]e[ds]? under/.test(lower)) return true;
  if (/^(page|p\.)\s*\d+/.test(lower)) return true;
  return false;
}

/** A running header's citation: volume, year in parentheses, article number or pages ("142 (2022) 109231"). */
const RUNNING_CITATION = /\b\d{1,4}\s*\((?:19|20)\d\d\)\s*[\d:–-]+/;

/**
 * The furniture of a journal banner around the journal's name (Elsevier and others): "Contents lists available
 * at …", "journal homepage: …", "Available online at …", a running header with the citation. Not the article-type
 * banners ("RESEARCH ARTICLE") nor DOI links, which sit right above many one-line titles.
 */
export function isBannerFurniture(text: string): boolean {
  const value = collapseLetterSpacing(text).trim();
  return (
    /^(?:contents lists? available at|journal homepage|homepage|available online at|journal home ?page)\b/i.test(
      value,
    ) || RUNNING_CITATION.test(value)
  );
}

/** Whether `text` opens a running header with its citation ("Ecological Indicators 142 (2022) 109231"). */
export function opensRunningHeader(text: string, header: string): boolean {
  const name = text.trim().toLowerCase();
  const line = header.trim().toLowerCase();
  return name.length >= 4 && line.startsWith(name) && RUNNING_CITATION.test(line.slice(name.length));
}

/** Labels of front-matter fields: the text after them (or the block under them) is not an author list. */
const FRONT_MATTER_LABEL =
  /^[*∗†‡]?\s*(?:edited by|reviewed by|academic editor|handling editor|editor|editors|communicated by|correspondence|corresponding authors?|author for correspondence|address for correspondence|present address|current address|e-?mail( addresses?)?|funding( information)?|received|accepted|revised|published|available online|citation|article history|article ?info(?:rmation)?|competing interests|conflicts? of interest|specialty section|data availability(?: statement)?|how to cite|cite this article|to cite this article|supplementary (material|information)|orcid|keywords?|subjects?|subject areas|subject category|categories|notes?)\s*(?::|$)/i;
const DATE_LINE = /^(received|accepted|revised|published|submitted)\b.*\b(19|20)\d\d\b/i;

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const DATE_ONLY = new RegExp(
  `^\\(?\\s*(?:dated:?\\s*)?(?:${MONTH}\\s+\\d{1,2},?\\s+|\\d{1,2}\\s+${MONTH}\\s+)?(?:19|20)\\d\\d\\s*\\)?\\.?$`,
  'i',
);

/** A line holding only a date ("(Dated: March 4, 2024)", "12 May 2019"). */
export function isDateLine(line: Line): boolean {
  return DATE_ONLY.test(plain(line).trim()) || /^\(?\s*dated\b/i.test(plain(line));
}

/** A front-matter label ("Edited by:", "Correspondence", "Received: 7 August 2015"), alone or with its value. */
export function isFrontMatterLabel(line: Line): boolean {
  const text = plain(line);
  return FRONT_MATTER_LABEL.test(text) || DATE_LINE.test(text);
}
