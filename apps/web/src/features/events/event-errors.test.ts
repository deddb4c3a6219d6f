import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';
import { eventErrorMessage, firstFieldProblem } from './event-errors.ts';

const apiError = (status: number, body: Record<string, unknown>) =>
  new ApiError({
    status,
    code: String(body.code ?? `HTTP_${status}`),
    detail: String(body.detail ?? ''),
    body,
  });

describe('eventErrorMessage', () => {
  it('translates a field problem from its field code', () => {
    const error = apiError(400, {
      detail: 'End date cannot be before start date',
      code: 'VALIDATION_ERROR',
      fields: { end_date: ['End date cannot be before start date'] },
      field_codes: { end_date: ['events.endBeforeStart'] },
    });
    expect(firstFieldProblem(error)).toEqual({ field: 'end_date', key: 'events.endBeforeStart', params: undefined });
    expect(eventErrorMessage(error, 'ar')).toEqual({ text: 'لا يمكن أن يكون تاريخ الانتهاء قبل تاريخ البدء' });
    expect(eventErrorMessage(error, 'en')).toEqual({ text: 'End date cannot be before start date' });
  });

  it('translates an error without a field from its message code, values included', () => {
    const error = apiError(409, {
      detail: 'Only a pending event can be approved or rejected; this event is approved.',
      code: 'CONFLICT',
      message_code: 'events.notPending',
      params: { status: 'approved' },
    });
    expect(eventErrorMessage(error, 'ar')).toEqual({
      text: 'لا يمكن اعتماد فعالية أو رفضها إلا إذا كانت قيد المراجعة، وحالة هذه الفعالية: approved.',
    });
  });

  it('puts the field params into the text, and gives them with the first field problem', () => {
    const error = apiError(400, {
      detail: 'No user found with email ada@example.org',
      code: 'VALIDATION_ERROR',
      fields: { chair_emails: ['No user found with email ada@example.org'] },
      field_codes: { chair_emails: ['events.chairEmailNotFound'] },
      field_params: { chair_emails: [{ email: 'ada@example.org' }] },
    });
    expect(firstFieldProblem(error)).toEqual({
      field: 'chair_emails',
      key: 'events.chairEmailNotFound',
      params: { email: 'ada@example.org' },
    });
    expect(eventErrorMessage(error, 'ar')).toEqual({ text: 'لا يوجد مستخدم مسجّل بالبريد الإلكتروني ada@example.org' });
  });

  it('falls back to the error, message and detail fields as sent', () => {
    expect(eventErrorMessage(apiError(400, { error: 'Bad thing' }), 'en')).toEqual({ text: 'Bad thing' });
    expect(eventErrorMessage(apiError(400, { message: 'Said so' }), 'en')).toEqual({ text: 'Said so' });
    expect(eventErrorMessage(apiError(500, { detail: 'Broken' }), 'en')).toEqual({ text: 'Broken' });
  });

  it('maps the generic network text to its translation key', () => {
    const error = new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: NETWORK_ERROR_MESSAGE });
    expect(eventErrorMessage(error, 'ar')).toEqual({ key: 'errors.network' });
  });

  it('says nothing for an answer without any text', () => {
    expect(eventErrorMessage(apiError(500, {}), 'en')).toBeUndefined();
    expect(eventErrorMessage(undefined, 'en')).toBeUndefined();
  });
});
