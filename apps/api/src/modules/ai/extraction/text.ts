/**
 * Text clean-up for strings read from PDF text layers: ligatures, spacing accents left by TeX and old
 * typesetters, soft hyphens, odd spaces, hyphenation at line ends, and letter-spaced headings
 * ("A B S T R A C T"). Pure functions, no layout knowledge.
 */

const LIGATURES: Record<string, string> = {
  ﬀ: 'ff',
  ﬁ: 'fi',
  ﬂ: 'fl',
  ﬃ: 'ffi',
  ﬄ: 'ffl',
  ﬅ: 'st',
  ﬆ: 'st',
  Ꜳ: 'AA',
  ꜳ: 'aa',
};

/** Spacing accents (as printed by TeX and old typesetters) mapped to their combining marks. */
const SPACING_ACCENTS: Record<string, string> = {
  '¨': '\u0308',
  '´': '\u0301',
  '`': '\u0300',
  ˆ: '\u0302',
  '˜': '\u0303',
  '¸': '\u0327',
  '˚': '\u030a',
  ˇ: '\u030c',
  '˘': '\u0306',
  '˙': '\u0307',
  '˝': '\u030b',
  '¯': '\u0304',
  '˛': '\u0328',
};
const ACCENT_PATTERN = new RegExp(`[${Object.keys(SPACING_ACCENTS).join('')}]`);
const LETTER = /\p{L}/u;

/** Composes `base + accent` when Unicode has a precomposed letter for it; undefined otherwise. */
function compose(base: string, accent: string): string | undefined {
  const mark = SPACING_ACCENTS[accent];
  if (!mark) return undefined;
  const composed = (base + mark).normalize('NFC');
  return [...composed].length === 1 ? composed : undefined;
}

/**
 * Re-attaches spacing accents to their letter: "Gu¨ nter" and "G¨unter" both become "Günter". An accent
 * followed by a space belongs to the letter before it; otherwise the following letter gets it when Unicode has
 * that letter (TeX draws the accent first), else the preceding one.
 */
export function repairAccents(text: string): string {
  if (!ACCENT_PATTERN.test(text)) return text;
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i] ?? '';
    if (!SPACING_ACCENTS[ch]) {
      out.push(ch);
      continue;
    }
    const prev = out.at(-1) ?? '';
    const next = chars[i + 1] ?? '';
    const withPrev = LETTER.test(prev) ? compose(prev, ch) : undefined;
    const withNext = LETTER.test(next) ? compose(next, ch) : undefined;
    if (withPrev && (next === ' ' || next === '' || !withNext)) {
      out[out.length - 1] = withPrev;
      // "Gu¨ nter": the space after the accent is an artefact when a lower-case letter follows.
      if (next === ' ' && /\p{Ll}/u.test(chars[i + 2] ?? '')) i += 1;
    } else if (withNext) {
      out.push(withNext);
      i += 1;
    } else {
      out.push(ch);
    }
  }
  return out.join('');
}

/**
 * Normalises one run of PDF text: ligatures expanded, spacing accents composed, soft hyphens and zero-width
 * characters dropped, exotic spaces made plain, whitespace collapsed. Keeps case and punctuation.
 */
export function cleanText(text: string): string {
  let value = text.replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '');
  value = value.replace(/[ﬀ-ﬆꜲꜳ]/g, (ch) => LIGATURES[ch] ?? ch);
  value = value.replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]/g, ' ');
  value = value.replace(/\u2217|\u204e|\u2731/g, '*');
  value = repairAccents(value);
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * Joins lines of running text into one paragraph. A line ending in a hyphen after a letter, followed by a
 * line starting with a lower-case letter, is a hyphenated word ("distri-" + "butional"); other lines are joined
 * with a space.
 */
export function joinLines(lines: readonly string[]): string {
  let result = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!result) {
      result = line;
      continue;
    }
    if (/\p{L}[-‐]$/u.test(result) && /^\p{Ll}/u.test(line)) result = result.slice(0, -1) + line;
    else if (/[-‐/]$/u.test(result) && /^\p{L}/u.test(line) && /\p{L}[-‐/]$/u.test(result)) result += line;
    else result = `${result} ${line}`;
  }
  return result.replace(/\s+/g, ' ').trim();
}

/**
 * Collapses letter-spaced runs ("A B S T R A C T", "K E Y W O R D S") into words. Only runs of three or more
 * single letters are touched, so initials ("J. R. Smith") and ordinary text stay as they are.
 */
export function collapseLetterSpacing(text: string): string {
  const tokens = text.split(' ');
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 3) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const token of tokens) {
    if (/^\p{L}$/u.test(token)) run.push(token);
    else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out.join(' ');
}

/** A comparison key: letter-spacing collapsed, lower case, accents and punctuation removed. */
export function textKey(text: string): string {
  return collapseLetterSpacing(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Lower-case ASCII letters only ("Légaré-Dumont" → "legaredumont"), for matching e-mails to names. */
export function asciiLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');
}

/** Counts the words of a text (runs of letters or digits). */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
