import { type MessageKey, PASSWORD_MAX_SIMILARITY, PASSWORD_MIN_LENGTH } from '@confero/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** What a password is compared with: the account's own attributes. */
export type PasswordUserAttributes = { email?: string | null; first_name?: string | null; last_name?: string | null };

const SIMILARITY_RULES: { attribute: keyof PasswordUserAttributes; key: MessageKey }[] = [
  { attribute: 'email', key: 'auth.passwordTooSimilarToEmail' },
  { attribute: 'first_name', key: 'auth.passwordTooSimilarToFirstName' },
  { attribute: 'last_name', key: 'auth.passwordTooSimilarToLastName' },
];

let zxcvbn: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return zxcvbn;
}

/** Python's difflib `SequenceMatcher.quick_ratio()`: 2·(shared characters, as multisets) / total length. */
export function quickRatio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const char of b) available.set(char, (available.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of a) {
    const left = available.get(char) ?? 0;
    if (left > 0) {
      available.set(char, left - 1);
      matches += 1;
    }
  }
  return (2 * matches) / total;
}

/**
 * Django's UserAttributeSimilarityValidator: the password is refused when it is too close to an attribute or to
 * one of its parts (split at non-word characters), skipping parts far shorter than the password.
 */
function similarAttribute(password: string, user: PasswordUserAttributes): MessageKey | undefined {
  const lowered = password.toLowerCase();
  for (const { attribute, key } of SIMILARITY_RULES) {
    const value = user[attribute];
    if (!value) continue;
    const valueLower = value.toLowerCase();
    const parts = [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower];
    for (const part of parts) {
      if (!part) continue;
      const lengthBound = (PASSWORD_MAX_SIMILARITY / 2) * lowered.length;
      if (lowered.length >= 10 * part.length && part.length < lengthBound) continue;
      if (quickRatio(lowered, part) >= PASSWORD_MAX_SIMILARITY) return key;
    }
  }
  return undefined;
}

/**
 * Too common: the whole password is one entry of the common-password list (also written backwards or with l33t
 * substitutions, as zxcvbn matches them), or zxcvbn rates it trivially guessable (score 0, e.g. "aaaaaaaa").
 */
export function isCommonPassword(password: string): boolean {
  const result = estimator().check(password);
  if (result.score === 0) return true;
  const [only, ...rest] = result.sequence;
  return (
    only !== undefined &&
    rest.length === 0 &&
    only.pattern === 'dictionary' &&
    only.dictionaryName === 'passwords-common' &&
    only.token.length === password.length
  );
}

/**
 * Every password rule, in Django's order (similarity, length, common, numeric); returns the message keys of the
 * rules the password breaks, all of them, so the user sees everything to fix at once.
 */
export function checkPassword(password: string, user: PasswordUserAttributes = {}): MessageKey[] {
  const problems: MessageKey[] = [];
  const similar = similarAttribute(password, user);
  if (similar) problems.push(similar);
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('auth.passwordTooShort');
  if (isCommonPassword(password)) problems.push('auth.passwordTooCommon');
  if (/^\d+$/.test(password)) problems.push('auth.passwordEntirelyNumeric');
  return problems;
}
