import { DEFAULT_REVIEW_SETTINGS, type EventDto, type EventListItemDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, buildEvent, buildTrack, daysFromNow } from '../../../test/factories/events.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { createClient, lastMail, mailsTo, signedInClient, type TestClient } from '../../../test/http.ts';
import { countQueries as countStatements } from '../../../test/statements.ts';
import { auditLog, eventMemberships, events } from '../../db/schema/index.ts';

let app: TestApp;
let admin: BuiltUser;
let adminClient: TestClient;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildAdmin(app);
  adminClient = await signedInClient(app, admin);
});
afterAll(async () => app.close());

/** A valid creation payload, with fixed future dates. */
function payload(overrides: Record<string, unknown> = {}) {
  return {
    title: 'International Conference on Applied AI',
    description: 'Three days of talks on applied artificial intelligence.',
    type: 'conference',
    acronym: 'ICAAI',
    webpage: 'https://icaai.example.org',
    start_date: '2030-06-10',
    end_date: '2030-06-12',
    submission_deadline: '2030-03-01',
    review_deadline: '2030-04-01',
    notification_date: '2030-05-01',
    primary_research_area: 'computer_science',
    secondary_research_area: ['networks', 'artificial_intelligence_machine_learning'],
    location: { venue: 'Cairo ICC', city: 'Cairo', country: 'Egypt', additional_details: 'Hall B' },
    additional_information: 'Proceedings indexed.',
    ...overrides,
  };
}

async function auditRows(eventId: number, action: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eventId, eventId), eq(auditLog.action, action)));
}

async function eventCount() {
  return (await app.db.select({ id: events.id }).from(events)).length;
}

async function roleNames(client: TestClient) {
  const me = await client.get('/api/users/me/');
  return (me.json() as { roles: { name: string }[] }).roles.map((role) => role.name);
}

/** Counts the SQL statements the app runs during `fn`, those of its transactions included (the shared counter). */
const countQueries = (fn: () => Promise<unknown>) => countStatements(app, fn);

