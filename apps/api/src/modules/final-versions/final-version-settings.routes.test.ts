import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { daysFromNow } from '../../../test/factories/events.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type FinalVersionWorld, useFinalVersionWorld } from '../../../test/fixtures/final-versions.ts';
import { signedInClients } from '../../../test/http.ts';
import { events, finalVersions } from '../../db/schema/index.ts';

/*
 * The phase's settings through `PATCH events/{id}/` (`final_version`), and the reminder to the authors of accepted
 * papers without their final version through the event's group mail (`final_version_missing`).
 */

let app: TestApp;
let world: FinalVersionWorld;
const as = signedInClients(() => app);

useFinalVersionWorld((built) => ({ app, world } = built));

const eventUrl = () => `/api/events/${world.event.publicId}/`;
const stored = async () => {
  const [row] = await app.db
    .select({
      enabled: events.finalVersionEnabled,
      deadline: events.finalVersionDeadline,
      mb: events.supplementaryMaxMb,
    })
    .from(events)
    .where(eq(events.id, world.event.id));
  return row;
};

describe('PATCH events/{id}/ final_version', () => {
  it('changes the fields sent and answers the phase to everyone who sees the event', async () => {
    const response = await (await as(world.event.creator)).patch(eventUrl(), {
      final_version: { deadline: daysFromNow(20), supplementary_max_mb: 200 },
    });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toEqual({ enabled: true, deadline: daysFromNow(20), mb: 200 });
    const seen = (await (await as(world.author)).get(eventUrl())).json();
    expect(seen.final_version).toMatchObject({
      enabled: true,
      deadline: daysFromNow(20),
      supplementary_max_mb: 200,
      open: true,
    });
  });

  it.each([
    [{ deadline: '2027-02-30' }, 'finalVersions.deadlineInvalid'],
    [{ deadline: 'soon' }, 'finalVersions.deadlineInvalid'],
    [{ deadline: null }, 'finalVersions.deadlineRequired'],
    [{ deadline: daysFromNow(-11) }, 'finalVersions.deadlineBeforeNotification'],
  ])('refuses %j on final_version.deadline, changing nothing', async (sent, key) => {
    const before = await stored();
    const response = await (await as(world.event.creator)).patch(eventUrl(), { final_version: sent });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(Object.values(response.json().field_codes ?? {}).flat()).toContain(key);
    expect(await stored()).toEqual(before);
  });

  it.each([0, 501, 2.5])('refuses a supplementary limit of %s MB', async (mb) => {
    const response = await (await as(world.event.creator)).patch(eventUrl(), {
      final_version: { supplementary_max_mb: mb },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['final_version.supplementary_max_mb']);
  });

  it('refuses members who are not organizers (403)', async () => {
    const response = await (await as(world.reviewer)).patch(eventUrl(), { final_version: { enabled: false } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await stored())?.enabled).toBe(true);
  });
});

describe('the final_version_missing group', () => {
  it('reaches the authors of accepted papers without a final version, with the final version deadline', async () => {
    const sent = await buildSubmission(app, { event: world.event, decision: 'accept', status: 'accepted' });
    await app.db.insert(finalVersions).values({
      submissionId: sent.id,
      title: sent.title,
      abstract: sent.abstract,
      authors: [],
      submittedBy: sent.submitter.id,
    });
    const response = await (await as(world.chair)).post(`/api/events/${world.event.publicId}/mail/preview/`, {
      audience: 'final_version_missing',
      template_key: 'final_version_reminder',
    });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    // The two authors of the accepted paper without one; not the paper that sent it, nor the rejected or pending ones.
    expect(preview.recipient_count).toBe(2);
    expect(preview.recipient.email).toBe(world.author.email);
    expect(preview.subject).toContain('Reviewed Title of the Accepted Paper');
    const [event] = await app.db
      .select({ deadline: events.finalVersionDeadline })
      .from(events)
      .where(eq(events.id, world.event.id));
    const day = Number(event?.deadline?.slice(8, 10));
    expect(preview.text).toContain(String(day));
  });
});
