import { analyzeWord, hashWord, scanWords, type WordSink } from './tokenize.ts';
import type { AffinityDocument, ReviewerProfile } from './types.ts';

/** Token value that ends a segment (a field, a keyword): no bigram spans it. */
export const SEPARATOR = -1;
/** Stem ids stay below 2^26, so a bigram key fits a double exactly and stems fit the pair table. */
export const STEM_LIMIT = 2 ** 26;

/** Marks in the word table: a stop word (dropped; its neighbours still form a bigram), a stem the model lacks. */
const DROPPED = -1;
const UNKNOWN = -2;

/** The token streams of a document: stem ids of title, keywords and abstract; of the full text. */
export type Tokens = { summary: Int32Array; body: Int32Array };

/** A growable Int32Array. */
class IntBuffer {
  private data = new Int32Array(4096);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** A copy of the contents; the buffer is emptied. */
  take(): Int32Array {
    const out = this.data.slice(0, this.length);
    this.length = 0;
    return out;
  }
}

function equalsRange(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let k = 0; k < word.length; k++) {
    const c = text.charCodeAt(start + k);
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Words → stem ids. Each distinct word is analysed (stop word? stem?) once and found again through an
 * open-addressing table probed straight from the scanned text, without cutting a string per token. Also
 * counts spellings, so each stem can be shown as its most frequent word (`recognit` → `recognition`).
 */
export class Lexicon {
  readonly stems: string[] = [];
  private readonly stemIds = new Map<string, number>();
  /** Open addressing, two cells a slot: word index + 1 (0 = empty), the word's hash. */
  private slots = new Int32Array(1 << 17);
  private readonly wordText: string[] = [];
  private readonly wordStem: number[] = [];
  private readonly wordCount: number[] = [];
  private frozen = false;
  private readonly out = new IntBuffer();
  private readonly recorded = new IntBuffer();
  private localIndex = new Int32Array(0);
  /** While `analyse` runs: the lexicon's word indexes of the tokens `out` receives (−1 for a separator). */
  private recording: IntBuffer | undefined;
  private readonly sink: WordSink = {
    range: (text, start, end, hash) => {
      this.emit(this.findRange(text, start, end, hash));
    },
    word: (word) => {
      this.emit(this.findWord(word));
    },
  };

  /** Recorded tokens of the summary, when recording (where `analyse` cuts the stream). */
  private summaryLength = 0;

  tokenize(doc: AffinityDocument): Tokens {
    this.add(doc.title);
    for (const keyword of doc.keywords ?? []) this.add(keyword);
    this.add(doc.abstract);
    this.summaryLength = this.recording?.length ?? 0;
    const summary = this.out.take();
    this.add(doc.fullText);
    return { summary, body: this.out.take() };
  }

  /**
   * `tokenize`, plus the document's analysis in a portable form (`analysis.ts`): its distinct kept words, in
   * order of first occurrence, and its token streams as indexes into them.
   */
  analyse(doc: AffinityDocument): { tokens: Tokens; words: string[]; summary: Int32Array; body: Int32Array } {
    const recording = this.recorded;
    recording.length = 0;
    this.recording = recording;
    try {
      const tokens = this.tokenize(doc);
      const stream = recording.take();
      // Lexicon word → index in this document (+1, 0 = not yet), cleared after use.
      if (this.localIndex.length < this.wordText.length) this.localIndex = new Int32Array(this.wordText.length * 2);
      const local = this.localIndex;
      const words: string[] = [];
      const ids: number[] = [];
      for (let i = 0; i < stream.length; i++) {
        const w = stream[i] as number;
        if (w < 0) continue;
        let index = local[w] as number;
        if (index === 0) {
          words.push(this.wordText[w] as string);
          ids.push(w);
          index = words.length;
          local[w] = index;
        }
        stream[i] = index - 1;
      }
      for (const w of ids) local[w] = 0;
      const cut = this.summaryLength;
      return { tokens, words, summary: stream.subarray(0, cut), body: stream.subarray(cut) };
    } finally {
      this.recording = undefined;
    }
  }

  /**
   * The tokens of an analysed document (see `analyse`), without reading its text: each of its words is found in
   * (or added to) the word table, exactly as the scanner would have, so the stems, their ids and the spelling
   * counts are those `tokenize` gives.
   */
  fromAnalysis(words: readonly string[], summary: Int32Array, body: Int32Array): Tokens | undefined {
    for (const stream of [summary, body]) {
      for (let i = 0; i < stream.length; i++) {
        const index = stream[i] as number;
        if (index < -1 || index >= words.length) return undefined;
      }
    }
    const table = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) table[i] = this.findWord(words[i] as string);
    const tokens = (stream: Int32Array) => {
      for (let i = 0; i < stream.length; i++) {
        const index = stream[i] as number;
        if (index < 0) this.out.push(SEPARATOR);
        else this.emit(table[index] as number);
      }
      return this.out.take();
    };
    return { summary: tokens(summary), body: tokens(body) };
  }

  tokenizeProfile(reviewer: ReviewerProfile): Int32Array {
    this.add(reviewer.expertise);
    this.add(reviewer.bio);
    return this.out.take();
  }

  /**
   * Ends the fitting: later texts only look stems up (a stem the corpus never had breaks bigrams like a
   * separator). Returns each stem's most frequent spelling in the corpus (ties: the smaller string).
   */
  freeze(): string[] {
    this.frozen = true;
    const best = new Int32Array(this.stems.length).fill(-1);
    for (let w = 0; w < this.wordStem.length; w++) {
      const stem = this.wordStem[w] as number;
      if (stem < 0) continue;
      const current = best[stem] as number;
      const count = this.wordCount[w] as number;
      if (
        current < 0 ||
        count > (this.wordCount[current] as number) ||
        (count === this.wordCount[current] && (this.wordText[w] as string) < (this.wordText[current] as string))
      ) {
        best[stem] = w;
      }
    }
    return Array.from(best, (w, stem) => (w >= 0 ? (this.wordText[w] as string) : (this.stems[stem] as string)));
  }

  private add(text: string | undefined): void {
    if (!text) return;
    scanWords(text, this.sink);
    this.out.push(SEPARATOR);
    this.recording?.push(-1);
  }

  private emit(w: number): void {
    const stem = this.wordStem[w] as number;
    if (stem >= 0) {
      this.out.push(stem);
      this.recording?.push(w);
      if (!this.frozen) this.wordCount[w] = (this.wordCount[w] as number) + 1;
    } else if (stem === UNKNOWN) {
      this.out.push(SEPARATOR);
      this.recording?.push(-1);
    }
  }

  private findRange(text: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2] as number;
      if (entry === 0) return this.insert(slot, text.slice(start, end).toLowerCase(), hash);
      if (slots[slot * 2 + 1] === hash && equalsRange(this.wordText[entry - 1] as string, text, start, end)) {
        return entry - 1;
      }
    }
  }

  private findWord(word: string): number {
    const hash = hashWord(word);
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2] as number;
      if (entry === 0) return this.insert(slot, word, hash);
      if (slots[slot * 2 + 1] === hash && this.wordText[entry - 1] === word) return entry - 1;
    }
  }

  private insert(slot: number, word: string, hash: number): number {
    const w = this.wordText.length;
    this.wordText.push(word);
    this.wordStem.push(this.stemOf(word));
    this.wordCount.push(0);
    this.slots[slot * 2] = w + 1;
    this.slots[slot * 2 + 1] = hash;
    if (this.wordText.length * 4 > this.slots.length) this.grow();
    return w;
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let at = 0; at < old.length; at += 2) {
      if (old[at] === 0) continue;
      let slot = (old[at + 1] as number) & mask;
      while (slots[slot * 2] !== 0) slot = (slot + 1) & mask;
      slots[slot * 2] = old[at] as number;
      slots[slot * 2 + 1] = old[at + 1] as number;
    }
    this.slots = slots;
  }

  private stemOf(word: string): number {
    const stem = analyzeWord(word);
    if (stem === undefined) return DROPPED;
    let id = this.stemIds.get(stem);
    if (id === undefined) {
      if (this.frozen || this.stems.length >= STEM_LIMIT) return UNKNOWN;
      id = this.stems.length;
      this.stemIds.set(stem, id);
      this.stems.push(stem);
    }
    return id;
  }
}
