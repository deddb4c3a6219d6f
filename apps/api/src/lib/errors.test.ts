import { describe, expect, it } from 'vitest';
import { fieldErrors, messageError, messageFieldError } from './errors.ts';

describe('messageError', () => {
  it('answers the English text with its key and the values of its placeholders only', () => {
    const error = messageError(409, 'CONFLICT', 'events.notPending', { status: 'active', unused: 'dropped' });
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('Only a pending event can be approved or rejected; this event is active.');
    expect(error.extra).toEqual({ message_code: 'events.notPending', params: { status: 'active' } });
  });

  it('leaves params out for a text without placeholders, and keeps the extra members', () => {
    const error = messageError(404, 'NOT_FOUND', 'events.notFound', {}, { error: 'Event not found.' });
    expect(error.message).toBe('Event not found.');
    expect(error.extra).toEqual({ message_code: 'events.notFound', error: 'Event not found.' });
  });
});

describe('fieldErrors', () => {
  it('gives texts, keys and params in parallel per field, a repeated text once, params only where used', () => {
    const error = fieldErrors([
      { field: 'title', key: 'submissions.validations.titleTooLong', params: { max: 500 } },
      { field: 'title', key: 'submissions.validations.titleTooLong', params: { max: 500 } },
      { field: 'abstract', key: 'submissions.validations.abstractRequired' },
      { field: 'bio', key: 'validation.tooLong', params: { maximum: 1000 } },
    ]);
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('The title must be at most 500 characters.');
    expect(error.fields).toEqual({
      title: ['The title must be at most 500 characters.'],
      abstract: ['Abstract is required'],
      bio: ['Ensure this field has no more than 1000 characters.'],
    });
    expect(error.extra).toEqual({
      message_code: 'submissions.validations.titleTooLong',
      params: { max: 500 },
      field_codes: {
        title: ['submissions.validations.titleTooLong'],
        abstract: ['submissions.validations.abstractRequired'],
        bio: ['validation.tooLong'],
      },
      field_params: { title: [{ max: 500 }], bio: [{ maximum: 1000 }] },
    });
  });

  it("names the first field in detail when asked (the accounts API's form), and takes another status and code", () => {
    const error = fieldErrors([{ field: 'email', key: 'auth.emailAlreadyExists' }], {
      status: 409,
      code: 'EMAIL_EXISTS',
      prefixDetail: true,
    });
    expect([error.statusCode, error.code, error.message]).toEqual([
      409,
      'EMAIL_EXISTS',
      'email: A user with this email already exists.',
    ]);
    expect(error.extra).toEqual({
      message_code: 'auth.emailAlreadyExists',
      field_codes: { email: ['auth.emailAlreadyExists'] },
    });
  });

  it('builds the one-field case the same way', () => {
    const one = messageFieldError('keywords', 'submissions.validations.keywordsMinRequired', { min: 3 });
    expect(one.fields).toEqual({ keywords: ['Please provide at least 3 keyword(s)'] });
    expect(one.extra).toEqual({
      message_code: 'submissions.validations.keywordsMinRequired',
      params: { min: 3 },
      field_codes: { keywords: ['submissions.validations.keywordsMinRequired'] },
      field_params: { keywords: [{ min: 3 }] },
    });
  });
});
