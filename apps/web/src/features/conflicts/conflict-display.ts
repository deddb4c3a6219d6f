import {
  CONFLICT_SOURCES,
  CONFLICT_TYPE_LABELS,
  CONFLICT_TYPES,
  type ConflictDto,
  type ConflictReasonDto,
  type ConflictSource,
  type ConflictType,
  isReviewMessageKey,
  reviewMessage,
} from '@confero/contracts';

/*
 * What the conflict-of-interest screens show: the type labels and colours, and each reason in the interface language.
 * The API sends every reason as a message key of `server.json` with its parameters next to the English text, so the
 * reason is rebuilt from the key here rather than shown in English.
 */

export type Language = 'en' | 'ar';

/** The interface language as one of the two the catalogues hold. */
export const languageOf = (language: string | undefined): Language => (language?.startsWith('ar') ? 'ar' : 'en');

/** The types a person may declare (conflicts.service DECLARABLE_TYPES): authorship comes from the submission. */
export const DECLARABLE_CONFLICT_TYPES: readonly Exclude<ConflictType, 'author'>[] = CONFLICT_TYPES.filter(
  (type): type is Exclude<ConflictType, 'author'> => type !== 'author',
);
export type DeclarableConflictType = Exclude<ConflictType, 'author'>;

/** The type the server uses when a declaration names none. */
export const DEFAULT_DECLARED_TYPE: DeclarableConflictType = 'personal';

export const CONFLICT_TYPE_COLORS: Record<ConflictType, string> = {
  author: 'red',
  coauthor: 'orange',
  institutional: 'grape',
  domain: 'blue',
  personal: 'teal',
  other: 'gray',
};

export const CONFLICT_SOURCE_COLORS: Record<ConflictSource, string> = { detected: 'indigo', declared: 'cyan' };

export const isConflictType = (value: unknown): value is ConflictType =>
  typeof value === 'string' && (CONFLICT_TYPES as readonly string[]).includes(value);

export const isConflictSource = (value: unknown): value is ConflictSource =>
  typeof value === 'string' && (CONFLICT_SOURCES as readonly string[]).includes(value);

/** A conflict type in the interface language (the contracts' shared labels). */
export const conflictTypeLabel = (type: ConflictType, language: Language) => CONFLICT_TYPE_LABELS[type][language];

/**
 * One reason in the interface language: its message key filled with its parameters ("Same e-mail domain as Ann
 * Alpha (cs.uni-a.edu)"); a key this client does not know falls back to the server's English text.
 */
export function reasonText(reason: Pick<ConflictReasonDto, 'code' | 'params' | 'message'>, language: Language): string {
  if (isReviewMessageKey(reason.code)) return reviewMessage(reason.code, reason.params, language);
  return reason.message;
}

/**
 * The note a person wrote when declaring a conflict. The API stores it after the declarer's name in `reason`
 * ("Declared by Chair Person: Former student") and does not send it on its own, so it is read back from there.
 */
export function declaredNote(conflict: Pick<ConflictDto, 'source' | 'reason' | 'declared_by'>): string | null {
  if (conflict.source !== 'declared') return null;
  const name = conflict.declared_by?.full_name.trim();
  let note: string | undefined;
  const prefix = name ? `Declared by ${name}: ` : undefined;
  if (prefix && conflict.reason.startsWith(prefix)) note = conflict.reason.slice(prefix.length);
  else note = /^Declared by [^:]*: ([\s\S]*)$/.exec(conflict.reason)?.[1];
  return note?.trim() ? note.trim() : null;
}

/**
 * Every reason of a conflict as lines of text in the interface language. A conflict without structured reasons
 * (one declared by a person whose account is gone) shows the stored text instead.
 */
export function conflictReasonLines(
  conflict: Pick<ConflictDto, 'reasons' | 'reason' | 'source' | 'declared_by'>,
  language: Language,
): string[] {
  if (conflict.reasons.length > 0) return conflict.reasons.map((reason) => reasonText(reason, language));
  const stored = conflict.reason.trim();
  if (!stored) return [];
  // The stored text may carry the note, which is shown on its own line.
  const note = declaredNote(conflict);
  return [note ? stored.slice(0, stored.length - note.length).replace(/:\s*$/, '') : stored];
}

/** A person's name for the tables: the full name, else the address. */
export const personName = (person: { full_name: string; email: string }) => person.full_name.trim() || person.email;
