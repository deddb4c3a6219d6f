/**
 * English stop words: the Snowball English stop-word list (snowballstem.org), which pairs with the stemmer,
 * plus the fragments the tokenizer leaves from contractions (it splits on apostrophes: `don't` → `don`) and
 * the abbreviations of running scientific prose (`et al.`, `e.g.`, `i.e.`, `etc.`, `vs.`, `cf.`, `via`).
 * Deliberately not sklearn's longer list, which drops content words of our domain (`system`, `computer`).
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
it its itself they them their theirs themselves what which who whom this that these those am is are was were be
been being have has had having do does did doing would should could ought a an the and but if or because as until
while of at by for with about against between into through during before after above below to from up down in out
on off over under again further then once here there when where why how all any both each few more most other
some such no nor not only own same so than too very cannot can will just now also may might must shall
isn aren wasn weren hasn haven hadn doesn don didn won wouldn shan shouldn couldn mustn ll ve re
et al eg ie etc vs cf via
`
    .split(/\s+/)
    .filter(Boolean),
);
