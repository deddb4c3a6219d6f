/** The dashboard's event list: the author's events for authors, active events for the rest. */

/** One event as the dashboard shows it; the list endpoints send more, the rest is ignored. */
export type DashboardEvent = {
  /** What the link uses: public_id, else id. */
  ref: string;
  title: string;
  acronym: string;
  type: string;
  status: string;
  startDate: string;
  endDate: string;
  location: string;
};

/**
 * The list call answered something other than an array. Shown as `dashboard.invalidFormat` ('Invalid response
 * format from API'); any other failure is `dashboard.loadFailed` ('Failed to load events from API').
 */
export class InvalidEventListError extends Error {
  constructor() {
    super('Invalid response format from API');
    this.name = 'InvalidEventListError';
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function locationText(location: unknown): string {
  if (typeof location === 'string') return location;
  if (location === null || typeof location !== 'object') return '';
  const { city, country } = location as Record<string, unknown>;
  return [text(city), text(country)].filter(Boolean).join(', ');
}

/** The list endpoint for the active role. */
export function dashboardEventsPath(role: string): string {
  return role === 'author' ? 'events/author_events/' : 'events/active/';
}

/**
 * Reads the answer of the list call: it must be an array (anything else is 'Invalid response format from
 * API'); entries without an id are skipped.
 */
export function parseDashboardEvents(data: unknown): DashboardEvent[] {
  if (!Array.isArray(data)) throw new InvalidEventListError();
  return data.flatMap((raw): DashboardEvent[] => {
    if (raw === null || typeof raw !== 'object') return [];
    const event = raw as Record<string, unknown>;
    const ref = text(event.public_id) || text(event.id);
    if (!ref) return [];
    return [
      {
        ref,
        title: text(event.title),
        acronym: text(event.acronym),
        type: text(event.type_display) || text(event.type),
        status: text(event.status_display) || text(event.status),
        startDate: text(event.start_date),
        endDate: text(event.end_date),
        location: locationText(event.location),
      },
    ];
  });
}
