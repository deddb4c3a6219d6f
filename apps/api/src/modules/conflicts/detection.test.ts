import { describe, expect, it } from 'vitest';
import { affiliationKeys, isSameAffiliation, normaliseAffiliation } from './affiliation.ts';
import {
  buildCoauthorIndex,
  type DetectionSubmission,
  detectConflicts,
  detectPair,
  type Person,
  pairKey,
  reasonText,
} from './detection.ts';
import { emailDomain, isPublicMailDomain, isSameOrganisationDomain } from './public-domains.ts';

const person = (userId: number, email: string, affiliation = ''): Person => ({
  userId,
  email,
  affiliation,
  fullName: `Person ${userId}`,
});
const author = (email: string, affiliation = '', userId: number | null = null, fullName = 'Ann Author') => ({
  userId,
  email,
  affiliation,
  fullName,
});

describe('public mail domains', () => {
  it.each(['gmail.com', 'outlook.com', 'yahoo.com', '163.com', 'qq.com', 'GMAIL.COM'])('%s is public', (domain) => {
    expect(isPublicMailDomain(domain)).toBe(true);
  });

  it.each(['example.org', 'example.com', 'lab.example', 'localhost'])('%s is reserved, so skipped', (domain) => {
    expect(isPublicMailDomain(domain)).toBe(true);
  });

  it.each(['cu.edu.eg', 'mit.edu', 'inria.fr'])('%s is an institution', (domain) => {
    expect(isPublicMailDomain(domain)).toBe(false);
  });

  it('takes the domain after the last @, lower-cased', () => {
    expect(emailDomain('A.B@CS.MIT.EDU')).toBe('cs.mit.edu');
    expect(emailDomain('no-at-sign')).toBe('');
  });

  it('matches equal domains and subdomains, never public ones nor siblings', () => {
    expect(isSameOrganisationDomain('mit.edu', 'mit.edu')).toBe(true);
    expect(isSameOrganisationDomain('cs.mit.edu', 'mit.edu')).toBe(true);
    expect(isSameOrganisationDomain('mit.edu', 'csail.mit.edu')).toBe(true);
    expect(isSameOrganisationDomain('cs.mit.edu', 'ee.mit.edu')).toBe(false);
    expect(isSameOrganisationDomain('ox.ac.uk', 'cam.ac.uk')).toBe(false);
    expect(isSameOrganisationDomain('gmail.com', 'gmail.com')).toBe(false);
    expect(isSameOrganisationDomain('notmit.edu', 'mit.edu')).toBe(false);
  });
});

describe('affiliation normalisation', () => {
  it('removes accents, case, punctuation and filler words, and spells out abbreviations', () => {
    expect(normaliseAffiliation('Université de Montréal')).toBe('universite montreal');
    expect(normaliseAffiliation('Univ. of Cairo')).toBe('university cairo');
    expect(normaliseAffiliation('Dept. of CS')).toBe('department cs');
    expect(normaliseAffiliation('  ')).toBe('');
  });

  it('normalises Arabic spellings (hamza forms, taa marbuta, diacritics)', () => {
    expect(normaliseAffiliation('جامعة القاهرة')).toBe(normaliseAffiliation('جامعه القاهره'));
    expect(normaliseAffiliation('أكاديمية')).toBe(normaliseAffiliation('اكاديميه'));
  });

  it('matches the same institution written differently', () => {
    expect(isSameAffiliation('Cairo University', 'cairo univ.')).toBe(true);
    expect(isSameAffiliation('Dept. of Computer Science, Cairo University, Egypt', 'Cairo University')).toBe(true);
    expect(isSameAffiliation('Université de Montréal', 'Universite de Montreal')).toBe(true);
  });

  it('does not match on a shared department name or country alone', () => {
    expect(
      isSameAffiliation(
        'Department of Computer Science, Cairo University',
        'Department of Computer Science, Ain Shams University',
      ),
    ).toBe(false);
    expect(isSameAffiliation('Cairo University, Egypt', 'Alexandria University, Egypt')).toBe(false);
    expect(isSameAffiliation('', '')).toBe(false);
    expect(affiliationKeys('')).toEqual([]);
  });
});

