import {
  type BilingualText,
  orphansAnswers,
  type PutReviewFormBody,
  REVIEW_QUESTION_KEY_PATTERN,
  REVIEW_QUESTION_LIBRARY,
  type ReviewQuestionDto,
  type ReviewQuestionKind,
} from '@confero/contracts';
import { type FieldMessage, fieldMessages, type Message } from '../../components/feedback/message.ts';

/*
 * The chair's review form editor as data (`docs/domain.md#review-form`): the questions being edited, each with a
 * local id (a question's key may change while it is typed), what a change does to the form's version, the body
 * `PUT events/{id}/review-form/` takes, and where the server's problems (`questions.<index>.<field>`) belong.
 */

/** A question in the editor: the API's question, its local id, and whether its key still follows its label. */
export type DraftQuestion = ReviewQuestionDto & { id: string; keyFollowsLabel: boolean };

let nextId = 0;
const newId = () => {
  nextId += 1;
  return `q${nextId}`;
};

const EMPTY_TEXT: BilingualText = { en: '', ar: '' };

/** The questions of a form as the editor starts from them (every key fixed: it may already hold answers). */
export const toDraft = (questions: readonly ReviewQuestionDto[]): DraftQuestion[] =>
  questions.map((question) => ({ ...question, id: newId(), keyFollowsLabel: false }));

/**
 * The key a label suggests: lower case, runs of other characters as one underscore, starting with a letter, at most
 * 40 characters, and not one of `taken` (a number is added). '' when the label has no Latin letter or digit.
 */
