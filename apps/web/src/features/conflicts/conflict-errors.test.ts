import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { paramsFromEnglish } from '../reviews/review-display.ts';
import { conflictErrorMessage, conflictFieldMessages } from './conflict-errors.ts';

const fieldError = (field: string, code: string, english: string) =>
  new ApiError({
    status: 400,
    code: 'VALIDATION_ERROR',
    detail: english,
    fields: { [field]: [english] },
    body: {
      code: 'VALIDATION_ERROR',
      detail: english,
      fields: { [field]: [english] },
      field_codes: { [field]: [code] },
    },
  });

describe('conflictFieldMessages', () => {
  it('translates the conflicts keys on their field', () => {
    const error = fieldError(
      'email',
      'conflicts.userNotMember',
      'No reviewer, chair or event admin of this event matches this user.',
    );
    expect(conflictFieldMessages(error, 'ar')).toEqual({
      email: { text: 'لا يوجد محكّم أو رئيس أو مسؤول في هذه الفعالية يطابق هذا المستخدم.' },
    });
    expect(conflictFieldMessages(error, 'en')).toEqual({
      email: { text: 'No reviewer, chair or event admin of this event matches this user.' },
    });
  });

  it('puts the values of the English text back in', () => {
    const error = fieldError(
      'reason',
      'reviews.validations.textTooLong',
      'This text is too long (at most 1000 characters).',
    );
    expect(conflictFieldMessages(error, 'ar')).toEqual({
      reason: { text: 'هذا النص طويل جدًا (الحد الأقصى 1000 حرف).' },
    });
    expect(
      paramsFromEnglish('reviews.validations.textTooLong', 'This text is too long (at most 1000 characters).'),
    ).toEqual({
      max: '1000',
    });
  });

  it('leaves schema keys to the translation files, and keeps unkeyed texts', () => {
    expect(conflictFieldMessages(fieldError('type', 'validation.invalid', 'Invalid value'), 'en')).toEqual({
      type: { key: 'validation.invalid', params: undefined },
    });
    const unkeyed = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      detail: 'Bad',
      body: { fields: { email: ['Something odd'] } },
    });
    expect(conflictFieldMessages(unkeyed, 'en')).toEqual({ email: { text: 'Something odd' } });
    expect(conflictFieldMessages(new Error('x'), 'en')).toEqual({});
  });
});

describe('conflictErrorMessage', () => {
  it('translates the message code (403, 409)', () => {
    const denied = new ApiError({
      status: 403,
      code: 'PERMISSION_DENIED',
      detail: 'You can declare conflicts only for your own submissions, or for yourself as a reviewer of this event.',
      body: {
        detail: 'You can declare conflicts only for your own submissions, or for yourself as a reviewer of this event.',
        message_code: 'conflicts.declareDenied',
      },
    });
    expect(conflictErrorMessage(denied, 'ar')).toEqual({
      text: 'لا يمكنك التصريح بتعارض مصالح إلا لأوراقك، أو لنفسك بصفتك محكّمًا في هذه الفعالية.',
    });
    const permanent = new ApiError({
      status: 409,
      code: 'CONFLICT',
      detail: 'An authorship conflict cannot be lifted.',
      body: { detail: 'An authorship conflict cannot be lifted.', message_code: 'conflicts.authorshipPermanent' },
    });
    expect(conflictErrorMessage(permanent, 'en')).toEqual({ text: 'An authorship conflict cannot be lifted.' });
  });

  it("translates the events API's not-found", () => {
    const notFound = new ApiError({
      status: 404,
      code: 'NOT_FOUND',
      detail: 'x',
      body: { detail: 'x', message_code: 'events.notFound' },
    });
    expect(conflictErrorMessage(notFound, 'ar')).toEqual({ text: 'الفعالية غير موجودة.' });
  });

  it('uses the first field problem, then the server text, else nothing', () => {
    expect(
      conflictErrorMessage(
        fieldError('submission_id', 'conflicts.submissionNotFound', 'No submission of this event has this id.'),
        'ar',
      ),
    ).toEqual({
      text: 'لا توجد ورقة في هذه الفعالية بهذا المعرّف.',
    });
    expect(
      conflictErrorMessage(new ApiError({ status: 500, code: 'X', detail: 'Down', body: { detail: 'Down' } }), 'en'),
    ).toEqual({
      text: 'Down',
    });
    expect(conflictErrorMessage(undefined, 'en')).toBeUndefined();
  });
});
