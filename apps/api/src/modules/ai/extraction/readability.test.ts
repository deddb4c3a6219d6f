import { describe, expect, it } from 'vitest';
import { assessReadability, isGarbledField } from './readability.ts';
import { MAPPED_ARABIC, MAPPED_LATIN } from './test-papers.ts';

const english = `${MAPPED_LATIN.abstract} ${MAPPED_LATIN.body}`;
const arabic = `${MAPPED_ARABIC.abstract} ${MAPPED_ARABIC.body}`;
const french =
  "Cet article présente une méthode nouvelle pour l'analyse des données de la biodiversité dans les écosystèmes " +
  "d'eau douce. Nous montrons que les résultats obtenus sont robustes et que la méthode peut être appliquée à " +
  "d'autres régions du monde avec une précision comparable.";

/** Every character's code point moved by `shift` (spaces kept): what a constant code shift in a font gives. */
const shifted = (text: string, shift: number) =>
  [...text].map((ch) => (ch === ' ' ? ch : String.fromCodePoint((ch.codePointAt(0) ?? 0) + shift))).join('');

/** A Caesar shift inside the Latin alphabet: letters stay letters. */
const rotated = (text: string, shift: number) =>
  text.replace(/[a-z]/gi, (ch) => {
    const base = ch <= 'Z' ? 65 : 97;
    return String.fromCharCode(((ch.charCodeAt(0) - base + shift) % 26) + base);
  });

/** Arabic letters written as their isolated presentation forms, as some PDFs' text layers give them. */
function presentationForms(text: string): string {
  const forms = new Map<string, string>();
  for (let code = 0xfe70; code <= 0xfefc; code += 1) {
    const form = String.fromCodePoint(code);
    const letter = form.normalize('NFKC');
    if ([...letter].length === 1 && !forms.has(letter)) forms.set(letter, form);
  }
  return [...text].map((ch) => forms.get(ch) ?? ch).join('');
}

describe('assessReadability', () => {
  it.each([
    ['English prose', english, 'latin'],
    ['French prose (no English words)', french, 'latin'],
    ['Arabic prose', arabic, 'arabic'],
    ['Arabic prose in visual order (reversed)', [...arabic].reverse().join(''), 'arabic'],
    ['Arabic prose in presentation forms', presentationForms(arabic), 'arabic'],
  ])('reads %s as language', (_name, text, script) => {
    expect(presentationForms(arabic)).not.toBe(arabic);
    expect(assessReadability(text)).toEqual({ readable: true, script });
  });

  it.each([
    ['English shifted by 3 inside the alphabet', rotated(english, 3), 'not-language'],
    ['English shifted by 13 inside the alphabet', rotated(english, 13), 'not-language'],
    ['French shifted by 2 inside the alphabet', rotated(french, 2), 'not-language'],
    ['English shifted by -29 code points', shifted(english, -29), 'not-language'],
    ['English shifted into private-use code points', shifted(english, 0xe000), 'symbols'],
    ['English shifted into symbols', shifted(english, 0x2190 - 0x61), 'symbols'],
    ['Arabic shifted by one code point', shifted(arabic, 1), 'not-language'],
    ['Arabic shifted by three code points', shifted(arabic, 3), 'not-language'],
  ])('finds %s unreadable', (_name, text, reason) => {
    expect(assessReadability(text)).toMatchObject({ readable: false, reason });
  });

  it('catches every shift of the alphabet in a page of English', () => {
    const page = `${english} ${english} ${MAPPED_LATIN.title}`;
    for (let shift = 1; shift < 26; shift += 1) expect(assessReadability(rotated(page, shift)).readable).toBe(false);
  });

  it('does not judge a text too short to tell, nor scripts it has no words for', () => {
    expect(assessReadability('Xq zvw')).toEqual({ readable: true, script: 'none' });
    expect(assessReadability('')).toEqual({ readable: true, script: 'none' });
    const greek = 'Η μελέτη αυτή εξετάζει την επίδραση της θερμοκρασίας στην ανάπτυξη των φυκών σε ρηχές λίμνες.';
    expect(assessReadability(`${greek} ${greek}`).readable).toBe(true);
  });
});

describe('isGarbledField', () => {
  it('finds a title garbled when it has no common word and shares no word with the rest of the page', () => {
    expect(isGarbledField(rotated(MAPPED_LATIN.title, 3), english)).toBe(true);
    expect(isGarbledField(shifted(MAPPED_ARABIC.title, 2), arabic)).toBe(true);
  });

  it('keeps real titles, and says nothing beside too short a page', () => {
    expect(isGarbledField(MAPPED_LATIN.title, english)).toBe(false);
    expect(isGarbledField(MAPPED_ARABIC.title, arabic)).toBe(false);
    expect(isGarbledField('Attention Is All You Need', english)).toBe(false);
    expect(isGarbledField(rotated(MAPPED_LATIN.title, 3), 'A short page.')).toBe(false);
  });
});