export function keyFromLabel(label: string, taken: ReadonlySet<string>): string {
  const base = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!base) return '';
  const start = /^[a-z]/.test(base) ? base : `q_${base}`;
  const stem = start.slice(0, 40).replace(/_+$/, '');
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${stem.slice(0, 40 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A new question of the chair's: a text the committee reads, its key following its English label. */
export function newQuestion(): DraftQuestion {
  return {
    id: newId(),
    keyFollowsLabel: true,
    key: '',
    kind: 'text',
    label: { ...EMPTY_TEXT },
    help: { ...EMPTY_TEXT },
    required: false,
    visibility: 'committee',
    builtin: false,
    removable: true,
  };
}

/** A question of the library, added as one of the chair's own. */
export function fromLibrary(entry: (typeof REVIEW_QUESTION_LIBRARY)[number]): DraftQuestion {
  return {
    ...structuredClone(entry),
    id: newId(),
    keyFollowsLabel: false,
    builtin: false,
    removable: true,
  } as DraftQuestion;
}

/** The library's questions, each disabled when the form already holds its key. */
export const libraryChoices = (questions: readonly DraftQuestion[]) =>
  REVIEW_QUESTION_LIBRARY.map((entry) => ({
    entry,
    present: questions.some((question) => question.key === entry.key),
  }));

const keysBut = (questions: readonly DraftQuestion[], id: string) =>
  new Set(questions.filter((question) => question.id !== id).map((question) => question.key));

/**
 * A question changed by the editor: a new English label moves a key that still follows it; a key typed stops
 * following. Every other field as given.
 */
export function changeQuestion(
  questions: readonly DraftQuestion[],
  id: string,
  change: Partial<DraftQuestion>,
): DraftQuestion[] {
  return questions.map((question) => {
    if (question.id !== id) return question;
    const next = { ...question, ...change };
    if (change.key !== undefined) next.keyFollowsLabel = false;
    else if (change.label && next.keyFollowsLabel) next.key = keyFromLabel(next.label.en, keysBut(questions, id));
    return next;
  });
}

/** The question's kind changed (a chair's question): the fields of the new kind, with a starting range or options. */
export function withKind(question: DraftQuestion, kind: ReviewQuestionKind): Partial<DraftQuestion> {
  const base = { kind, min: undefined, max: undefined, value_labels: undefined, options: undefined };
  if (kind === 'score') return { ...base, min: 1, max: 5, value_labels: {} };
  if (kind === 'choice') {
    return {
      ...base,
      options: question.options ?? [
        { value: 'yes', label: { en: 'Yes', ar: 'نعم' } },
        { value: 'no', label: { en: 'No', ar: 'لا' } },
      ],
    };
  }
  return base;
}

/** The questions with the one at `index` moved by `delta` places (nothing when it would leave the list). */
export function moveQuestion(questions: readonly DraftQuestion[], index: number, delta: -1 | 1): DraftQuestion[] {
  const target = index + delta;
  if (index < 0 || target < 0 || target >= questions.length) return [...questions];
  const next = [...questions];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

/** The values of a score question, lowest first (none when its range is not a range). */
export function scoreValues(question: Pick<ReviewQuestionDto, 'min' | 'max'>): number[] {
  const { min, max } = question;
  if (min === undefined || max === undefined || max < min || max - min > 20) return [];
  return Array.from({ length: max - min + 1 }, (_unused, index) => min + index);
}

/**
 * The body of `PUT`: each question's own fields for its kind, and the version and `updated_at` the editor read (a
 * form changed since answers 409 STALE_REVIEW_FORM).
 */
export function formBody(
  questions: readonly DraftQuestion[],
  read: { version: number; updated_at: string | null },
): PutReviewFormBody {
  return {
    version: read.version,
    updated_at: read.updated_at,
    questions: questions.map((question) => {
      const base = {
        key: question.key,
        kind: question.kind,
        label: question.label,
        help: question.help,
        required: question.required,
        visibility: question.visibility,
      };
      if (question.kind === 'score') {
        const values = new Set(scoreValues(question).map(String));
        const labels = Object.entries(question.value_labels ?? {}).filter(
          ([value, label]) => values.has(value) && (label.en.trim() !== '' || label.ar.trim() !== ''),
        );
        return { ...base, min: question.min, max: question.max, value_labels: Object.fromEntries(labels) };
      }
      if (question.kind === 'choice') return { ...base, options: question.options ?? [] };
      return base;
    }),
  };
}

/**
 * Whether saving the edited questions makes a new version of the form: reviews hold answers to the current one and
 * the change would orphan them (a question removed, a kind, range or option values changed).
 */
export const makesNewVersion = (
  saved: readonly ReviewQuestionDto[],
  edited: readonly DraftQuestion[],
  answeredReviews: number,
) => answeredReviews > 0 && orphansAnswers(saved, edited);

/** What the editor checks before sending: each key present, well formed and unique. By question id and field. */
export function keyProblems(questions: readonly DraftQuestion[]): Record<string, Record<string, Message>> {
  const problems: Record<string, Record<string, Message>> = {};
  const seen = new Set<string>();
  for (const question of questions) {
    if (!REVIEW_QUESTION_KEY_PATTERN.test(question.key)) {
      problems[question.id] = { key: { key: 'reviewForms.keyInvalid' } };
    } else if (seen.has(question.key)) {
      problems[question.id] = { key: { key: 'reviewForms.keyDuplicate' } };
    }
    seen.add(question.key);
  }
  return problems;
}

/** The editor's field of a server field below a question (`options.1.value` is the options'; `label.ar` its own). */
function editorField(rest: string): string {
  const [head = '', second] = rest.split('.');
  if (head === 'label' || head === 'help') return `${head}.${second ?? 'en'}`;
  if (head === 'min' || head === 'max') return 'min';
  return head;
}

/**
 * The server's problems placed: those of a question (`questions.<index>.<field>`) under that question's id and the
 * editor's field; the others (the form as a whole) in `general`.
 */
export function placeProblems(
  error: unknown,
  questions: readonly DraftQuestion[],
): { byQuestion: Record<string, Record<string, Message>>; general: FieldMessage[] } {
  const byQuestion: Record<string, Record<string, Message>> = {};
  const general: FieldMessage[] = [];
  for (const line of fieldMessages(error)) {
    const match = /^questions\.(\d+)\.(.+)$/.exec(line.field);
    const question = match ? questions[Number(match[1])] : undefined;
    if (!match || !question) {
      general.push(line);
      continue;
    }
    const field = editorField(match[2] ?? '');
    byQuestion[question.id] = { ...byQuestion[question.id], [field]: line.message };
  }
  return { byQuestion, general };
}
