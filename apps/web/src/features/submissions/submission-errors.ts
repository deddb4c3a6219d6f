import {
  readMessageParams,
  SUBMISSION_MESSAGES,
  type SubmissionMessageKey,
  submissionMessage,
} from '@confero/contracts';
import { errorBody, firstText, fromServerText, type Message } from '../../components/feedback/message.ts';
import { isApiError } from '../../lib/api.ts';
import type { SubmissionFormField } from './forms/submission-form.ts';

/*
 * What a failed submissions call says, in the interface language. The submissions API answers with a message key next
 * to its English text (`field_codes` for a field, `message_code` otherwise; packages/contracts/src/submissions.ts); the
 * keys are translated from the shared table, with the values the English text carries put back in.
 */

export type Language = 'en' | 'ar';

/** Translates the web app's own keys (react-i18next's `t`, loosely typed for pure use). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Turns a Message (key or raw server text) into text (components/feedback/message.ts `useMessageText().text`). */
export type MessageText = (message: Message) => string;

export type TextTools = { language: Language; t: Translate; text: MessageText };

export function isSubmissionMessageKey(value: unknown): value is SubmissionMessageKey {
  return typeof value === 'string' && Object.hasOwn(SUBMISSION_MESSAGES, value);
}

/**
 * The `{name}` values of a message, read back from its English text: 'Please provide at least 3 keyword(s)' and
 * 'Please provide at least {min} keyword(s)' give { min: '3' }. Empty when the text does not match.
 */
export function paramsFromEnglish(key: SubmissionMessageKey, english: string | undefined): Record<string, string> {
  return readMessageParams(SUBMISSION_MESSAGES[key].en, english);
}

/** A message of the submissions API in a language, its values taken from the English text. */
export function keyedText(key: SubmissionMessageKey, english: string | undefined, language: Language): string {
  return submissionMessage(key, paramsFromEnglish(key, english), language);
}

type FieldProblem = { field: string; code?: string; english?: string };

/** The per-field problems of an answer, in order: `fields` (our API) or DRF-style top-level lists. */
export function fieldProblems(error: unknown): FieldProblem[] {
  const body = errorBody(error);
  const codes = (body.field_codes ?? {}) as Record<string, unknown>;
  const source =
    body.fields !== null && typeof body.fields === 'object'
      ? (body.fields as Record<string, unknown>)
      : Object.fromEntries(
          Object.entries(body).filter(
            ([name, value]) =>
              !['detail', 'code', 'error', 'message', 'message_code', 'type', 'request_id'].includes(name) &&
              Array.isArray(value),
          ),
        );
  const problems: FieldProblem[] = [];
  for (const [field, value] of Object.entries(source)) {
    if (field === 'non_field_errors') continue;
    const texts = Array.isArray(value) ? value : [value];
    const fieldCodes = Array.isArray(codes[field]) ? (codes[field] as unknown[]) : [];
    texts.forEach((english, index) => {
      if (typeof english !== 'string' || !english.trim()) return;
      const code = fieldCodes[index];
      problems.push({ field, english, code: typeof code === 'string' ? code : undefined });
    });
  }
  return problems;
}

/** One field problem as text: its key translated (with its values), else the server's text. */
function problemText(problem: FieldProblem, tools: TextTools): string {
  if (isSubmissionMessageKey(problem.code)) return keyedText(problem.code, problem.english, tools.language);
  if (problem.code) {
    const translated = tools.text({ key: problem.code });
    if (translated !== problem.code) return translated;
  }
  return tools.text(fromServerText(problem.english ?? ''));
}

