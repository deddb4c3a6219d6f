import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { postJson, type SeededUser } from './accounts.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, APP_URL } from './env.ts';

/** Events seeded through the API, as a user of the app would create them; and the form's date pickers. */

export type SeededEvent = { id: number; public_id: string; title: string; status: string };

/** A calendar date (YYYY-MM-DD) in the month after the current one, on the given day. */
export function nextMonthDate(day: number, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day));
  return date.toISOString().slice(0, 10);
}

/** Dates that pass the event date rules (deadlines before the start), all in the next month. */
export function upcomingDates() {
  return {
    submission_deadline: nextMonthDate(5),
    review_deadline: nextMonthDate(10),
    notification_date: nextMonthDate(15),
    start_date: nextMonthDate(20),
    end_date: nextMonthDate(22),
  };
}

/** An API client signed in as the user (cookies kept in the context). */
export async function signedInApi(email: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: APP_URL });
  await postJson(api, '/api/auth/login/', { email, password });
  return api;
}

/** Creates an event as the user through `POST /api/events/create/` (pending, the user its event admin). */
export async function createEventThroughApi(user: SeededUser, title: string): Promise<SeededEvent> {
  const api = await signedInApi(user.email, user.password);
  try {
    const response = await postJson(
      api,
      '/api/events/create/',
      {
        title,
        description: 'A workshop on reproducible peer review.',
        type: 'workshop',
        ...upcomingDates(),
        primary_research_area: 'computer_science',
        location: { city: 'Lyon', country: 'France' },
      },
      201,
    );
    return (await response.json()) as SeededEvent;
  } finally {
    await api.dispose();
  }
}

/** The platform admin approves a pending event through `POST /api/events/{id}/approve/`. */
export async function approveEventThroughApi(event: SeededEvent): Promise<void> {
  const api = await signedInApi(ADMIN_EMAIL, ADMIN_PASSWORD);
  try {
    const response = await postJson(api, `/api/events/${event.public_id}/approve/`, {});
    expect(((await response.json()) as SeededEvent).status).toBe('approved');
  } finally {
    await api.dispose();
  }
}

/** The accessible name Mantine gives a day of its calendar: "D MMMM YYYY", in English. */
function dayName(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, 1)),
  );
  return `${day} ${monthName} ${year}`;
}

/** Picks a date in one of the form's date pickers (English interface): open, go to the month, click the day. */
export async function pickDate(page: Page, label: string, date: string) {
  // The calendar of the previous pick fades out after its day is chosen: wait until it is gone, so the headings below
  // are this picker's alone.
  const calendarHeading = page.getByRole('button', { name: 'Choose another month', exact: true });
  await expect(calendarHeading).toHaveCount(0);
  await page.getByRole('button', { name: label, exact: true }).click();
  const [year, month] = date.split('-').map(Number);
  const wanted = (year ?? 0) * 12 + (month ?? 1) - 1;
  // The calendar opens on the month of the current value, or on this month; its heading says which.
  for (let guard = 0; guard < 36; guard += 1) {
    const heading = await calendarHeading.textContent();
    const shown = new Date(`1 ${(heading ?? '').trim()} 12:00 UTC`);
    const difference = wanted - (shown.getUTCFullYear() * 12 + shown.getUTCMonth());
    if (difference === 0) break;
    // A toast at the top right (from an earlier step) may lie over the calendar's header: click the control itself.
    await page
      .getByRole('button', { name: difference > 0 ? 'Next month' : 'Previous month', exact: true })
      .dispatchEvent('click');
  }
  await page.getByRole('button', { name: dayName(date), exact: true }).click();
  await expect(page.getByRole('button', { name: label, exact: true })).toContainText(
    `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`,
  );
}
