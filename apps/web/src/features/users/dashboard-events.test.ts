import { describe, expect, it } from 'vitest';
import { dashboardEventsPath, InvalidEventListError, parseDashboardEvents } from './dashboard-events.ts';

describe('dashboard events', () => {
  it("lists the author's events for authors and active events for every other role", () => {
    expect(dashboardEventsPath('author')).toBe('events/author_events/');
    for (const role of ['simple_user', 'reviewer', 'chair', 'event_admin', 'admin', 'guest']) {
      expect(dashboardEventsPath(role)).toBe('events/active/');
    }
  });

  it("refuses a non-array answer with the spec's message", () => {
    for (const answer of [{ results: [] }, 'text', null, 3]) {
      expect(() => parseDashboardEvents(answer)).toThrow(InvalidEventListError);
    }
    expect(() => parseDashboardEvents({})).toThrow('Invalid response format from API');
  });

  it('links each event by public_id, else id, and skips entries without either', () => {
    const events = parseDashboardEvents([
      {
        id: 4,
        public_id: '4-ABCDEFGH',
        title: 'Learning Systems',
        acronym: 'ICLS',
        type: 'conference',
        type_display: 'Conference',
        status: 'active',
        status_display: 'Active',
        start_date: '2025-06-01',
        end_date: '2025-06-03',
        location: { city: 'Lyon', country: 'France' },
      },
      { id: 9, title: 'Workshop', location: null },
      { title: 'No id' },
      'garbage',
    ]);
    expect(events.map((event) => event.ref)).toEqual(['4-ABCDEFGH', '9']);
    expect(events[0]).toMatchObject({ type: 'Conference', status: 'Active', location: 'Lyon, France' });
    expect(events[1]).toMatchObject({ title: 'Workshop', location: '' });
  });
});
