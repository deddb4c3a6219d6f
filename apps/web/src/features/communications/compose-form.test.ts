import { describe, expect, it } from 'vitest';
import {
  composeBody,
  composePreset,
  composeProblems,
  placeholdersOfText,
  unknownPlaceholders,
} from './compose-form.ts';
import { eventOutboxParams, parseEventOutboxFilters } from './mail-filters.ts';

describe('the compose form', () => {
  it('reads a preset from the address, keeping papers only for author groups', () => {
    const preset = composePreset(
      new URLSearchParams('audience=accepted_authors&template=decision_accept&papers=1-abcdefgh,x,2'),
    );
    expect(preset.values).toMatchObject({
      audience: 'accepted_authors',
      template_key: 'decision_accept',
      mode: 'template',
    });
    expect(preset.papers).toEqual(['1-abcdefgh', '2']);
    expect(composePreset(new URLSearchParams('audience=reviewers&papers=1')).papers).toEqual([]);
    expect(composePreset(new URLSearchParams('audience=everyone&template=nope')).values).toMatchObject({
      audience: 'authors',
      template_key: 'announcement',
    });
  });

  it('checks its own text: present, and only the placeholders of the group', () => {
    const values = { audience: 'reviewers' as const, mode: 'text' as const, template_key: 'announcement' as const };
    expect(composeProblems({ ...values, subject: ' ', body: 'Hi {decision_details}' })).toEqual({
      subject: { key: 'validation.required' },
      body: { key: 'communications.compose.unknownPlaceholder', params: { name: '{decision_details}' } },
    });
    expect(composeProblems({ ...values, audience: 'authors', subject: 'a', body: '{decision_details}' })).toEqual({
      subject: null,
      body: null,
    });
    expect(placeholdersOfText('committee')).not.toContain('decision_details');
    expect(unknownPlaceholders('{a}{a}{first_name}', placeholdersOfText('committee'))).toEqual(['a']);
  });

  it('sends a template or its own text, the papers only to authors, the recipient when named', () => {
    const values = { audience: 'authors' as const, mode: 'text' as const, template_key: 'announcement' as const };
    expect(composeBody({ ...values, subject: ' S ', body: ' B ' }, ['1'], ' a@b.c ')).toEqual({
      audience: 'authors',
      subject: 'S',
      body: 'B',
      submission_ids: ['1'],
      recipient: 'a@b.c',
    });
    expect(composeBody({ ...values, mode: 'template', audience: 'committee', subject: '', body: '' }, ['1'])).toEqual({
      audience: 'committee',
      template_key: 'announcement',
    });
  });
});

describe("the event outbox's filters", () => {
  it('read only valid values from the address and send only what is set', () => {
    const filters = parseEventOutboxFilters(
      new URLSearchParams('status=lost&template=review_reminder&search=%20ada%20&page=0'),
    );
    expect(filters).toEqual({ status: null, template: 'review_reminder', search: 'ada', page: 1 });
    expect(eventOutboxParams(filters)).toEqual({ page: 1, page_size: 25, template: 'review_reminder', search: 'ada' });
  });
});