describe('POST /api/events/create/', () => {
  it('creates a pending event; the creator becomes its event admin and the chair e-mails its chairs', async () => {
    const creator = await buildUser(app, { firstName: 'Mona', lastName: 'Saleh' });
    const chair = await buildUser(app, { firstName: 'Omar', lastName: 'Fathy' });
    const client = await signedInClient(app, creator);
    expect(await roleNames(client)).toEqual(['simple_user']);

    const response = await client.post(
      '/api/events/create/',
      payload({ chair_emails: [chair.email.toUpperCase(), ''] }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json() as EventDto;
    expect(body).toMatchObject({
      title: 'International Conference on Applied AI',
      acronym: 'ICAAI',
      type: 'conference',
      type_display: 'Conference',
      status: 'pending',
      status_display: 'Pending',
      start_date: '2030-06-10',
      end_date: '2030-06-12',
      submission_deadline: '2030-03-01',
      review_deadline: '2030-04-01',
      notification_date: '2030-05-01',
      timezone: 'AoE',
      webpage: 'https://icaai.example.org',
      location: {
        venue: 'Cairo ICC',
        city: 'Cairo',
        country: 'Egypt',
        country_code: 'EG',
        additional_details: 'Hall B',
      },
      primary_research_area: 'computer_science',
      secondary_research_areas: ['networks', 'artificial_intelligence_machine_learning'],
      additional_information: 'Proceedings indexed.',
      creator: { first_name: 'Mona', last_name: 'Saleh', email: creator.email },
      creator_name: 'Mona Saleh',
      creator_email: creator.email,
      submission_count: 0,
      track_count: 0,
      reviewer_count: 0,
      chairs: [
        {
          first_name: 'Omar',
          last_name: 'Fathy',
          email: chair.email,
          role_display: 'Chair',
          public_id: chair.publicId,
        },
      ],
      chairs_details: [{ id: chair.id, name: 'Omar Fathy', email: chair.email }],
      event_admins: [{ email: creator.email, role_display: 'Event admin', public_id: creator.publicId }],
      tracks: [],
      review_settings: {
        blind_mode: 'double',
        reviewers_see_other_reviews: 'after_submit',
        reviewers_per_paper: 3,
        authors_see_reviews: 'after_decision',
      },
      abilities: {
        update: true,
        delete: true,
        manage_members: true,
        approve: false,
        change_status: false,
        view_submissions: true,
        submit: false,
        manage_reviewing: true,
        bid: false,
      },
      allowed_status_changes: [],
    });
    expect(body.public_id).toBe(`${body.id}-${body.public_id.split('-')[1]}`);

    const [row] = await app.db.select().from(events).where(eq(events.id, body.id));
    expect(row).toMatchObject({ status: 'pending', country: 'EG', createdBy: creator.id, timezone: 'AoE' });
    // The end date ends at 23:59:59 Anywhere on Earth (UTC−12): 2030-06-13 12:00 UTC.
    expect(row?.endsAt.toISOString()).toBe('2030-06-13T12:00:00.000Z');
    const memberships = await app.db.select().from(eventMemberships).where(eq(eventMemberships.eventId, body.id));
    expect(memberships.map((m) => [m.userId, m.role, m.status]).sort()).toEqual(
      [
        [creator.id, 'event_admin', 'active'],
        [chair.id, 'chair', 'active'],
      ].sort(),
    );
    expect(await auditRows(body.id, 'event.created')).toMatchObject([{ actorId: creator.id, entity: 'event' }]);

    expect(await roleNames(client)).toEqual(['simple_user', 'event_admin']);
    expect(await roleNames(await signedInClient(app, chair))).toEqual(['simple_user', 'chair']);
    const statistics = await client.get('/api/users/statistics/');
    expect(statistics.json()).toMatchObject({ events_participated: 1 });
  });

  it('reads the country as an Arabic name or a code, defaults the type, and takes an IANA time zone', async () => {
    const client = await signedInClient(app, await buildUser(app));
    const { type: _type, ...withoutType } = payload();
    const arabic = await client.post('/api/events/create/', {
      ...withoutType,
      location: { city: 'الرياض', country: 'السعودية' },
      timezone: 'Asia/Riyadh',
    });
    expect(arabic.statusCode).toBe(201);
    expect(arabic.json()).toMatchObject({
      type: 'conference',
      timezone: 'Asia/Riyadh',
      location: { city: 'الرياض', country: 'Saudi Arabia', country_code: 'SA', venue: '' },
    });
    const [row] = await app.db
      .select()
      .from(events)
      .where(eq(events.id, (arabic.json() as EventDto).id));
    expect(row?.endsAt.toISOString()).toBe('2030-06-12T21:00:00.000Z');

    const code = await client.post(
      '/api/events/create/',
      payload({ type: 'Workshop', location: { city: 'Lyon', country: 'fr' } }),
    );
    expect(code.statusCode).toBe(201);
    expect(code.json()).toMatchObject({
      type: 'workshop',
      type_display: 'Workshop',
      location: { country: 'France', country_code: 'FR' },
    });
  });

  const rules: [string, Record<string, unknown>, string, string][] = [
    ['1 title', { title: '  ' }, 'title', 'Title is required'],
    ['2 description', { description: '' }, 'description', 'Description is required'],
    ['3 type', { type: '' }, 'type', 'Event type is required'],
    [
      '3 type (unknown)',
      { type: 'symposium' },
      'type',
      'Select a valid event type: conference, workshop, book or journal',
    ],
    ['4 city', { location: { country: 'Egypt' } }, 'location.city', 'City is required'],
    ['5 country', { location: { city: 'Cairo' } }, 'location.country', 'Country is required'],
    [
      '5 country (unknown)',
      { location: { city: 'Cairo', country: 'Atlantis' } },
      'location.country',
      'Select a valid country',
    ],
    ['6 start date', { start_date: null }, 'start_date', 'Start date is required'],
    ['6 start date (invalid)', { start_date: '2030-02-30' }, 'start_date', 'Enter a valid date (YYYY-MM-DD)'],
    ['7 end date', { end_date: '' }, 'end_date', 'End date is required'],
    ['8 end before start', { end_date: '2030-06-09' }, 'end_date', 'End date cannot be before start date'],
    ['9 submission deadline', { submission_deadline: '' }, 'submission_deadline', 'Submission deadline is required'],
    ['9 review deadline', { review_deadline: '' }, 'review_deadline', 'Review deadline is required'],
    ['9 notification date', { notification_date: '' }, 'notification_date', 'Notification date is required'],
    [
      '10 submission < review',
      { submission_deadline: '2030-04-01' },
      'submission_deadline',
      'Submission deadline must be before the review deadline',
    ],
    [
      '11 review < notification',
      { review_deadline: '2030-05-01' },
      'review_deadline',
      'Review deadline must be before the notification date',
    ],
    [
      '12 notification < start',
      { notification_date: '2030-06-10' },
      'notification_date',
      'Notification date must be before the start date',
    ],
    ['13 primary area', { primary_research_area: '' }, 'primary_research_area', 'Primary research area is required'],
    [
      '13 primary area (unknown)',
      { primary_research_area: 'alchemy' },
      'primary_research_area',
      'Select a valid primary research area',
    ],
    [
      '13 secondary area outside the primary',
      { secondary_research_area: ['physics'] },
      'secondary_research_area',
      '"physics" is not a subcategory of the chosen primary research area',
    ],
    [
      '14 chair e-mail',
      { chair_emails: ['nobody@example.invalid'] },
      'chair_emails',
      'No user found with email nobody@example.invalid',
    ],
    [
      '14 chair e-mail (malformed)',
      { chair_emails: 'not-an-address' },
      'chair_emails',
      'not-an-address is not a valid email address',
    ],
    ['webpage', { webpage: 'ftp://files' }, 'webpage', 'Enter a valid URL starting with http:// or https://'],
    [
      'time zone',
      { timezone: 'Mars/Olympus' },
      'timezone',
      'Select a valid time zone (AoE or a name such as Asia/Riyadh)',
    ],
  ];

  it.each(rules)('rule %s: 400 on its field, nothing created', async (_name, change, field, message) => {
    const client = await signedInClient(app, await buildUser(app));
    const before = await eventCount();
    const response = await client.post('/api/events/create/', payload(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: message,
      code: 'VALIDATION_ERROR',
      fields: { [field]: [message] },
    });
    expect(Object.keys((response.json() as { fields: object }).fields)).toEqual([field]);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['title before city', { title: '', location: { country: 'Egypt' } }, 'title'],
    ['city before a bad date order', { location: { country: 'Egypt' }, end_date: '2030-01-01' }, 'location.city'],
    ['end ≥ start before the missing deadlines', { end_date: '2030-06-01', submission_deadline: '' }, 'end_date'],
    [
      'submission < review before notification < start',
      { submission_deadline: '2030-04-02', notification_date: '2030-07-01' },
      'submission_deadline',
    ],
    [
      'the date rules before the research area',
      { notification_date: '2030-07-01', primary_research_area: '' },
      'notification_date',
    ],
    [
      'the research area before the chair e-mails',
      { primary_research_area: '', chair_emails: ['ghost@example.invalid'] },
      'primary_research_area',
    ],
  ])('an earlier rule wins: %s', async (_name, change, field) => {
    const client = await signedInClient(app, await buildUser(app));
    const response = await client.post('/api/events/create/', payload(change));
    expect(response.statusCode).toBe(400);
    expect(Object.keys((response.json() as { fields: object }).fields)).toEqual([field]);
  });

  it('carries message keys for translation', async () => {
    const client = await signedInClient(app, await buildUser(app));
    const response = await client.post('/api/events/create/', payload({ chair_emails: ['ghost@example.invalid'] }));
    expect(response.json()).toMatchObject({ field_codes: { chair_emails: ['events.chairEmailNotFound'] } });
  });

  it('refuses anonymous callers with 401 (before reading the body) and requires the CSRF token', async () => {
    const anonymous = createClient(app);
    const response = await anonymous.post('/api/events/create/', { title: 42 });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    const client = await signedInClient(app, await buildUser(app));
    const noCsrf = await client.post('/api/events/create/', payload(), { skipCsrf: true });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ code: 'CSRF_FAILED' });
  });
});

