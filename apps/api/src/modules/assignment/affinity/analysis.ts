import { Lexicon, type Tokens } from './lexicon.ts';
import type { AffinityDocument } from './types.ts';

/**
 * A document's analysis, stored so that a later computation does not read and tokenise its text again: what the
 * scanner, the stop list and the stemmer made of it (`Lexicon.analyse`), in a portable form — its distinct kept
 * words (lower-cased, folded; stop words gone) in order of first occurrence, and its two token streams (title +
 * keywords + abstract; full text) as indexes into them, −1 ending a segment. The words rather than the stems,
 * and the streams rather than term counts: bigrams need the order, and the reasons show each stem as its most
 * frequent spelling in the corpus; the counts of unigrams and bigrams are one pass over the streams. Nothing
 * in it depends on the corpus (no IDF, no term ids), so it stays valid while other documents come and go.
 *
 * Bump ANALYSIS_VERSION whenever the tokenizer, the stop list or the stemmer changes what a text becomes:
 * it is part of the key, so older analyses are then simply not found (and the decoder refuses them).
 */
export const ANALYSIS_VERSION = 1;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The texts the analysis of a document depends on, with the version, as the string its key hashes. */
function keyText(doc: AffinityDocument): string {
  return JSON.stringify([
    ANALYSIS_VERSION,
    doc.title ?? null,
    doc.keywords ?? [],
    doc.abstract ?? null,
    doc.fullText ?? null,
  ]);
}

/** The storage key of a document's analysis: SHA-256 (hex) of its texts and ANALYSIS_VERSION. */
export async function analysisKey(doc: AffinityDocument): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(keyText(doc)));
  return Buffer.from(digest).toString('hex');
}

/**
 * Layout, little-endian: u32 version, u32 byte length of the words (UTF-8, joined by '\n'; a word never holds a
 * line end), u32 summary length, u32 body length, the words, zero padding to a multiple of 4, then the summary's
 * and the body's indexes (i32), which a little-endian machine reads in place.
 */
function encode(words: readonly string[], summary: Int32Array, body: Int32Array): Uint8Array {
  const text = encoder.encode(words.join('\n'));
  const at = 16 + align(text.length);
  const bytes = new Uint8Array(at + 4 * (summary.length + body.length));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, ANALYSIS_VERSION, true);
  view.setUint32(4, text.length, true);
  view.setUint32(8, summary.length, true);
  view.setUint32(12, body.length, true);
  bytes.set(text, 16);
  const streams = new Int32Array(bytes.buffer, at, summary.length + body.length);
  streams.set(summary);
  streams.set(body, summary.length);
  if (!LITTLE_ENDIAN) swapBytes(bytes.subarray(at));
  return bytes;
}

const align = (n: number) => (n + 3) & ~3;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function swapBytes(bytes: Uint8Array): void {
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const [a, b] = [bytes[i] as number, bytes[i + 1] as number];
    bytes[i] = bytes[i + 3] as number;
    bytes[i + 1] = bytes[i + 2] as number;
    bytes[i + 2] = b;
    bytes[i + 3] = a;
  }
}

/**
 * The analysis' parts, or undefined when it is of another version or malformed (the text is tokenised then);
 * an index out of range is caught where the streams are read (`Lexicon.fromAnalysis`).
 */
export function decodeAnalysis(
  bytes: Uint8Array,
): { words: string[]; summary: Int32Array; body: Int32Array } | undefined {
  if (bytes.length < 16) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== ANALYSIS_VERSION) return undefined;
  const textLength = view.getUint32(4, true);
  const summaryLength = view.getUint32(8, true);
  const bodyLength = view.getUint32(12, true);
  const at = 16 + align(textLength);
  if (at + 4 * (summaryLength + bodyLength) !== bytes.length) return undefined;
  const words = textLength === 0 ? [] : decoder.decode(bytes.subarray(16, 16 + textLength)).split('\n');
  // In place when aligned (a buffer of its own), else one copy.
  const offset = bytes.byteOffset + at;
  let streams: Int32Array;
  if (LITTLE_ENDIAN && offset % 4 === 0) streams = new Int32Array(bytes.buffer, offset, summaryLength + bodyLength);
  else {
    const copy = bytes.slice(at);
    if (!LITTLE_ENDIAN) swapBytes(copy);
    streams = new Int32Array(copy.buffer);
  }
  return { words, summary: streams.subarray(0, summaryLength), body: streams.subarray(summaryLength) };
}

/** Analyses documents for storage (one word table for all: each distinct word is stemmed once). */
export function analyseDocuments(docs: readonly AffinityDocument[]): Uint8Array[] {
  const lexicon = new Lexicon();
  return docs.map((doc) => {
    const { words, summary, body } = lexicon.analyse(doc);
    return encode(words, summary, body);
  });
}

/** A document's tokens in `lexicon`: from its stored analysis when it carries a valid one, else from its text. */
export function tokensOf(lexicon: Lexicon, doc: AffinityDocument): Tokens {
  const analysis = doc.analysis && decodeAnalysis(doc.analysis);
  const tokens = analysis && lexicon.fromAnalysis(analysis.words, analysis.summary, analysis.body);
  return tokens ?? lexicon.tokenize(doc);
}
