import type { DeclaredConflictDto } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { declaredConflictView, showsDeclaredConflicts } from './declared-conflicts.ts';

const declared = (overrides: Partial<DeclaredConflictDto> = {}): DeclaredConflictDto => ({
  id: 41,
  person: { full_name: 'Rana Haddad', email: 'rana@uni-a.edu' },
  type: 'personal',
  type_display: 'Personal',
  note: '  Former adviser  ',
  created_at: '2026-03-01T10:00:00Z',
  abilities: { withdraw: true },
  ...overrides,
});

describe('declaredConflictView: one declaration as the card shows it', () => {
  it('gives the name, address, trimmed note, day and whether it can be withdrawn', () => {
    expect(declaredConflictView(declared(), 'en')).toEqual({
      id: 41,
      name: 'Rana Haddad',
      email: 'rana@uni-a.edu',
      note: 'Former adviser',
      date: 'Mar 1, 2026',
      canWithdraw: true,
    });
  });

  it('falls back to the address without a name, and has no note when none was written', () => {
    const view = declaredConflictView(
      declared({ person: { full_name: '  ', email: 'x@y.org' }, note: '   ', abilities: { withdraw: false } }),
      'en',
    );
    expect(view).toMatchObject({ name: 'x@y.org', note: null, canWithdraw: false });
  });

  it('writes the day in Arabic', () => {
    expect(declaredConflictView(declared(), 'ar').date).toBe(
      new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-03-01')),
    );
    expect(declaredConflictView(declared(), 'ar').date).not.toBe('Mar 1, 2026');
  });
});

describe('showsDeclaredConflicts', () => {
  it('shows the card only once a list with a declaration is loaded', () => {
    expect(showsDeclaredConflicts(undefined)).toBe(false);
    expect(showsDeclaredConflicts({ results: [] })).toBe(false);
    expect(showsDeclaredConflicts({ results: [declared()] })).toBe(true);
  });
});
