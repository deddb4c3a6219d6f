import { describe, expect, it } from 'vitest';
import { buildNavigation, isNavItemActive } from './nav-items.ts';

const links = (role: Parameters<typeof buildNavigation>[0]) => {
  const navigation = buildNavigation(role);
  return {
    main: navigation.main.map((item) => `${item.label} ${item.to}`),
    admin: navigation.admin.map((item) => `${item.label} ${item.to}`),
  };
};

const BASE = ['nav.dashboard /dashboard', 'nav.switchRole /roles', 'nav.profile /profile'];

describe('sidebar navigation by active role', () => {
  it.each(['simple_user', 'guest'] as const)('gives %s the base links only', (role) => {
    expect(links(role)).toEqual({ main: BASE, admin: [] });
  });

  it('adds my submissions for authors', () => {
    expect(links('author').main).toEqual([BASE[0], 'nav.mySubmissions /submissions', BASE[1], BASE[2]]);
    expect(links('author').admin).toEqual([]);
  });

  it.each(['chair', 'event_admin'] as const)('adds my events for %s', (role) => {
    expect(links(role).main).toEqual([BASE[0], 'nav.myEvents /events', BASE[1], BASE[2]]);
  });

  it('adds reviewer events for reviewers', () => {
    expect(links('reviewer').main).toEqual([BASE[0], 'nav.reviewerEvents /events', BASE[1], BASE[2]]);
  });

  it('gives admins the base links and the administration section, nothing else', () => {
    expect(links('admin')).toEqual({
      main: BASE,
      admin: [
        'nav.userManagement /admin/users',
        'nav.eventManagement /admin/events',
        'outbox.nav /admin/outbox',
        'audit.nav /admin/audit',
      ],
    });
  });
});

describe('active link', () => {
  const [dashboard, , profile] = buildNavigation('simple_user').main;
  const events = buildNavigation('chair').main[1];
  const adminEvents = buildNavigation('admin').admin[1];

  it('matches the page and the pages below it', () => {
    expect(events && isNavItemActive(events, '/events')).toBe(true);
    expect(events && isNavItemActive(events, '/events/12-abc/submissions')).toBe(true);
    expect(profile && isNavItemActive(profile, '/profile')).toBe(true);
  });

  it('does not confuse /events with /admin/events or /eventsx', () => {
    expect(events && isNavItemActive(events, '/admin/events')).toBe(false);
    expect(events && isNavItemActive(events, '/eventsx')).toBe(false);
    expect(adminEvents && isNavItemActive(adminEvents, '/admin/events/3')).toBe(true);
  });

  it('keeps the dashboard to its own page', () => {
    expect(dashboard && isNavItemActive(dashboard, '/dashboard')).toBe(true);
    expect(dashboard && isNavItemActive(dashboard, '/events')).toBe(false);
  });
});
