import { DEFAULT_REVIEW_SETTINGS } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../../test/fixtures.ts';
import {
  type ChairCheck,
  type EventFormValues,
  eventFormValuesOf,
  formFieldOfServerField,
  initialEventFormValues,
  newChairRow,
  toCreateEventBody,
  toUpdateEventBody,
  validateEventForm,
} from './event-form.ts';

/** A form that passes every rule. */
function validValues(): EventFormValues {
  return {
    ...initialEventFormValues(),
    title: 'Symposium on Peer Review',
    description: 'Methods and tools of peer review.',
    type: 'workshop',
    city: 'Lyon',
    country: 'FR',
    startDate: '2026-09-10',
    endDate: '2026-09-12',
    submissionDeadline: '2026-05-01',
    reviewDeadline: '2026-06-15',
    notificationDate: '2026-07-01',
    primaryArea: 'computer_science',
    chairEmails: [newChairRow('chair@example.org')],
  };
}

describe('validateEventForm (rules 1–14 in order)', () => {
  it('accepts a complete form', () => {
    expect(validateEventForm(validValues())).toBeNull();
  });

  it.each<[string, Partial<EventFormValues>, string, string]>([
    ['1 title', { title: '  ' }, 'title', 'events.titleRequired'],
    ['2 description', { description: '' }, 'description', 'events.descriptionRequired'],
    ['3 type', { type: '' }, 'type', 'events.typeRequired'],
    ['4 city', { city: ' ' }, 'city', 'events.cityRequired'],
    ['5 country', { country: '' }, 'country', 'events.countryRequired'],
    ['6 start date', { startDate: null }, 'startDate', 'events.startDateRequired'],
    ['7 end date', { endDate: null }, 'endDate', 'events.endDateRequired'],
    ['8 end before start', { endDate: '2026-09-09' }, 'endDate', 'events.endBeforeStart'],
    ['9 submission deadline', { submissionDeadline: null }, 'submissionDeadline', 'events.submissionDeadlineRequired'],
    ['9 review deadline', { reviewDeadline: null }, 'reviewDeadline', 'events.reviewDeadlineRequired'],
    ['9 notification date', { notificationDate: null }, 'notificationDate', 'events.notificationDateRequired'],
    [
      '10 submission < review',
      { reviewDeadline: '2026-05-01' },
      'submissionDeadline',
      'events.submissionNotBeforeReview',
    ],
    [
      '11 review < notification',
      { notificationDate: '2026-06-15' },
      'reviewDeadline',
      'events.reviewNotBeforeNotification',
    ],
    ['12 notification < start', { startDate: '2026-07-01' }, 'notificationDate', 'events.notificationNotBeforeStart'],
    ['13 primary area', { primaryArea: '' }, 'primaryArea', 'events.primaryAreaRequired'],
  ])('rule %s', (_rule, change, field, key) => {
    expect(validateEventForm({ ...validValues(), ...change })).toEqual({ field, key });
  });

  it('allows a one-day event (end date equal to start date)', () => {
    expect(validateEventForm({ ...validValues(), endDate: '2026-09-10' })).toBeNull();
  });

  it('stops at the first failing rule', () => {
    const values = { ...validValues(), city: '', country: '', startDate: null, primaryArea: '' };
    expect(validateEventForm(values)?.key).toBe('events.cityRequired');
    expect(validateEventForm({ ...values, city: 'Lyon' })?.key).toBe('events.countryRequired');
    expect(validateEventForm({ ...values, city: 'Lyon', country: 'FR' })?.key).toBe('events.startDateRequired');
    // Rule 12 is reported before rule 13.
    expect(
      validateEventForm({ ...validValues(), startDate: '2026-06-01', endDate: '2026-06-02', primaryArea: '' })?.key,
    ).toBe('events.notificationNotBeforeStart');
  });

  describe('rule 14: chair e-mails', () => {
    it('refuses an address whose check found no user, naming it and its row', () => {
      const values = validValues();
      values.chairEmails = [newChairRow('ok@example.org'), newChairRow(' ghost@example.org ')];
      const [first, second] = values.chairEmails;
      const checks: Record<string, ChairCheck> = {
        [first?.key ?? '']: { state: 'found', email: 'ok@example.org' },
        [second?.key ?? '']: { state: 'notFound', email: 'ghost@example.org' },
      };
      expect(validateEventForm(values, checks)).toEqual({
        field: 'chairEmails.1.email',
        key: 'events.chairEmailNotFound',
        params: { email: 'ghost@example.org' },
      });
    });

    it('refuses an address that is not one', () => {
      const values = { ...validValues(), chairEmails: [newChairRow('nobody')] };
      expect(validateEventForm(values)).toEqual({
        field: 'chairEmails.0.email',
        key: 'events.chairEmailInvalid',
        params: { email: 'nobody' },
      });
    });

    it('ignores a check made for another address, empty rows and checks that could not run', () => {
      const values = validValues();
      const row = values.chairEmails[0];
      const stale: Record<string, ChairCheck> = { [row?.key ?? '']: { state: 'notFound', email: 'old@example.org' } };
      expect(validateEventForm(values, stale)).toBeNull();
      const failed: Record<string, ChairCheck> = { [row?.key ?? '']: { state: 'failed', email: 'chair@example.org' } };
      expect(validateEventForm(values, failed)).toBeNull();
      expect(validateEventForm({ ...values, chairEmails: [newChairRow('')] })).toBeNull();
    });
  });
});

