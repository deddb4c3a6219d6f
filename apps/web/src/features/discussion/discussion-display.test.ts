import { describe, expect, it } from 'vitest';
import { personName, roleLabel } from './discussion-display.ts';

const t = (key: string, options?: Record<string, unknown>) => (options?.n ? `${key}:${options.n}` : key);

describe("a thread's people in the interface language", () => {
  it("names the paper's area chair by the role alone to a reader who may not name them, and by name to the committee", () => {
    const hidden = { role: 'area_chair' as const, display_name: 'Area chair' };
    expect(personName(hidden, t)).toBe('discussion.roles.area_chair');
    expect(roleLabel(hidden, t)).toBeNull();
    const named = { ...hidden, display_name: 'Ada Lovelace', public_id: '4-bbbbbbbb' };
    expect(personName(named, t)).toBe('Ada Lovelace');
    expect(roleLabel(named, t)).toBe('discussion.roles.area_chair');
    expect(roleLabel({ role: 'chair' }, t)).toBe('discussion.roles.chair');
  });
});
