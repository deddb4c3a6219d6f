import { submissionMessage } from '@confero/contracts';
import {
  errorBody,
  errorMessage,
  type FieldMessage,
  fieldMessages,
  firstText,
  fromServerText,
  inLanguage,
  keyedMessage,
  type Message,
} from '../../components/feedback/message.ts';
import { isApiError } from '../../lib/api.ts';
import type { SubmissionFormField } from './forms/submission-form.ts';

/*
 * What a failed submissions call says, in the interface language: the answer's message keys and parameters
 * (`components/feedback/message.ts`), composed the way the submission screens show them.
 */

export type Language = 'en' | 'ar';

/** Translates the web app's own keys (react-i18next's `t`, loosely typed for pure use). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Turns a Message (key or raw server text) into text (components/feedback/message.ts `useMessageText().text`). */
export type MessageText = (message: Message) => string;

export type TextTools = { language: Language; t: Translate; text: MessageText };

/** A message as text in the interface language. */
const say = (message: Message, tools: TextTools) => tools.text(inLanguage(message, tools.language));

/** Members of an error body that are not a field's list of problems. */
const BODY_MEMBERS = ['detail', 'code', 'error', 'message', 'message_code', 'params', 'type', 'request_id'];

/**
 * The per-field problems of an answer, in order, without the problems of no field (`non_field_errors`): `fields`
 * (our API), else DRF-style top-level lists of texts.
 */
export function fieldProblems(error: unknown): FieldMessage[] {
  const body = errorBody(error);
  const lines =
    body.fields !== null && typeof body.fields === 'object'
      ? fieldMessages(error)
      : Object.entries(body)
          .filter(([name, value]) => !BODY_MEMBERS.includes(name) && Array.isArray(value))
          .flatMap(([field, value]) =>
            (value as unknown[])
              .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
              .map((text) => ({ field, message: fromServerText(text) })),
          );
  return lines.filter((line) => line.field !== 'non_field_errors');
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
 * What a failed call says for the screens' notices (load, delete, download, status, decision): the keyed message
 * of the answer, its first field problem, its `error`/`message`/`detail`; undefined when none.
 */
export function submissionErrorText(error: unknown, tools: TextTools): string | undefined {
  if (isApiError(error) && error.status === 0) return tools.t('submissions.errors.serverError');
  const message = errorMessage(error);
  return message ? say(message, tools) : undefined;
}

const DUPLICATE_TITLE = 'DUPLICATE_TITLE';

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
    const keyed = keyedMessage(body.message_code, body.params);
    return result(keyed ? say(keyed, tools) : errorField);
  }

  const nonField = Array.isArray(body.non_field_errors)
    ? body.non_field_errors.filter((item): item is string => typeof item === 'string')
    : [];
  if (nonField.length > 0) {
    return result(tools.text(fromServerText(nonField[0] ?? '')));
  }

  const problems = fieldProblems(error);
  const titleProblem = problems.find((problem) => problem.field === 'title');
  if (titleProblem) {
    if ('key' in titleProblem.message && titleProblem.message.key === 'submissions.duplicateTitle') return duplicate();
    const text = say(titleProblem.message, tools);
    return result(mode === 'update' ? t('submissions.errors.titlePrefix', { message: text }) : text, 'title');
  }
  if (problems.length > 0) {
    const byField = new Map<string, string[]>();
    for (const problem of problems) {
      byField.set(problem.field, [...(byField.get(problem.field) ?? []), say(problem.message, tools)]);
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

  const general = errorMessage(error);
  return result(general ? say(general, tools) : fallback);
}