describe('GET /api/events/{id}/', () => {
  it('shows a pending event to its members and platform admins, and 404 to everybody else', async () => {
    const event = await buildEvent(app, { status: 'pending' });
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const invited = await buildUser(app);
    await addMembership(app, { event, user: invited, role: 'reviewer', status: 'pending' });

    const creator = await signedInClient(app, event.creator);
    const byPublicId = await creator.get(`/api/events/${event.publicId}/`);
    expect(byPublicId.statusCode).toBe(200);
    expect(byPublicId.json()).toMatchObject({ id: event.id, status: 'pending', reviewer_count: 1 });
    const byNumericId = await creator.get(`/api/events/${event.id}/`);
    expect(byNumericId.json()).toMatchObject({ public_id: event.publicId });

    const asReviewer = await (await signedInClient(app, reviewer)).get(`/api/events/${event.publicId}/`);
    expect(asReviewer.statusCode).toBe(200);
    expect(asReviewer.json()).toMatchObject({
      abilities: { update: false, delete: false, manage_members: false, view_submissions: true, approve: false },
    });
    expect(asReviewer.json()).toHaveProperty('review_settings');

    const asAdmin = await adminClient.get(`/api/events/${event.publicId}/`);
    expect(asAdmin.json()).toMatchObject({
      abilities: { approve: true, change_status: true, update: true, delete: true },
      allowed_status_changes: ['approved', 'rejected'],
    });

    for (const user of [await buildUser(app), invited]) {
      const outsider = await (await signedInClient(app, user)).get(`/api/events/${event.publicId}/`);
      expect(outsider.statusCode).toBe(404);
      expect(outsider.json()).toEqual({
        detail: 'Event not found.',
        code: 'NOT_FOUND',
        message_code: 'events.notFound',
      });
    }
    const wrongSuffix = await creator.get(`/api/events/${event.id}-aaaaaaaa/`);
    expect(wrongSuffix.statusCode).toBe(404);
    const garbage = await creator.get('/api/events/not-an-id/');
    expect(garbage.statusCode).toBe(404);
  });

  it('shows an approved event to every signed-in user, without review settings or rights', async () => {
    const event = await buildEvent(app, { status: 'active' });
    const outsider = await signedInClient(app, await buildUser(app));
    const response = await outsider.get(`/api/events/${event.publicId}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as EventDto;
    expect(body.review_settings).toBeUndefined();
    expect(body.abilities).toEqual({
      update: false,
      delete: false,
      manage_members: false,
      approve: false,
      change_status: false,
      view_submissions: false,
      submit: true,
      manage_reviewing: false,
      bid: false,
      manage_event_admins: false,
      send_mail: false,
      export: false,
      view_audit: false,
      view_progress: false,
    });
    expect((await createClient(app).get(`/api/events/${event.publicId}/`)).statusCode).toBe(401);
  });

  it('closes submissions once the deadline has passed in the event time zone', async () => {
    const event = await buildEvent(app, {
      status: 'active',
      submissionDeadline: daysFromNow(-2),
      reviewDeadline: daysFromNow(10),
      notificationDate: daysFromNow(20),
    });
    const response = await (await signedInClient(app, await buildUser(app))).get(`/api/events/${event.publicId}/`);
    expect(response.json()).toMatchObject({ abilities: { submit: false } });
  });
});

describe('PATCH /api/events/{id}/', () => {
  it('lets a chair change fields, checked against the stored values, and audits the change', async () => {
    const event = await buildEvent(app, { status: 'approved', startDate: '2030-06-10', endDate: '2030-06-12' });
    const chair = await buildUser(app);
    await addMembership(app, { event, user: chair, role: 'chair' });
    const client = await signedInClient(app, chair);

    const refused = await client.patch(`/api/events/${event.publicId}/`, { end_date: '2030-06-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { end_date: ['End date cannot be before start date'] } });

    const response = await client.patch(`/api/events/${event.publicId}/`, {
      title: 'Renamed Conference',
      end_date: '2030-06-14',
      location: { city: 'Alexandria' },
      review_settings: { blind_mode: 'single', reviewers_per_paper: 4 },
      status: 'active',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Renamed Conference',
      end_date: '2030-06-14',
      status: 'approved',
      location: { city: 'Alexandria', country: 'Egypt', country_code: 'EG' },
      review_settings: {
        blind_mode: 'single',
        reviewers_per_paper: 4,
        reviewers_see_other_reviews: 'after_submit',
        authors_see_reviews: 'after_decision',
      },
    });
    const [row] = await app.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({
      title: 'Renamed Conference',
      endDate: '2030-06-14',
      city: 'Alexandria',
      status: 'approved',
    });
    expect(row?.endsAt.toISOString()).toBe('2030-06-15T12:00:00.000Z');
    const [audit] = await auditRows(event.id, 'event.updated');
    expect(audit?.actorId).toBe(chair.id);
    expect(audit?.data).toEqual({
      changes: {
        title: { from: event.title, to: 'Renamed Conference' },
        end_date: { from: '2030-06-12', to: '2030-06-14' },
        'location.city': { from: 'Cairo', to: 'Alexandria' },
        'review_settings.blind_mode': { from: 'double', to: 'single' },
        'review_settings.reviewers_per_paper': { from: 3, to: 4 },
      },
    });
    expect(response.json()).toMatchObject({ deadlines_changed: [] });
  });

  it('clears the secondary areas when the primary area changes without them', async () => {
    const event = await buildEvent(app, { secondaryResearchAreas: ['networks'] });
    const client = await signedInClient(app, event.creator);
    const response = await client.patch(`/api/events/${event.publicId}/`, {
      primary_research_area: 'natural_sciences',
    });
    expect(response.json()).toMatchObject({ primary_research_area: 'natural_sciences', secondary_research_areas: [] });
    const bad = await client.patch(`/api/events/${event.publicId}/`, { secondary_research_area: ['networks'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { secondary_research_area: [expect.stringContaining('networks')] } });
  });

  it('is refused to reviewers (403) and to outsiders of a pending event (404), leaving the row untouched', async () => {
    const event = await buildEvent(app, { status: 'pending', title: 'Untouched' });
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const asReviewer = await (await signedInClient(app, reviewer)).patch(`/api/events/${event.publicId}/`, {
      title: 'X',
    });
    expect(asReviewer.statusCode).toBe(403);
    expect(asReviewer.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const asOutsider = await (await signedInClient(app, await buildUser(app))).patch(`/api/events/${event.publicId}/`, {
      title: 'X',
    });
    expect(asOutsider.statusCode).toBe(404);
    const [row] = await app.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.title).toBe('Untouched');
    const byAdmin = await adminClient.patch(`/api/events/${event.publicId}/`, { title: 'Fixed by admin' });
    expect(byAdmin.json()).toMatchObject({ title: 'Fixed by admin' });
  });

  /** An event with fixed dates whose chair and event admin (its creator) are signed in. */
  async function eventWithOrganizers(overrides: Parameters<typeof buildEvent>[1] = {}) {
    const event = await buildEvent(app, {
      status: 'active',
      submissionDeadline: '2030-03-10',
      reviewDeadline: '2030-04-10',
      notificationDate: '2030-05-10',
      startDate: '2030-06-10',
      endDate: '2030-06-12',
      ...overrides,
    });
    const chair = await buildUser(app);
    await addMembership(app, { event, user: chair, role: 'chair' });
    return { event, chair: await signedInClient(app, chair), eventAdmin: await signedInClient(app, event.creator) };
  }

  async function storedEvent(id: number) {
    const [row] = await app.db.select().from(events).where(eq(events.id, id));
    return row;
  }

  it('lets chairs and event admins move deadlines earlier or later, naming the deadlines that moved', async () => {
    const { event, chair, eventAdmin } = await eventWithOrganizers();
    const earlier = await chair.patch(`/api/events/${event.publicId}/`, { submission_deadline: '2030-02-01' });
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json()).toMatchObject({
      submission_deadline: '2030-02-01',
      deadlines_changed: ['submission_deadline'],
    });

    // Even to a date already past, while the order of the dates holds.
    const past = daysFromNow(-3);
    const both = await eventAdmin.patch(`/api/events/${event.publicId}/`, {
      submission_deadline: past,
      review_deadline: '2030-03-01',
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({
      submission_deadline: past,
      review_deadline: '2030-03-01',
      deadlines_changed: ['submission_deadline', 'review_deadline'],
      abilities: { submit: false },
    });
    const later = await chair.patch(`/api/events/${event.publicId}/`, { review_deadline: '2030-05-01' });
    expect(later.json()).toMatchObject({ review_deadline: '2030-05-01', deadlines_changed: ['review_deadline'] });

    expect(await storedEvent(event.id)).toMatchObject({ submissionDeadline: past, reviewDeadline: '2030-05-01' });
    const audits = await auditRows(event.id, 'event.updated');
    expect(audits.map((row) => row.data)).toEqual([
      { changes: { submission_deadline: { from: '2030-03-10', to: '2030-02-01' } } },
      {
        changes: {
          submission_deadline: { from: '2030-02-01', to: past },
          review_deadline: { from: '2030-04-10', to: '2030-03-01' },
        },
      },
      { changes: { review_deadline: { from: '2030-03-01', to: '2030-05-01' } } },
    ]);
  });

  it('keeps the order of the dates: a review deadline moved before the submission deadline is refused', async () => {
    const { event, chair } = await eventWithOrganizers();
    const response = await chair.patch(`/api/events/${event.publicId}/`, { review_deadline: '2030-03-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { submission_deadline: ['Submission deadline must be before the review deadline'] },
      field_codes: { submission_deadline: ['events.submissionNotBeforeReview'] },
    });
    expect(await storedEvent(event.id)).toMatchObject({ reviewDeadline: '2030-04-10' });
    expect(await auditRows(event.id, 'event.updated')).toEqual([]);
  });

  it("changes the time zone: the deadlines' instants and the end move, both deadlines are named", async () => {
    const { event, chair } = await eventWithOrganizers();
    const response = await chair.patch(`/api/events/${event.publicId}/`, { timezone: 'Asia/Riyadh' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      timezone: 'Asia/Riyadh',
      deadlines_changed: ['submission_deadline', 'review_deadline'],
    });
    const row = await storedEvent(event.id);
    expect(row?.timezone).toBe('Asia/Riyadh');
    expect(row?.endsAt.toISOString()).toBe('2030-06-12T21:00:00.000Z');
    const [audit] = await auditRows(event.id, 'event.updated');
    expect(audit?.data).toEqual({ changes: { timezone: { from: 'AoE', to: 'Asia/Riyadh' } } });

    const bad = await chair.patch(`/api/events/${event.publicId}/`, { timezone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message_code: 'events.timezoneInvalid',
      field_codes: { timezone: ['events.timezoneInvalid'] },
    });
    expect((await storedEvent(event.id))?.timezone).toBe('Asia/Riyadh');
  });

  it('sets the reminder days (repeats dropped, largest first), shows them to staff only, and turns them off', async () => {
    const { event, chair } = await eventWithOrganizers({ status: 'approved' });
    const response = await chair.patch(`/api/events/${event.publicId}/`, { reminder_days: [1, 7, 3, 7] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ reminder_days: [7, 3, 1], deadlines_changed: [] });
    expect((await storedEvent(event.id))?.reminderDays).toEqual([7, 3, 1]);

    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const asReviewer = await (await signedInClient(app, reviewer)).get(`/api/events/${event.publicId}/`);
    expect(asReviewer.json()).toMatchObject({ reminder_days: [7, 3, 1] });
    const asOutsider = await (await signedInClient(app, await buildUser(app))).get(`/api/events/${event.publicId}/`);
    expect(asOutsider.json()).not.toHaveProperty('reminder_days');

    const off = await chair.patch(`/api/events/${event.publicId}/`, { reminder_days: [] });
    expect(off.json()).toMatchObject({ reminder_days: [] });
    expect((await storedEvent(event.id))?.reminderDays).toEqual([]);
    const audits = await auditRows(event.id, 'event.updated');
    expect(audits.map((row) => row.data)).toEqual([
      { changes: { reminder_days: { from: [], to: [7, 3, 1] } } },
      { changes: { reminder_days: { from: [7, 3, 1], to: [] } } },
    ]);
  });

  it('refuses reminder days outside the choices (400 on reminder_days), and a list of another type', async () => {
    const { event, chair } = await eventWithOrganizers();
    const outside = await chair.patch(`/api/events/${event.publicId}/`, { reminder_days: [7, 4] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { reminder_days: ['Choose reminder days among 1, 2, 3, 5, 7, 10, 14 days before the review deadline'] },
      field_codes: { reminder_days: ['events.reminderDaysInvalid'] },
      field_params: { reminder_days: [{ choices: '1, 2, 3, 5, 7, 10, 14' }] },
    });
    const wrongType = await chair.patch(`/api/events/${event.publicId}/`, { reminder_days: ['seven'] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'reminder_days.0': [expect.any(String)] },
    });
    expect((await storedEvent(event.id))?.reminderDays).toEqual([]);
    expect(await auditRows(event.id, 'event.updated')).toEqual([]);
  });

  it('refuses a review setting outside its choices (400 on the setting), changing nothing', async () => {
    const { event, chair } = await eventWithOrganizers();
    const response = await chair.patch(`/api/events/${event.publicId}/`, {
      review_settings: { blind_mode: 'triple', reviewers_per_paper: 4 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { 'review_settings.blind_mode': ['validation.invalidChoice'] },
    });
    expect((await storedEvent(event.id))?.reviewSettings).toEqual(DEFAULT_REVIEW_SETTINGS);
    expect(await auditRows(event.id, 'event.updated')).toEqual([]);
  });

  it('refuses the new fields to reviewers and track chairs (403) and to outsiders of a pending event (404)', async () => {
    const { event } = await eventWithOrganizers({ status: 'pending' });
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const body = { reminder_days: [3], timezone: 'UTC', submission_deadline: '2030-02-01' };
    const asReviewer = await (await signedInClient(app, reviewer)).patch(`/api/events/${event.publicId}/`, body);
    expect(asReviewer.statusCode).toBe(403);
    expect(asReviewer.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'events.permissionDenied' });
    const trackChair = await buildUser(app);
    const track = await buildTrack(app, { event });
    await addMembership(app, { event, user: trackChair, role: 'chair', track });
    const asTrackChair = await (await signedInClient(app, trackChair)).patch(`/api/events/${event.publicId}/`, body);
    expect(asTrackChair.statusCode).toBe(403);
    const asOutsider = await (await signedInClient(app, await buildUser(app))).patch(
      `/api/events/${event.publicId}/`,
      body,
    );
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notFound' });
    expect(await storedEvent(event.id)).toMatchObject({
      reminderDays: [],
      timezone: 'AoE',
      submissionDeadline: '2030-03-10',
    });
    expect(await auditRows(event.id, 'event.updated')).toEqual([]);
  });

  it('writes nothing when nothing changes, and applies two concurrent changes one after the other', async () => {
    const { event, chair, eventAdmin } = await eventWithOrganizers();
    const same = await chair.patch(`/api/events/${event.publicId}/`, { submission_deadline: '2030-03-10' });
    expect(same.json()).toMatchObject({ deadlines_changed: [] });
    expect(await auditRows(event.id, 'event.updated')).toEqual([]);

    const [title, deadline] = await Promise.all([
      chair.patch(`/api/events/${event.publicId}/`, { title: 'Both Changes Kept' }),
      eventAdmin.patch(`/api/events/${event.publicId}/`, { submission_deadline: '2030-03-01' }),
    ]);
    expect([title.statusCode, deadline.statusCode]).toEqual([200, 200]);
    expect(await storedEvent(event.id)).toMatchObject({
      title: 'Both Changes Kept',
      submissionDeadline: '2030-03-01',
    });
    expect(await auditRows(event.id, 'event.updated')).toHaveLength(2);
  });
});

describe('DELETE /api/events/{id}/', () => {
  it('lets an event admin delete the event with its memberships, and audits it', async () => {
    const event = await buildEvent(app);
    const chair = await buildUser(app);
    await addMembership(app, { event, user: chair, role: 'chair' });
    const asChair = await (await signedInClient(app, chair)).delete(`/api/events/${event.publicId}/`);
    expect(asChair.statusCode).toBe(403);
    const asOutsider = await (await signedInClient(app, await buildUser(app))).delete(`/api/events/${event.publicId}/`);
    expect(asOutsider.statusCode).toBe(404);

    const response = await (await signedInClient(app, event.creator)).delete(`/api/events/${event.publicId}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await app.db.select().from(events).where(eq(events.id, event.id))).toEqual([]);
    expect(await app.db.select().from(eventMemberships).where(eq(eventMemberships.eventId, event.id))).toEqual([]);
    expect(await auditRows(event.id, 'event.deleted')).toMatchObject([
      { actorId: event.creator.id, data: { title: event.title, public_id: event.publicId } },
    ]);
  });

  it('refuses with 409 once the event has submissions (through the submission count sources)', async () => {
    const event = await buildEvent(app);
    const source = async (_db: unknown, ids: number[]) => new Map(ids.map((id) => [id, id === event.id ? 2 : 0]));
    const sources = app.extensions.submissionCounts;
    sources.push(source);
    try {
      const client = await signedInClient(app, event.creator);
      const detail = await client.get(`/api/events/${event.publicId}/`);
      expect(detail.json()).toMatchObject({ submission_count: 2 });
      const response = await client.delete(`/api/events/${event.publicId}/`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'EVENT_HAS_SUBMISSIONS',
        detail: 'This event has submissions and cannot be deleted.',
      });
      expect(await app.db.select({ id: events.id }).from(events).where(eq(events.id, event.id))).toHaveLength(1);
    } finally {
      sources.splice(sources.indexOf(source), 1);
    }
  });
});