describe('detectPair', () => {
  it('finds authorship by linked account, by address, and by having submitted it', () => {
    const p = person(7, 'Rev@uni-a.edu');
    const linked: DetectionSubmission = { id: 1, submittedBy: 99, authors: [author('other@x.org', '', 7)] };
    const byEmail: DetectionSubmission = { id: 2, submittedBy: 99, authors: [author('rev@UNI-A.edu')] };
    const submitted: DetectionSubmission = { id: 3, submittedBy: 7, authors: [author('x@y.org')] };
    for (const submission of [linked, byEmail, submitted]) {
      expect(detectPair(p, submission, undefined)?.type).toBe('author');
    }
  });

  it('finds a shared institution domain and affiliation, with every reason, and keeps the strongest type', () => {
    const p = person(7, 'rev@cs.uni-a.edu', 'University A');
    const submission: DetectionSubmission = {
      id: 1,
      submittedBy: null,
      authors: [author('ann@uni-a.edu', 'Univ. A', null, 'Ann Author')],
    };
    const found = detectPair(p, submission, undefined);
    expect(found?.type).toBe('institutional');
    expect(found?.reasons).toEqual([
      { code: 'conflicts.reason.affiliation', params: { author: 'Ann Author', affiliation: 'Univ. A' } },
      { code: 'conflicts.reason.domain', params: { author: 'Ann Author', domain: 'uni-a.edu' } },
    ]);
    expect(reasonText(found?.reasons ?? [])).toBe(
      'Same affiliation as Ann Author (Univ. A); Same e-mail domain as Ann Author (uni-a.edu)',
    );
  });

  it('ignores public mail providers', () => {
    const p = person(7, 'rev@gmail.com', 'Somewhere');
    const submission: DetectionSubmission = {
      id: 1,
      submittedBy: null,
      authors: [author('ann@gmail.com', 'Elsewhere')],
    };
    expect(detectPair(p, submission, undefined)).toBeUndefined();
  });

  it('indexes the co-authors of each person from the submissions they submitted, are linked to, or carry their address', () => {
    const persons = [person(7, 'rev@uni-a.edu'), person(8, 'Other@Uni-D.edu'), person(9, 'nobody@uni-z.edu')];
    const authored: DetectionSubmission[] = [
      // Submitted by 7, who is not among its authors.
      { id: 60, submittedBy: 7, authors: [author('dan@uni-d.edu', '', null, 'Dan D')] },
      // 7 linked by account; 8 by address (other case and spaces).
      {
        id: 61,
        submittedBy: null,
        authors: [author('old@uni-a.edu', '', 7), author(' other@uni-d.EDU ', ''), author('eve@uni-e.edu', '', 15)],
      },
      // Nobody's.
      { id: 62, submittedBy: 99, authors: [author('fay@uni-f.edu', '', 16)] },
    ];
    const index = buildCoauthorIndex(persons, authored);
    const shape = (userId: number) =>
      [...(index.get(userId) ?? new Map<string, Set<number>>())].map(([key, where]) => [key, [...where]]);
    expect(shape(7)).toEqual([
      ['e:dan@uni-d.edu', [60]],
      ['e:other@uni-d.edu', [61]],
      ['e:eve@uni-e.edu', [61]],
      ['u:15', [61]],
    ]);
    expect(shape(8)).toEqual([
      ['e:old@uni-a.edu', [61]],
      ['u:7', [61]],
      ['e:eve@uni-e.edu', [61]],
      ['u:15', [61]],
    ]);
    expect(index.has(9)).toBe(false);
  });

  it('finds co-authorship on another submission, by account or address, but not on the submission itself', () => {
    const p = person(7, 'rev@uni-a.edu');
    const other: DetectionSubmission = {
      id: 50,
      submittedBy: 7,
      authors: [author('rev@uni-a.edu', '', 7), author('bob@uni-b.edu', '', 12, 'Bob B'), author('cy@uni-c.edu')],
    };
    const index = buildCoauthorIndex([p], [other]);
    const target: DetectionSubmission = { id: 1, submittedBy: 12, authors: [author('bob@uni-b.edu', '', 12, 'Bob B')] };
    expect(detectPair(p, target, index.get(7))).toEqual({
      userId: 7,
      submissionId: 1,
      type: 'coauthor',
      reasons: [{ code: 'conflicts.reason.coauthor', params: { author: 'Bob B' } }],
    });
    const byAddress: DetectionSubmission = { id: 2, submittedBy: null, authors: [author('CY@uni-c.edu')] };
    expect(detectPair(p, byAddress, index.get(7))?.type).toBe('coauthor');
    // The only shared paper is this very submission: no co-authorship conflict from it.
    expect(detectPair(p, other, buildCoauthorIndex([p], [other]).get(7))?.type).toBe('author');
    const alone = buildCoauthorIndex([p], [{ ...target, id: 1 }]);
    expect(detectPair(person(8, 'z@uni-z.edu'), target, alone.get(8))).toBeUndefined();
  });
});

describe('detectConflicts', () => {
  it('equals the pairwise check over every person and submission', () => {
    const persons = [
      person(1, 'a@uni-a.edu', 'University A'),
      person(2, 'b@gmail.com', 'Institute B'),
      person(3, 'c@sub.uni-c.edu', ''),
      person(4, 'd@uni-d.edu', 'Dept. of Physics, University D'),
    ];
    const submissions: DetectionSubmission[] = [
      { id: 10, submittedBy: 1, authors: [author('a@uni-a.edu', 'University A', 1)] },
      {
        id: 11,
        submittedBy: null,
        authors: [author('x@uni-c.edu', 'College C'), author('y@gmail.com', 'institute b')],
      },
      { id: 12, submittedBy: null, authors: [author('z@other.org', 'University D, Physics')] },
      { id: 13, submittedBy: null, authors: [author('q@uni-q.edu', 'University Q')] },
    ];
    const authored = [{ id: 90, submittedBy: null, authors: [author('d@uni-d.edu', '', 4), author('q@uni-q.edu')] }];
    const index = buildCoauthorIndex(persons, authored);
    const found = detectConflicts(persons, submissions, index);
    const brute = new Map<string, unknown>();
    for (const p of persons) {
      for (const s of submissions) {
        const conflict = detectPair(p, s, index.get(p.userId));
        if (conflict) brute.set(pairKey(s.id, p.userId), conflict);
      }
    }
    expect(found).toEqual(brute);
    expect([...found.keys()].sort()).toEqual(['10:1', '11:2', '11:3', '12:4', '13:4']);
  });
});
