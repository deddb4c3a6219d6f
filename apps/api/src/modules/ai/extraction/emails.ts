import { asciiLetters } from './text.ts';

/**
 * E-mail addresses as printed on first pages, including the grouped forms "{alice, bob}@x.org" and
 * "(alice|bob)@x.org", and their matching to author names.
 */

const DOMAIN = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.\p{L}{2,}`;
const SINGLE = new RegExp(String.raw`[\p{L}\p{N}][\p{L}\p{N}._%+'-]*@${DOMAIN}`, 'gu');
const GROUPED = new RegExp(String.raw`[{(\[]\s*([^{}()\[\]@]+?)\s*[})\]]\s*@\s*(${DOMAIN})`, 'gu');

/** Every address in a text, grouped forms expanded, in reading order. */
export function findEmails(text: string): string[] {
  const found: { at: number; email: string }[] = [];
  let rest = text.replace(/\s*@\s*/g, '@');
  for (const match of rest.matchAll(GROUPED)) {
    const domain = match[2] ?? '';
    const locals = (match[1] ?? '').split(/[\s,;|]+/).filter((local) => /^[\p{L}\p{N}._%+'-]+$/u.test(local));
    for (const [i, local] of locals.entries())
      found.push({ at: (match.index ?? 0) + i / 100, email: `${local}@${domain}` });
  }
  rest = rest.replace(GROUPED, (m) => ' '.repeat(m.length));
  for (const match of rest.matchAll(SINGLE)) {
    found.push({ at: match.index ?? 0, email: match[0].replace(/[.'-]+$/, '') });
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.email);
}

/** Removes addresses and their labels ("E-mail:", "Email addresses:") from a text. */
export function withoutEmails(text: string): string {
  return text
    .replace(/\s*@\s*/g, '@')
    .replace(GROUPED, ' ')
    .replace(SINGLE, ' ')
    .replace(/\b(e-?mails?|email addresses|e-mail addresses|emails?)\s*:?/gi, ' ')
    .replace(/[\s,;]+$/g, '')
    .replace(/^[\s,;]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function longestCommonSubstring(a: string, b: string): number {
  let best = 0;
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) {
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) k += 1;
      if (k > best) best = k;
    }
  }
  return best;
}

/**
 * How well an address's local part fits a person: the family name in it scores highest ("a.chiarotto",
 * "cjtucker"), then the given name ("kobbi"), then long shared fragments ("dshuffel" for Shuffelton).
 */
export function emailNameScore(email: string, firstName: string, lastName: string): number {
  const local = asciiLetters(email.split('@')[0] ?? '');
  if (!local) return 0;
  const lastParts = lastName
    .split(/[\s-‐]+/)
    .map(asciiLetters)
    .filter(Boolean);
  const last = asciiLetters(lastName);
  const firstParts = firstName
    .split(/[\s-‐.]+/)
    .map(asciiLetters)
    .filter(Boolean);
  const first = firstParts[0] ?? '';
  let score = 0;
  if (last.length >= 2 && local.includes(last)) score = 4;
  else if (lastParts.some((part) => part.length >= 3 && local.includes(part))) score = 3.5;
  else {
    const shared = longestCommonSubstring(local, last);
    if (shared >= 4 || (shared >= 3 && shared === last.length)) score = 2 + shared / 10;
  }
  if (first.length >= 3 && local.includes(first)) score += score > 0 ? 1 : 3;
  else if (first && score > 0 && local.startsWith(first[0] ?? '')) score += 0.5;
  const initials = [...firstParts, ...lastParts].map((part) => part[0]).join('');
  if (score === 0 && initials.length >= 2 && local === initials) score = 2;
  return score;
}

/**
 * Gives each address to at most one author, best fit first. Addresses that fit nobody by name are left for
 * the layout (the address printed under a name) to place.
 */
export function matchEmails(
  emails: readonly string[],
  authors: readonly { first_name: string; last_name: string }[],
): Map<string, number> {
  const pairs: { email: string; author: number; score: number }[] = [];
  for (const email of emails) {
    authors.forEach((author, index) => {
      const score = emailNameScore(email, author.first_name, author.last_name);
      if (score >= 2) pairs.push({ email, author: index, score });
    });
  }
  pairs.sort((a, b) => b.score - a.score);
  const result = new Map<string, number>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (result.has(pair.email) || taken.has(pair.author)) continue;
    result.set(pair.email, pair.author);
    taken.add(pair.author);
  }
  return result;
}