describe('toCreateEventBody ("Event creation payload")', () => {
  it('sends the spec’s fields, the country by name, and optional texts only when given', () => {
    const values: EventFormValues = {
      ...validValues(),
      acronym: ' SPR ',
      venue: '',
      additionalDetails: 'Room 2',
      secondaryAreas: ['artificial_intelligence_machine_learning'],
      chairEmails: [newChairRow(' chair@example.org '), newChairRow(''), newChairRow('chair@example.org')],
    };
    expect(toCreateEventBody(values)).toEqual({
      title: 'Symposium on Peer Review',
      description: 'Methods and tools of peer review.',
      type: 'workshop',
      acronym: 'SPR',
      webpage: undefined,
      start_date: '2026-09-10',
      end_date: '2026-09-12',
      submission_deadline: '2026-05-01',
      review_deadline: '2026-06-15',
      notification_date: '2026-07-01',
      timezone: 'AoE',
      primary_research_area: 'computer_science',
      secondary_research_area: ['artificial_intelligence_machine_learning'],
      location: { venue: undefined, city: 'Lyon', country: 'France', additional_details: 'Room 2' },
      chair_emails: ['chair@example.org'],
      additional_information: undefined,
    });
  });

  it('defaults to a conference and leaves out chair e-mails when there are none', () => {
    const body = toCreateEventBody({ ...validValues(), type: '', chairEmails: [newChairRow(' ')] });
    expect(body.type).toBe('conference');
    expect(body.chair_emails).toBeUndefined();
  });

  it('starts as a conference in AoE with one empty chair row', () => {
    const initial = initialEventFormValues();
    expect(initial.type).toBe('conference');
    expect(initial.timezone).toBe('AoE');
    expect(initial.chairEmails).toHaveLength(1);
    expect(initial.chairEmails[0]?.email).toBe('');
  });
});

describe('formFieldOfServerField', () => {
  it('maps the API’s field names to the form’s', () => {
    const values = validValues();
    expect(formFieldOfServerField('location.city', values)).toBe('city');
    expect(formFieldOfServerField('notification_date', values)).toBe('notificationDate');
    expect(formFieldOfServerField('unknown', values)).toBeUndefined();
  });

  it('finds the chair row of the address the server names', () => {
    const values = { ...validValues(), chairEmails: [newChairRow('a@example.org'), newChairRow('B@example.org')] };
    expect(formFieldOfServerField('chair_emails', values, 'b@example.org')).toBe('chairEmails.1.email');
    expect(formFieldOfServerField('chair_emails', values)).toBe('chairEmails.0.email');
  });
});

describe('the edit form: values of an event and the update payload', () => {
  const event = eventDto({
    acronym: 'ICMLT',
    location: { venue: 'Hall A', city: 'Lyon', country: 'France', country_code: 'FR', additional_details: '' },
    review_settings: { ...DEFAULT_REVIEW_SETTINGS, blind_mode: 'single' },
    reminder_days: [7, 1],
  });

  it('starts from the event as the server answers it', () => {
    expect(eventFormValuesOf(event)).toMatchObject({
      title: 'ICML Test',
      acronym: 'ICMLT',
      venue: 'Hall A',
      country: 'FR',
      submissionDeadline: '2099-05-01',
      timezone: 'AoE',
      chairEmails: [],
      reviewSettings: { blind_mode: 'single', reviewers_per_paper: 3 },
      reminderDays: ['7', '1'],
    });
  });

  it('sends only what changed: cleared texts as empty, location and settings by part, reminder days sorted', () => {
    const initial = eventFormValuesOf(event);
    expect(toUpdateEventBody(initial, initial)).toEqual({});
    const changed = {
      ...initial,
      acronym: '',
      city: 'Grenoble',
      reviewDeadline: '2099-05-20',
      timezone: 'Europe/Paris',
      reviewSettings: { ...initial.reviewSettings, reviewers_per_paper: 4 },
      reminderDays: ['1', '14', '7'],
    };
    expect(toUpdateEventBody(changed, initial)).toEqual({
      acronym: '',
      review_deadline: '2099-05-20',
      timezone: 'Europe/Paris',
      location: { city: 'Grenoble' },
      review_settings: { reviewers_per_paper: 4 },
      reminder_days: [14, 7, 1],
    });
    // The same days in another order are no change.
    expect(toUpdateEventBody({ ...initial, reminderDays: ['1', '7'] }, initial)).toEqual({});
  });

  it('names the form field of the new server fields', () => {
    const values = eventFormValuesOf(event);
    expect(formFieldOfServerField('reminder_days', values)).toBe('reminderDays');
    expect(formFieldOfServerField('review_settings.blind_mode', values)).toBe('reviewSettings');
  });
});