/** A field's name in the interface language ('keywords' → 'Keywords'). */
export function fieldLabel(field: string, tools: TextTools): string {
  const key = `submissions.fieldNames.${field}`;
  const label = tools.t(key);
  if (label && label !== key) return label;
  return field
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * What an answer says without field: its keyed message (`message_code`), else its `error`, `message` or `detail`
 * as sent (translated when the client knows the text). Undefined when it says nothing.
 */
export function generalErrorText(error: unknown, tools: TextTools): string | undefined {
  const body = errorBody(error);
  if (isSubmissionMessageKey(body.message_code)) {
    return keyedText(body.message_code, firstText(body.detail) ?? firstText(body.error), tools.language);
  }
  const text = firstText(body.error) ?? firstText(body.message) ?? firstText(body.detail);
  if (text) return tools.text(fromServerText(text));
  if (!isApiError(error) && error instanceof Error && error.message) return tools.text(fromServerText(error.message));
  return undefined;
}

/**
 * What a failed call says for the screens' notices (load, delete, download, status, decision): the keyed message
 * of the answer, its first field problem, its `error`/`message`/`detail`; undefined when none.
 */
export function submissionErrorText(error: unknown, tools: TextTools): string | undefined {
  if (isApiError(error) && error.status === 0) return tools.t('submissions.errors.serverError');
  const [first] = fieldProblems(error);
  const body = errorBody(error);
  if (first && !isSubmissionMessageKey(body.message_code)) return problemText(first, tools);
  return generalErrorText(error, tools);
}

const DUPLICATE_TITLE = 'DUPLICATE_TITLE';
const UNIQUE_SET = /must make a unique set|unique.*\btitle\b.*\bevent\b|\btitle\b.*\bevent\b.*unique/i;
const TITLE_EXISTS = /submission with this title already exists/i;

export type SaveErrorResult = {
  /** The text to show. */
  text: string;
  /** The form field it belongs to, when it is about one. */
  field?: SubmissionFormField;
  /** 401: the user must sign in again. */
  redirectToLogin: boolean;
};

const FORM_FIELDS: readonly string[] = ['title', 'abstract', 'keywords', 'authors', 'file'];

function formField(field: string | undefined): SubmissionFormField | undefined {
  return field && FORM_FIELDS.includes(field) ? (field as SubmissionFormField) : undefined;
}

/**
 * The error of saving a submission, on edit and on create. Edit: 403 'Permission denied…', 401 the login error (and
 * back to /login), 404 'Submission not found. It may have been deleted.', an `error` field, non_field_errors (the
 * unique title/event set gives duplicateTitle, else the first), a title error saying the title exists gives
 * duplicateTitle (else 'Title: …'), other field errors as 'Validation errors: field: messages', a `message`, no answer
 * gives serverError, type DUPLICATE_TITLE gives duplicateTitle, else updateError. Create: the same without the prefixes
 * (a field's message alone), else createError.
 */
export function saveErrorText(error: unknown, mode: 'create' | 'update', tools: TextTools): SaveErrorResult {
  const { t, language } = tools;
  const result = (text: string, field?: SubmissionFormField, redirectToLogin = false): SaveErrorResult => ({
    text,
    field,
    redirectToLogin,
  });
  const duplicate = () => result(submissionMessage('submissions.duplicateTitle', {}, language), 'title');
  const fallback = t(mode === 'create' ? 'submissions.errors.createError' : 'submissions.errors.updateError');

  if (!isApiError(error)) return result(fallback);
  if (error.status === 0) return result(t('submissions.errors.serverError'));
  const body = errorBody(error);
  if (body.type === DUPLICATE_TITLE || error.code === DUPLICATE_TITLE) return duplicate();

  if (error.status === 401) return result(t('errors.authError'), undefined, true);
  if (mode === 'update' && error.status === 403) {
    return result(submissionMessage('submissions.updateDenied', {}, language));
  }
  if (mode === 'update' && error.status === 404) return result(t('submissions.errors.notFoundDeleted'));

  const errorField = firstText(body.error);
  if (error.status === 400 && errorField) {
    return result(
      isSubmissionMessageKey(body.message_code) ? keyedText(body.message_code, errorField, language) : errorField,
    );
  }

  const nonField = Array.isArray(body.non_field_errors)
    ? body.non_field_errors.filter((item): item is string => typeof item === 'string')
    : [];
  if (nonField.length > 0) {
    if (nonField.some((item) => UNIQUE_SET.test(item))) return duplicate();
    return result(tools.text(fromServerText(nonField[0] ?? '')));
  }

  const problems = fieldProblems(error);
  const titleProblem = problems.find((problem) => problem.field === 'title');
  if (titleProblem) {
    if (titleProblem.code === 'submissions.duplicateTitle' || TITLE_EXISTS.test(titleProblem.english ?? '')) {
      return duplicate();
    }
    const text = problemText(titleProblem, tools);
    return result(mode === 'update' ? t('submissions.errors.titlePrefix', { message: text }) : text, 'title');
  }
  if (problems.length > 0) {
    const byField = new Map<string, string[]>();
    for (const problem of problems) {
      byField.set(problem.field, [...(byField.get(problem.field) ?? []), problemText(problem, tools)]);
    }
    const [onlyField] = byField.keys();
    if (mode === 'create' && byField.size === 1 && onlyField) {
      return result((byField.get(onlyField) ?? []).join(' '), formField(onlyField));
    }
    const lines = [...byField].map(([field, texts]) => `${fieldLabel(field, tools)}: ${texts.join(' ')}`);
    const joined = lines.join('; ');
    return result(
      mode === 'update' ? t('submissions.errors.validationErrors', { details: joined }) : joined,
      byField.size === 1 ? formField(onlyField) : undefined,
    );
  }

  const general = generalErrorText(error, tools);
  if (general) return result(general);
  return result(fallback);
}