describe('event lists', () => {
  it('answers each role list with the events of that role, visible to the caller', async () => {
    const me = await buildUser(app);
    const client = await signedInClient(app, me);
    const created = await buildEvent(app, { creator: me, status: 'pending', title: 'Mine, pending' });
    const chaired = await buildEvent(app, { status: 'approved', title: 'Chaired' });
    await addMembership(app, { event: chaired, user: me, role: 'chair' });
    const trackChaired = await buildEvent(app, { status: 'pending', title: 'Track chaired' });
    const track = await buildTrack(app, { event: trackChaired });
    await addMembership(app, { event: trackChaired, user: me, role: 'chair', track });
    const reviewing = await buildEvent(app, { status: 'active', title: 'Reviewing' });
    await addMembership(app, { event: reviewing, user: me, role: 'reviewer' });
    const invitedOnly = await buildEvent(app, { status: 'pending', title: 'Invited only' });
    await addMembership(app, { event: invitedOnly, user: me, role: 'reviewer', status: 'pending' });
    const ended = await buildEvent(app, {
      status: 'active',
      title: 'Ended',
      submissionDeadline: daysFromNow(-40),
      reviewDeadline: daysFromNow(-30),
      notificationDate: daysFromNow(-20),
      startDate: daysFromNow(-10),
      endDate: daysFromNow(-3),
    });
    const othersPending = await buildEvent(app, { status: 'pending', title: 'Someone else pending' });

    const ids = async (path: string) =>
      ((await client.get(path)).json() as EventListItemDto[]).map((event) => event.id).sort((a, b) => a - b);
    const sorted = (...list: { id: number }[]) => list.map((event) => event.id).sort((a, b) => a - b);

    expect(await ids('/api/events/my_events/')).toEqual(sorted(created, chaired, trackChaired, reviewing));
    expect(await ids('/api/events/admin_events/')).toEqual(sorted(created));
    expect(await ids('/api/events/chair_events/')).toEqual(sorted(chaired, trackChaired));
    expect(await ids('/api/events/reviewer_events/')).toEqual(sorted(reviewing));
    expect(await ids('/api/events/author_events/')).toEqual([]);
    const active = await ids('/api/events/active/');
    expect(active).toEqual(expect.arrayContaining(sorted(chaired, reviewing)));
    for (const hidden of [created, ended, othersPending, invitedOnly]) expect(active).not.toContain(hidden.id);

    const all = await client.get('/api/events/all_events/');
    expect(all.statusCode).toBe(403);
    const allAsAdmin = ((await adminClient.get('/api/events/all_events/')).json() as EventListItemDto[]).map(
      (e) => e.id,
    );
    expect(allAsAdmin).toEqual(expect.arrayContaining(sorted(created, othersPending, ended, invitedOnly)));
    const pendingOnly = (
      await adminClient.get('/api/events/all_events/', { query: { status: 'pending' } })
    ).json() as EventListItemDto[];
    expect(pendingOnly.map((e) => e.id)).toEqual(expect.arrayContaining(sorted(created, othersPending, invitedOnly)));
    expect(pendingOnly.every((e) => e.status === 'pending')).toBe(true);
    expect(await ids('/api/events/my_events/?status=approved')).toEqual(sorted(chaired));

    const [item] = ((await client.get('/api/events/reviewer_events/')).json() as EventListItemDto[]) ?? [];
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        'id',
        'public_id',
        'title',
        'acronym',
        'type',
        'type_display',
        'status',
        'status_display',
        'start_date',
        'end_date',
        'submission_deadline',
        'review_deadline',
        'notification_date',
        'timezone',
        'location',
        'primary_research_area',
        'submission_count',
        'track_count',
        'reviewer_count',
        'created_at',
      ].sort(),
    );
    expect(item).toMatchObject({
      title: 'Reviewing',
      status_display: 'Active',
      reviewer_count: 1,
      location: { country: 'Egypt' },
    });
    const chairedList = (await client.get('/api/events/chair_events/')).json() as EventListItemDto[];
    expect(chairedList.find((event) => event.id === trackChaired.id)).toMatchObject({
      track_count: 1,
      reviewer_count: 0,
    });
    expect(chairedList.find((event) => event.id === chaired.id)).toMatchObject({ track_count: 0 });
  });

  it('pages the visible events with status and text filters', async () => {
    const me = await buildUser(app);
    const client = await signedInClient(app, me);
    const tag = `Zeta${Date.now()}`;
    const mine = await buildEvent(app, { creator: me, status: 'pending', title: `${tag} mine` });
    const open1 = await buildEvent(app, { status: 'approved', title: `${tag} open one` });
    const open2 = await buildEvent(app, { status: 'active', title: `${tag} open two` });
    await buildEvent(app, { status: 'pending', title: `${tag} hidden` });
    await buildEvent(app, { status: 'rejected', title: `${tag} rejected` });

    const first = await client.get('/api/events/', { query: { search: tag, page_size: '2' } });
    expect(first.statusCode).toBe(200);
    const page = first.json() as {
      count: number;
      next: string | null;
      previous: string | null;
      results: EventListItemDto[];
    };
    expect(page.count).toBe(3);
    expect(page.results.map((event) => event.id)).toEqual([open2.id, open1.id]);
    expect(page.previous).toBeNull();
    expect(page.next).toBe(`${app.config.publicUrl}/api/events/?search=${tag}&page_size=2&page=2`);
    const second = (await client.get('/api/events/', { query: { search: tag, page_size: '2', page: '2' } })).json() as {
      results: EventListItemDto[];
      next: string | null;
    };
    expect(second.results.map((event) => event.id)).toEqual([mine.id]);
    expect(second.next).toBeNull();

    const pending = (await client.get('/api/events/', { query: { search: tag, status: 'pending' } })).json() as {
      count: number;
    };
    expect(pending.count).toBe(1);
    const asAdmin = (await adminClient.get('/api/events/', { query: { search: tag } })).json() as { count: number };
    expect(asAdmin.count).toBe(5);
    const invalid = await client.get('/api/events/', { query: { page_size: '500' } });
    expect(invalid.statusCode).toBe(400);
  });

  it('builds the lists with a constant number of queries (1 and 3 events)', async () => {
    const me = await buildUser(app);
    const client = await signedInClient(app, me);
    const addEvent = async () => {
      const event = await buildEvent(app, { creator: me, status: 'approved' });
      await addMembership(app, { event, user: await buildUser(app), role: 'reviewer' });
      await addMembership(app, { event, user: await buildUser(app), role: 'chair' });
    };
    await addEvent();
    const listOne = await countQueries(() => client.get('/api/events/my_events/'));
    const pageOne = await countQueries(() => client.get('/api/events/', { query: { status: 'approved' } }));
    const detailOne = await countQueries(async () => {
      const [event] = (await client.get('/api/events/my_events/')).json() as EventListItemDto[];
      await client.get(`/api/events/${event?.public_id}/`);
    });
    await addEvent();
    await addEvent();
    expect(((await client.get('/api/events/my_events/')).json() as unknown[]).length).toBe(3);
    expect(await countQueries(() => client.get('/api/events/my_events/'))).toBe(listOne);
    expect(await countQueries(() => client.get('/api/events/', { query: { status: 'approved' } }))).toBe(pageOne);
    expect(listOne).toBeLessThanOrEqual(3);
    expect(detailOne).toBeLessThanOrEqual(12);
  });
});

