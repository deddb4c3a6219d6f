import {
  type EventMailTemplateKey,
  isEventMailTemplateKey,
  MAIL_AUDIENCES,
  MAIL_BODY_MAX_LENGTH,
  MAIL_PLACEHOLDERS,
  MAIL_SUBJECT_MAX_LENGTH,
  type MailAudience,
  type MailComposeBody,
} from '@confero/contracts';

/*
 * The compose form of an event's group mail: its values, the rules checked before anything is sent (as translation
 * keys by field), the request body, and what the address may preset (`?audience=accepted_authors&template=
 * decision_accept&papers=12-abcdefgh,13-bcdefghi`: the bulk decisions' "notify the authors" link).
 */

export type ComposeMode = 'template' | 'text';

export type ComposeValues = {
  audience: MailAudience;
  mode: ComposeMode;
  template_key: EventMailTemplateKey;
  subject: string;
  body: string;
};

export type ComposePreset = { values: ComposeValues; papers: string[] };

export const isMailAudience = (value: unknown): value is MailAudience =>
  typeof value === 'string' && (MAIL_AUDIENCES as readonly string[]).includes(value);

export const AUTHOR_AUDIENCES: readonly MailAudience[] = [
  'authors',
  'accepted_authors',
  'rejected_authors',
  'undecided_authors',
  'final_version_missing',
];

const PAPER_REF = /^\d{1,12}(?:-[a-z2-7]{8})?$/;

/** The form's first values, and the papers chosen, from the address. */
export function composePreset(params: URLSearchParams): ComposePreset {
  const audience = params.get('audience');
  const template = params.get('template');
  const chosenAudience = isMailAudience(audience) ? audience : 'authors';
  const papers = AUTHOR_AUDIENCES.includes(chosenAudience)
    ? (params.get('papers') ?? '')
        .split(',')
        .map((ref) => ref.trim())
        .filter((ref) => PAPER_REF.test(ref))
        .slice(0, 1000)
    : [];
  return {
    values: {
      audience: chosenAudience,
      mode: 'template',
      template_key: isEventMailTemplateKey(template) ? template : 'announcement',
      subject: '',
      body: '',
    },
    papers,
  };
}

/** The placeholders a template (or, for `null`, a mail's own text) may use. */
export function placeholdersFor(key: EventMailTemplateKey | null): string[] {
  return key?.startsWith('decision_') ? [...MAIL_PLACEHOLDERS, 'decision_details'] : [...MAIL_PLACEHOLDERS];
}

/** The `{names}` of a text that are not among the allowed placeholders. */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !allowed.includes(name)))];
}

/** What a mail's own text may use: mails to authors may also quote each paper's decision details. */
export const placeholdersOfText = (audience: MailAudience) =>
  AUTHOR_AUDIENCES.includes(audience) ? placeholdersFor('decision_accept') : placeholdersFor(null);

export type FieldProblem = { key: string; params?: Record<string, unknown> } | null;

/** The rules of a subject and a body: present, not too long, only known placeholders. */
export function wordingProblems(
  wording: { subject: string; body: string },
  allowed: readonly string[],
): { subject: FieldProblem; body: FieldProblem } {
  const check = (text: string, max: number): FieldProblem => {
    if (!text.trim()) return { key: 'validation.required' };
    if (text.length > max) return { key: 'validation.tooLong', params: { maximum: max } };
    const unknown = unknownPlaceholders(text, allowed);
    return unknown.length > 0
      ? { key: 'communications.compose.unknownPlaceholder', params: { name: `{${unknown[0]}}` } }
      : null;
  };
  return { subject: check(wording.subject, MAIL_SUBJECT_MAX_LENGTH), body: check(wording.body, MAIL_BODY_MAX_LENGTH) };
}

/** The compose form's problems: a mail's own text is checked here; a template is the server's. */
export function composeProblems(values: ComposeValues): { subject: FieldProblem; body: FieldProblem } {
  if (values.mode === 'template') return { subject: null, body: null };
  return wordingProblems(values, placeholdersOfText(values.audience));
}

/** The preview's and the send's body. */
export function composeBody(values: ComposeValues, papers: string[], recipient?: string): MailComposeBody {
  return {
    audience: values.audience,
    ...(values.mode === 'template'
      ? { template_key: values.template_key }
      : { subject: values.subject.trim(), body: values.body.trim() }),
    ...(papers.length > 0 && AUTHOR_AUDIENCES.includes(values.audience) ? { submission_ids: papers } : {}),
    ...(recipient?.trim() ? { recipient: recipient.trim() } : {}),
  };
}

/** The group a template is usually sent to: what its preview is rendered for in the templates editor. */
export function audienceOfTemplate(key: EventMailTemplateKey): MailAudience {
  switch (key) {
    case 'decision_accept':
      return 'accepted_authors';
    case 'decision_reject':
      return 'rejected_authors';
    case 'decision_revision':
    case 'submission_deadline_changed':
      return 'authors';
    case 'review_reminder':
      return 'late_reviewers';
    case 'review_deadline_changed':
      return 'reviewers';
    default:
      return 'committee';
  }
}
