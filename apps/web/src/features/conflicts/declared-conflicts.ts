import type { DeclaredConflictDto } from '@confero/contracts';
import { formatDate } from '../../components/data/format.ts';
import { personName } from './conflict-display.ts';

/*
 * What the author's "Your declared conflicts" card shows of each declaration (`GET submissions/{id}/declared-
 * conflicts/`): the person named, the address they typed, the note and the date, in the interface language.
 */

export type DeclaredConflictView = {
  id: number;
  /** The person's full name, else their address. */
  name: string;
  email: string;
  /** The author's note, or null when they wrote none. */
  note: string | null;
  /** The day it was declared, in the interface language. */
  date: string;
  canWithdraw: boolean;
};

/** One declaration as the card shows it. */
export function declaredConflictView(conflict: DeclaredConflictDto, locale: string): DeclaredConflictView {
  const note = conflict.note.trim();
  return {
    id: conflict.id,
    name: personName(conflict.person),
    email: conflict.person.email,
    note: note ? note : null,
    date: formatDate(conflict.created_at, locale),
    canWithdraw: conflict.abilities.withdraw,
  };
}

/**
 * Whether the card shows at all: only once the list is loaded and holds a declaration (an author who declared
 * nothing sees no card, and nothing flashes while the list loads).
 */
export function showsDeclaredConflicts(data: { results: readonly unknown[] } | undefined): boolean {
  return data !== undefined && data.results.length > 0;
}
