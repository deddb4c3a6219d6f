import type { DiscussionAuthorDto, MentionableDto } from '@confero/contracts';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A person of a thread in the interface language: "You" for the reader, "Reviewer N" for a reviewer the reader may
 * not name (the API sends no name then), "Area chair" for the paper's area chair the reader may not name, "Former member" for one the reader may not name (no public id: a reviewer
 * reading, or a deleted account), else the name the API gave (`docs/domain.md#discussion`: a former member is named
 * to the committee).
 */
export function personName(
  person: Pick<DiscussionAuthorDto, 'display_name' | 'role' | 'reviewer_ordinal' | 'public_id'> & { is_self?: boolean },
  t: Translate,
): string {
  if (person.is_self) return t('discussion.readerSelf');
  if (person.role === 'former_member' && person.public_id === undefined) return t('discussion.formerWriter');
  if (person.role === 'reviewer' && person.public_id === undefined && person.reviewer_ordinal !== undefined) {
    return t('discussion.reviewerN', { n: person.reviewer_ordinal });
  }
  // The paper's area chair to a reader who may not name them: the role alone, in the interface language.
  if (person.role === 'area_chair' && person.public_id === undefined) return t('discussion.roles.area_chair');
  return person.display_name;
}

/**
 * The role shown beside a name: "Chair", "Reviewer 2" or "Former member" beside a name the reader knows, nothing for
 * the others.
 */
export function roleLabel(
  person: Pick<DiscussionAuthorDto, 'role' | 'reviewer_ordinal' | 'public_id'> & { is_self?: boolean },
  t: Translate,
): string | null {
  if (person.role === 'chair') return t('discussion.roles.chair');
  if (person.role === 'area_chair') return person.public_id === undefined ? null : t('discussion.roles.area_chair');
  if (person.role === 'former_member' && person.public_id !== undefined) return t('discussion.formerWriter');
  if (
    person.role === 'reviewer' &&
    (person.public_id !== undefined || person.is_self) &&
    person.reviewer_ordinal !== undefined
  ) {
    return t('discussion.reviewerN', { n: person.reviewer_ordinal });
  }
  return null;
}

/**
 * The option of the mention picker: the name (or "Reviewer N") with the role, and what goes into the text. A reviewer
 * is written into the text as "Reviewer N" even by a chair who knows their name: the text is read by the other
 * reviewers of the paper, who may not learn it (`REVIEWERS_SEE_EACH_OTHER`).
 */
export function mentionOption(
  member: MentionableDto,
  t: Translate,
): { value: string; label: string; name: string; insert: string } {
  // `reviewer-N` stands for a reviewer the reader knows only by number (no public id of theirs is ever sent).
  const person = { ...member, public_id: member.public_id.startsWith('reviewer-') ? undefined : member.public_id };
  const name = personName(person, t);
  const role = roleLabel(person, t);
  const insert =
    member.role === 'reviewer' && member.reviewer_ordinal !== undefined
      ? t('discussion.reviewerN', { n: member.reviewer_ordinal })
      : name;
  return { value: member.public_id, label: role && role !== name ? `${name} (${role})` : name, name, insert };
}

/** A comment's time: date and time in the interface language, in the reader's own zone. */
export function formatCommentTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Adds `@Name ` to the composer's text (after a space when the text does not end with one). */
export function insertMention(body: string, name: string): string {
  const separator = body === '' || /\s$/.test(body) ? '' : ' ';
  return `${body}${separator}@${name} `;
}