describe('approval and status', () => {
  it('lets a platform admin approve a pending event: status, audit and a mail to the creator', async () => {
    const event = await buildEvent(app, { status: 'pending' });
    const response = await adminClient.post(`/api/events/${event.publicId}/approve/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      status_display: 'Approved',
      abilities: { approve: false },
    });
    const [row] = await app.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.status).toBe('approved');
    expect(await auditRows(event.id, 'event.status_changed')).toMatchObject([
      { actorId: admin.id, data: { from: 'pending', to: 'approved', via: 'approve' } },
    ]);
    const mail = await lastMail(app, event.creator.email, 'events.approved');
    expect(mail.subject).toContain(event.title);
    expect(mail.text_body).toContain(`${app.config.publicUrl}/events/${event.publicId}`);

    const again = await adminClient.post(`/api/events/${event.publicId}/approve/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    const reject = await adminClient.post(`/api/events/${event.publicId}/reject/`, {});
    expect(reject.statusCode).toBe(409);
  });

  it('rejects with a reason that reaches the creator', async () => {
    const event = await buildEvent(app, { status: 'pending' });
    const response = await adminClient.post(`/api/events/${event.publicId}/reject/`, {
      reason: 'Out of scope for this site.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'rejected', status_display: 'Rejected' });
    const mail = await lastMail(app, event.creator.email, 'events.rejected');
    expect(mail.text_body).toContain('Out of scope for this site.');
    expect(await auditRows(event.id, 'event.status_changed')).toMatchObject([
      { data: { to: 'rejected', reason: 'Out of scope for this site.' } },
    ]);
    // A rejected event stays visible to its creator only.
    expect(
      (await (await signedInClient(app, await buildUser(app))).get(`/api/events/${event.publicId}/`)).statusCode,
    ).toBe(404);
    expect((await (await signedInClient(app, event.creator)).get(`/api/events/${event.publicId}/`)).statusCode).toBe(
      200,
    );
  });

  it('refuses approval to anyone but platform admins, without a change', async () => {
    const event = await buildEvent(app, { status: 'pending' });
    const asCreator = await (await signedInClient(app, event.creator)).post(`/api/events/${event.publicId}/approve/`);
    expect(asCreator.statusCode).toBe(403);
    const asOutsider = await (await signedInClient(app, await buildUser(app))).post(
      `/api/events/${event.publicId}/approve/`,
    );
    expect(asOutsider.statusCode).toBe(404);
    const [row] = await app.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.status).toBe('pending');
    expect(await mailsTo(app, event.creator.email)).toEqual([]);
  });

  it('lets event admins open and close submissions (approved ⇄ active), nothing else', async () => {
    const event = await buildEvent(app, { status: 'approved' });
    const client = await signedInClient(app, event.creator);
    const detail = (await client.get(`/api/events/${event.publicId}/`)).json() as EventDto;
    expect(detail.allowed_status_changes).toEqual(['active']);
    const open = await client.post(`/api/events/${event.publicId}/change_status/`, { status: 'active' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ status: 'active', allowed_status_changes: ['approved'] });
    const complete = await client.post(`/api/events/${event.publicId}/change_status/`, { status: 'completed' });
    expect(complete.statusCode).toBe(403);
    const unknown = await client.post(`/api/events/${event.publicId}/change_status/`, { status: 'archived' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { status: ['Select a valid status'] } });
    const back = await client.post(`/api/events/${event.publicId}/change_status/`, { status: 'approved' });
    expect(back.json()).toMatchObject({ status: 'approved' });
    expect((await auditRows(event.id, 'event.status_changed')).map((row) => row.data)).toEqual([
      { from: 'approved', to: 'active', via: 'change_status' },
      { from: 'active', to: 'approved', via: 'change_status' },
    ]);

    const chair = await buildUser(app);
    await addMembership(app, { event, user: chair, role: 'chair' });
    const asChair = await (await signedInClient(app, chair)).post(`/api/events/${event.publicId}/change_status/`, {
      status: 'active',
    });
    expect(asChair.statusCode).toBe(403);
  });

  it('follows the transition table for platform admins (409 outside it)', async () => {
    const event = await buildEvent(app, { status: 'pending' });
    const skip = await adminClient.post(`/api/events/${event.publicId}/change_status/`, { status: 'active' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ code: 'CONFLICT', detail: 'An event cannot change from pending to active.' });
    const approve = await adminClient.post(`/api/events/${event.publicId}/change_status/`, { status: 'approved' });
    expect(approve.json()).toMatchObject({ status: 'approved' });
    expect(await lastMail(app, event.creator.email, 'events.approved')).toBeTruthy();
    const cancel = await adminClient.post(`/api/events/${event.publicId}/change_status/`, { status: 'cancelled' });
    expect(cancel.json()).toMatchObject({ status: 'cancelled', status_display: 'Cancelled' });
  });
});
