import { describe, expect, it } from 'vitest';
import type { Message } from '../../components/feedback/message.ts';
import { ApiError } from '../../lib/api.ts';
import { saveErrorText, submissionErrorText, type TextTools } from './submission-errors.ts';

const EN: Record<string, string> = {
  'errors.authError': 'Authentication error. Please log in again.',
  'submissions.errors.createError': 'createError',
  'submissions.errors.updateError': 'updateError',
  'submissions.errors.serverError': 'serverError',
  'submissions.errors.notFoundDeleted': 'Submission not found. It may have been deleted.',
  'submissions.errors.titlePrefix': 'Title: {{message}}',
  'submissions.errors.validationErrors': 'Validation errors: {{details}}',
  'submissions.fieldNames.keywords': 'Keywords',
  'submissions.fieldNames.authors': 'Authors',
};

function tools(language: 'en' | 'ar' = 'en'): TextTools {
  const t = (key: string, params: Record<string, unknown> = {}) =>
    (EN[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
  const text = (message: Message) => ('text' in message ? message.text : t(message.key));
  return { language, t, text };
}

const apiError = (status: number, body: Record<string, unknown>) =>
  new ApiError({
    status,
    code: typeof body.code === 'string' ? body.code : `HTTP_${status}`,
    detail: typeof body.detail === 'string' ? body.detail : '',
    body,
  });

const DUPLICATE = 'A submission with this title already exists for this event. Please choose a different title.';
const duplicateBody = {
  detail: DUPLICATE,
  code: 'DUPLICATE_TITLE',
  type: 'DUPLICATE_TITLE',
  fields: { title: [DUPLICATE] },
  field_codes: { title: ['submissions.duplicateTitle'] },
};

describe('saveErrorText: edit ("Edit save")', () => {
  it.each([
    [
      403,
      { detail: 'x', code: 'PERMISSION_DENIED' },
      'Permission denied. You do not have access to update this submission. Only the submission author can edit it.',
    ],
    [404, { detail: 'Submission not found.', code: 'NOT_FOUND' }, 'Submission not found. It may have been deleted.'],
    [400, { error: 'Something specific' }, 'Something specific'],
    [400, { non_field_errors: ['First problem', 'Second'] }, 'First problem'],
    [
      400,
      { title: ['Ensure this field has no more than 500 characters.'] },
      'Title: Ensure this field has no more than 500 characters.',
    ],
    [
      400,
      {
        fields: { keywords: ['Please provide at least 1 keyword(s)'] },
        field_codes: { keywords: ['submissions.validations.keywordsMinRequired'] },
        field_params: { keywords: [{ min: 1 }] },
      },
      'Validation errors: Keywords: Please provide at least 1 keyword(s)',
    ],
    [400, { message: 'A message field' }, 'A message field'],
    [409, duplicateBody, DUPLICATE],
    [500, {}, 'updateError'],
  ])('%s %j', (status, body, expected) => {
    expect(saveErrorText(apiError(status, body), 'update', tools()).text).toBe(expected);
  });

  it('sends the user to sign in again on 401', () => {
    const result = saveErrorText(apiError(401, { detail: 'nope' }), 'update', tools());
    expect(result).toMatchObject({ text: 'Authentication error. Please log in again.', redirectToLogin: true });
  });

  it('gives serverError when nothing answered', () => {
    const error = new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: 'Network error.' });
    expect(saveErrorText(error, 'update', tools()).text).toBe('serverError');
  });

  it('translates keyed messages with their values', () => {
    const body = {
      fields: { keywords: ['Please provide at least 1 keyword(s)'] },
      field_codes: { keywords: ['submissions.validations.keywordsMinRequired'] },
      field_params: { keywords: [{ min: 1 }] },
    };
    expect(saveErrorText(apiError(400, body), 'update', tools('ar')).text).toContain('يُرجى إدخال 1 كلمة مفتاحية');
  });
});

describe('saveErrorText: create ("Create save": the same without prefixes)', () => {
  it('shows a field message alone, at its field', () => {
    const body = {
      detail: 'Each author needs a first name, last name, email, affiliation and country',
      fields: { authors: ['Each author needs a first name, last name, email, affiliation and country'] },
      field_codes: { authors: ['submissions.validations.authorRequired'] },
    };
    expect(saveErrorText(apiError(400, body), 'create', tools())).toEqual({
      text: 'Each author needs a first name, last name, email, affiliation and country',
      field: 'authors',
      redirectToLogin: false,
    });
  });

  it('maps the duplicate title to its message at the title', () => {
    expect(saveErrorText(apiError(409, duplicateBody), 'create', tools())).toMatchObject({
      text: DUPLICATE,
      field: 'title',
    });
  });

  it('keeps a title problem without the prefix', () => {
    expect(saveErrorText(apiError(400, { title: ['Too long.'] }), 'create', tools()).text).toBe('Too long.');
  });

  it('uses the keyed message of a refusal without field', () => {
    const body = {
      detail: 'The submission deadline of this event (2026-05-01, AoE) has passed.',
      code: 'DEADLINE_PASSED',
      message_code: 'submissions.deadlinePassed',
      params: { deadline: '2026-05-01', timezone: 'AoE' },
    };
    expect(saveErrorText(apiError(400, body), 'create', tools('ar')).text).toBe(
      'انتهى الموعد النهائي لتقديم الأوراق في هذه الفعالية (2026-05-01، AoE).',
    );
  });

  it('falls back to createError', () => {
    expect(saveErrorText(apiError(500, {}), 'create', tools()).text).toBe('createError');
    expect(saveErrorText(new Error(''), 'create', tools()).text).toBe('createError');
  });
});

describe('submissionErrorText (notices)', () => {
  it('reads the error field of downloads and the message key of refusals', () => {
    expect(
      submissionErrorText(
        apiError(404, { error: 'The file of this submission is not available.', code: 'NOT_FOUND' }),
        tools(),
      ),
    ).toBe('The file of this submission is not available.');
    expect(
      submissionErrorText(
        apiError(403, { detail: 'x', message_code: 'submissions.deleteDenied', code: 'PERMISSION_DENIED' }),
        tools('ar'),
      ),
    ).toBe('تم رفض الإذن. لا يمكن حذف الورقة إلا لمؤلفها.');
    expect(submissionErrorText(apiError(500, {}), tools())).toBeUndefined();
  });
});
