import { CATALOGUE_LANGUAGES } from '@confero/i18n';
import { messageTemplate } from '@confero/i18n/catalogue';
import { describe, expect, it } from 'vitest';
import { isMessageKey, MESSAGE_KEYS } from './auth.ts';

describe('the message keys of the accounts API', () => {
  it.each(CATALOGUE_LANGUAGES)('each have a text in %s', (language) => {
    expect(MESSAGE_KEYS.filter((key) => !messageTemplate(key, language))).toEqual([]);
  });

  it('are told apart from other strings', () => {
    expect(isMessageKey('validation.tooLong')).toBe(true);
    expect(isMessageKey('validation.tooLongish')).toBe(false);
    expect(messageTemplate('validation.tooLong')).toBe('Ensure this field has no more than {{maximum}} characters.');
  });
});
