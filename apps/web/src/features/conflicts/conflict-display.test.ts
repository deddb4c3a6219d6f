import type { ConflictDto } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import {
  conflictReasonLines,
  conflictTypeLabel,
  DECLARABLE_CONFLICT_TYPES,
  declaredNote,
  languageOf,
  personName,
  reasonText,
} from './conflict-display.ts';

type ReasonFields = Pick<ConflictDto, 'reasons' | 'reason' | 'source' | 'declared_by'>;

const domain = {
  code: 'conflicts.reason.domain',
  params: { author: 'Ann Alpha', domain: 'cs.uni-a.edu' },
  message: 'Same e-mail domain as Ann Alpha (cs.uni-a.edu)',
};
const affiliation = {
  code: 'conflicts.reason.affiliation',
  params: { author: 'Ben Beta', affiliation: 'Univ. B' },
  message: 'Same affiliation as Ben Beta (Univ. B)',
};

describe('reasonText: a reason rebuilt from its code and parameters', () => {
  it('fills the English template', () => {
    expect(reasonText(domain, 'en')).toBe('Same e-mail domain as Ann Alpha (cs.uni-a.edu)');
    expect(
      reasonText({ code: 'conflicts.reason.coauthor', params: { author: 'Bob Builder' }, message: '' }, 'en'),
    ).toBe('Co-author of Bob Builder on another submission');
  });

  it('fills the Arabic template with the same values', () => {
    expect(reasonText(domain, 'ar')).toBe('نطاق البريد الإلكتروني نفسه الذي لدى Ann Alpha (cs.uni-a.edu)');
    expect(reasonText(affiliation, 'ar')).toBe('جهة الانتساب نفسها التي لدى Ben Beta (Univ. B)');
    expect(reasonText({ code: 'conflicts.reason.author', params: {}, message: 'Author of the submission' }, 'ar')).toBe(
      'مؤلف الورقة',
    );
    expect(reasonText({ code: 'conflicts.reason.declared', params: { name: 'Chair Person' }, message: '' }, 'ar')).toBe(
      'صرّح به Chair Person',
    );
  });

  it("falls back to the server's text for a code it does not know", () => {
    expect(reasonText({ code: 'conflicts.reason.future', params: {}, message: 'Same lab' }, 'ar')).toBe('Same lab');
  });
});

describe('declaredNote: the note written when declaring', () => {
  const declared = (reason: string, fullName = 'Chair Person'): ReasonFields => ({
    source: 'declared',
    reason,
    reasons: [],
    declared_by: { public_id: '5-abcdefgh', full_name: fullName },
  });

  it('is read after the declarer’s name', () => {
    expect(declaredNote(declared('Declared by Chair Person: Former student'))).toBe('Former student');
    expect(declaredNote(declared('Declared by Chair Person: Ratio: 2:1 co-supervision'))).toBe(
      'Ratio: 2:1 co-supervision',
    );
  });

  it('is read without a known declarer too', () => {
    expect(declaredNote(declared('Declared by chair@example.org: Same lab', ''))).toBe('Same lab');
  });

  it('is null when there is none, and for detected conflicts', () => {
    expect(declaredNote(declared('Declared by Chair Person'))).toBeNull();
    expect(declaredNote(declared('Declared by the reviewer when bidding'))).toBeNull();
    expect(declaredNote({ source: 'detected', reason: 'Declared by X: not a note', declared_by: null })).toBeNull();
  });
});

describe('conflictReasonLines', () => {
  it('translates every reason, in order', () => {
    const conflict: ReasonFields = {
      source: 'detected',
      reason: 'Same e-mail domain as Ann Alpha (cs.uni-a.edu); Same affiliation as Ben Beta (Univ. B)',
      reasons: [domain, affiliation],
      declared_by: null,
    };
    expect(conflictReasonLines(conflict, 'en')).toEqual([
      'Same e-mail domain as Ann Alpha (cs.uni-a.edu)',
      'Same affiliation as Ben Beta (Univ. B)',
    ]);
    expect(conflictReasonLines(conflict, 'ar')).toEqual([
      'نطاق البريد الإلكتروني نفسه الذي لدى Ann Alpha (cs.uni-a.edu)',
      'جهة الانتساب نفسها التي لدى Ben Beta (Univ. B)',
    ]);
  });

  it('shows the stored text, without its note, when there are no structured reasons', () => {
    expect(
      conflictReasonLines(
        { source: 'declared', reason: 'Declared by Gone User: Former student', reasons: [], declared_by: null },
        'en',
      ),
    ).toEqual(['Declared by Gone User']);
    expect(conflictReasonLines({ source: 'detected', reason: '', reasons: [], declared_by: null }, 'en')).toEqual([]);
  });
});

describe('labels', () => {
  it('names each type in both languages, and authorship cannot be declared', () => {
    expect(conflictTypeLabel('institutional', 'en')).toBe('Same institution');
    expect(conflictTypeLabel('coauthor', 'ar')).toBe('مؤلف مشارك');
    expect(DECLARABLE_CONFLICT_TYPES).toEqual(['coauthor', 'institutional', 'domain', 'personal', 'other']);
  });

  it('reads the interface language and names people', () => {
    expect(languageOf('ar-EG')).toBe('ar');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(personName({ full_name: '  ', email: 'x@y.org' })).toBe('x@y.org');
    expect(personName({ full_name: 'Rana Haddad', email: 'r@y.org' })).toBe('Rana Haddad');
  });
});
