import type { ConflictType, ReviewMessageKey } from '@confero/contracts';
import { reviewMessage } from '@confero/contracts';
import { affiliationKeys } from './affiliation.ts';
import { emailDomain, isPublicMailDomain, isSameOrganisationDomain } from './public-domains.ts';

/*
 * Conflict-of-interest detection (`docs/domain.md#conflict-of-interest`): pure, over data the caller loads. A person (a
 * reviewer, chair or event admin of the event) conflicts with a submission when they
 *   - are one of its authors (a linked author row, the same e-mail address, or they submitted it)   → author
 *   - co-authored another submission in the system with one of its authors                         → coauthor
 *   - share an affiliation with one of its authors, after normalisation (affiliation.ts)            → institutional
 *   - share an e-mail domain with one of its authors, public mail providers excluded               → domain
 * A pair may have several reasons; its type is the strongest (in that order).
 */

export type Person = { userId: number; email: string; affiliation: string; fullName: string };
export type DetectionAuthor = { userId: number | null; email: string; affiliation: string; fullName: string };
export type DetectionSubmission = { id: number; submittedBy: number | null; authors: DetectionAuthor[] };

export type ConflictReason = { code: ReviewMessageKey; params: Record<string, string> };
export type DetectedConflict = { userId: number; submissionId: number; type: ConflictType; reasons: ConflictReason[] };

/** Where each person co-authored: author key (`u:<id>` or `e:<email>`) → the submissions they share. */
export type CoauthorIndex = Map<number, Map<string, Set<number>>>;

const TYPE_RANK: ConflictType[] = ['author', 'coauthor', 'institutional', 'domain', 'personal', 'other'];

export const pairKey = (submissionId: number, userId: number) => `${submissionId}:${userId}`;

/** The keys an author (or person) is known by: their account and their e-mail address. */
export function authorKeys(author: { userId: number | null; email: string }): string[] {
  const keys = [`e:${author.email.trim().toLowerCase()}`];
  if (author.userId !== null) keys.push(`u:${author.userId}`);
  return keys;
}

/** Whether a person is an author of a submission: linked, same address, or the submitter. */
export function isAuthor(person: Person, submission: DetectionSubmission): boolean {
  if (submission.submittedBy === person.userId) return true;
  const email = person.email.trim().toLowerCase();
  return submission.authors.some(
    (author) => author.userId === person.userId || author.email.trim().toLowerCase() === email,
  );
}

/**
 * The co-author index of some persons, from every submission any of them authored (`authored`, with all its
 * authors): for each person, the other authors of those submissions and where they wrote together. Each person
 * looks up the submissions that name one of their keys (or that they submitted), in `authored` order, instead of
 * checking every submission.
 */
export function buildCoauthorIndex(persons: Person[], authored: DetectionSubmission[]): CoauthorIndex {
  const byKey = new Map<string, number[]>();
  const note = (key: string, position: number) => {
    const positions = byKey.get(key);
    if (positions === undefined) byKey.set(key, [position]);
    else if (positions.at(-1) !== position) positions.push(position);
  };
  authored.forEach((submission, position) => {
    if (submission.submittedBy !== null) note(`u:${submission.submittedBy}`, position);
    for (const author of submission.authors) for (const key of authorKeys(author)) note(key, position);
  });
  const index: CoauthorIndex = new Map();
  for (const person of persons) {
    const own = new Set(authorKeys(person));
    const positions = new Set<number>();
    for (const key of own) for (const position of byKey.get(key) ?? []) positions.add(position);
    const coauthors = new Map<string, Set<number>>();
    for (const position of [...positions].sort((a, b) => a - b)) {
      const submission = authored[position] as DetectionSubmission;
      if (!isAuthor(person, submission)) continue;
      for (const author of submission.authors) {
        const keys = authorKeys(author);
        if (keys.some((key) => own.has(key))) continue;
        for (const key of keys) {
          const where = coauthors.get(key) ?? new Set<number>();
          where.add(submission.id);
          coauthors.set(key, where);
        }
      }
    }
    if (coauthors.size > 0) index.set(person.userId, coauthors);
  }
  return index;
}

