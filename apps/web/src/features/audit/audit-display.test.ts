import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../test/render.tsx';
import { actionLabelKey, dataSummary, entityLabelKey } from './audit-display.ts';

/*
 * The server's `recordAudit` takes only the actions and kinds of things listed in contracts (tsc refuses another), so
 * these tests fail as soon as the server records something the audit screens cannot name.
 */
describe('audit labels', () => {
  it.each(['en', 'ar'] as const)('name every action and kind of thing the server records (%s)', async (language) => {
    const i18n = await i18nFor(language);
    const labelled = (key: string | undefined) =>
      key !== undefined && typeof i18n.getResource(language, 'translation', key) === 'string';
    const missing = [
      ...AUDIT_ACTIONS.filter((action) => !labelled(actionLabelKey(action))),
      ...AUDIT_ENTITIES.filter((entity) => !labelled(entityLabelKey(entity))),
    ];
    expect(missing).toEqual([]);
    expect(labelled('audit.actions.no_such_action')).toBe(false);
  });

  it('has a label key for the listed actions only, written with underscores', () => {
    expect(actionLabelKey('event.chair_invited')).toBe('audit.actions.event_chair_invited');
    expect(actionLabelKey('mail_template.updated')).toBe('audit.actions.mail_template_updated');
    expect(actionLabelKey('system.maintenance')).toBeUndefined();
    expect(entityLabelKey('mail_send')).toBe('audit.entities.mail_send');
    expect(entityLabelKey('system')).toBeUndefined();
  });

  it('summarises data as key: value pairs, cut at the bound', () => {
    expect(dataSummary({ email: 'a@example.org', user_id: 4 })).toBe('email: a@example.org · user_id: 4');
    expect(dataSummary({ text: 'x'.repeat(50) }, 20)).toHaveLength(20);
  });
});