/** The conflicts of one person with one submission, or undefined. */
export function detectPair(
  person: Person,
  submission: DetectionSubmission,
  coauthors: Map<string, Set<number>> | undefined,
): DetectedConflict | undefined {
  const reasons: ConflictReason[] = [];
  const types = new Set<ConflictType>();
  if (isAuthor(person, submission)) {
    types.add('author');
    reasons.push({ code: 'conflicts.reason.author', params: {} });
  }
  const personDomain = emailDomain(person.email);
  const personAffiliations = new Set(affiliationKeys(person.affiliation));
  for (const author of submission.authors) {
    if (authorKeys(author).some((key) => key === `u:${person.userId}`)) continue;
    if (author.email.trim().toLowerCase() === person.email.trim().toLowerCase()) continue;
    const name = author.fullName || author.email;
    const shared = coauthors && authorKeys(author).some((key) => hasOther(coauthors.get(key), submission.id));
    if (shared) {
      types.add('coauthor');
      reasons.push({ code: 'conflicts.reason.coauthor', params: { author: name } });
    }
    if (personAffiliations.size > 0 && affiliationKeys(author.affiliation).some((key) => personAffiliations.has(key))) {
      types.add('institutional');
      reasons.push({ code: 'conflicts.reason.affiliation', params: { author: name, affiliation: author.affiliation } });
    }
    const domain = emailDomain(author.email);
    if (isSameOrganisationDomain(personDomain, domain)) {
      types.add('domain');
      reasons.push({ code: 'conflicts.reason.domain', params: { author: name, domain } });
    }
  }
  if (types.size === 0) return undefined;
  const type = TYPE_RANK.find((candidate) => types.has(candidate)) ?? 'other';
  return { userId: person.userId, submissionId: submission.id, type, reasons };
}

function hasOther(where: Set<number> | undefined, submissionId: number): boolean {
  if (!where) return false;
  for (const id of where) if (id !== submissionId) return true;
  return false;
}

/**
 * Every conflict of the persons with the submissions, keyed by pairKey(submission, user). Candidate pairs are
 * found through indexes (author keys, affiliation keys, domains and their parents), so the work grows with the
 * number of matches, not with persons × submissions; each candidate is then checked by detectPair.
 */
export function detectConflicts(
  persons: Person[],
  submissions: DetectionSubmission[],
  coauthors: CoauthorIndex,
): Map<string, DetectedConflict> {
  const byAuthorKey = new Map<string, Set<DetectionSubmission>>();
  const byAffiliation = new Map<string, Set<DetectionSubmission>>();
  const byDomainSuffix = new Map<string, Set<DetectionSubmission>>();
  const byDomain = new Map<string, Set<DetectionSubmission>>();
  const bySubmitter = new Map<number, Set<DetectionSubmission>>();
  const add = (map: Map<string, Set<DetectionSubmission>>, key: string, submission: DetectionSubmission) => {
    const set = map.get(key) ?? new Set<DetectionSubmission>();
    set.add(submission);
    map.set(key, set);
  };
  for (const submission of submissions) {
    if (submission.submittedBy !== null) {
      const set = bySubmitter.get(submission.submittedBy) ?? new Set<DetectionSubmission>();
      set.add(submission);
      bySubmitter.set(submission.submittedBy, set);
    }
    for (const author of submission.authors) {
      for (const key of authorKeys(author)) add(byAuthorKey, key, submission);
      for (const key of affiliationKeys(author.affiliation)) add(byAffiliation, key, submission);
      const domain = emailDomain(author.email);
      if (isPublicMailDomain(domain)) continue;
      add(byDomain, domain, submission);
      for (const suffix of domainSuffixes(domain)) add(byDomainSuffix, suffix, submission);
    }
  }
  const found = new Map<string, DetectedConflict>();
  for (const person of persons) {
    const candidates = new Set<DetectionSubmission>(bySubmitter.get(person.userId) ?? []);
    const collect = (set: Set<DetectionSubmission> | undefined) => {
      for (const submission of set ?? []) candidates.add(submission);
    };
    for (const key of authorKeys(person)) collect(byAuthorKey.get(key));
    for (const key of coauthors.get(person.userId)?.keys() ?? []) collect(byAuthorKey.get(key));
    for (const key of affiliationKeys(person.affiliation)) collect(byAffiliation.get(key));
    // Authors at the person's domain or below it, and at each parent of the person's domain.
    const domain = emailDomain(person.email);
    if (!isPublicMailDomain(domain)) {
      collect(byDomainSuffix.get(domain));
      for (const parent of domainSuffixes(domain).slice(1)) collect(byDomain.get(parent));
    }
    const personCoauthors = coauthors.get(person.userId);
    for (const submission of candidates) {
      const conflict = detectPair(person, submission, personCoauthors);
      if (conflict) found.set(pairKey(submission.id, person.userId), conflict);
    }
  }
  return found;
}

/** A domain and its parents of at least two labels: cs.uni.edu → cs.uni.edu, uni.edu. */
function domainSuffixes(domain: string): string[] {
  const labels = domain.split('.').filter(Boolean);
  const suffixes: string[] = [];
  for (let i = 0; i + 2 <= labels.length; i++) suffixes.push(labels.slice(i).join('.'));
  return suffixes;
}

/** The English text stored in `conflicts.reason`: every reason, joined. */
export function reasonText(reasons: ConflictReason[]): string {
  return reasons.map((reason) => reviewMessage(reason.code, reason.params)).join('; ');
}
