import type {
  EventMailTemplateKey,
  MailAudience,
  MailComposeBody,
  ReviewerRemindBody,
  UpdateEventMailTemplateBody,
} from '@confero/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMailTemplates, mailOutbox, mailSends } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type FieldIssue, fieldErrors, messageError, messageFieldError } from '../../lib/errors.ts';
import { makePublicId, nextId, parseIdParam } from '../../lib/ids.ts';
import { MAIL_SEND_JOB, retryOutboxMails } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { EventRow } from '../events/events.queries.ts';
import {
  type AudienceRecipient,
  type AudienceSelection,
  countAudience,
  findEventSubmissions,
  findLateReviewers,
  isAuthorAudience,
  listAudience,
  type OutboxRow,
} from './communications.queries.ts';
import {
  loadWordings,
  MAIL_LANGUAGES,
  type MailEvent,
  type MailVars,
  mailLanguageOf,
  placeholdersOf,
  queueEventMails,
  renderForRecipient,
  todayIn,
  unknownPlaceholders,
  type Wording,
} from './event-mail.ts';

/** The job that writes a group mail's recipients to the outbox, one batch per run; payload `{ sendId, after? }`. */
export const MAIL_GROUP_JOB = 'mail.group';
/** Recipients written per run of the group job (one transaction). */
export const GROUP_BATCH_SIZE = 200;

const MAX_ERROR_LENGTH = 2000;

/**
 * The most reviewers one `late: true` reminder mails, in the request (far above any committee: the answer must say
 * how many were mailed; the automatic reminders go through a job in batches).
 */
const REMIND_ALL_MAX = 5000;

/* ---- Templates ---- */

/** Checks one language of a template: a subject and a body, only the template's placeholders. */
function wordingIssues(language: string, wording: Wording, allowed: string[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const part of ['subject', 'body'] as const) {
    const field = `${language}.${part}`;
    if (!wording[part].trim()) {
      issues.push({
        field,
        key: part === 'subject' ? 'communications.subjectRequired' : 'communications.bodyRequired',
      });
      continue;
    }
    for (const name of unknownPlaceholders(wording[part], allowed)) {
      issues.push({
        field,
        key: 'communications.unknownPlaceholder',
        params: { name: `{${name}}`, allowed: allowed.map((p) => `{${p}}`).join(', ') },
      });
    }
  }
  return issues;
}

/**
 * Saves a chair's wording of a template (a language left out stays; null goes back to the default). Two chairs
 * saving at once: each save is one upsert, the last one wins. Audited.
 */
export async function saveTemplate(
  db: Db,
  actor: Actor,
  event: EventRow,
  key: EventMailTemplateKey,
  body: UpdateEventMailTemplateBody,
) {
  const allowed = placeholdersOf(key);
  const issues = MAIL_LANGUAGES.flatMap((language) => {
    const wording = body[language];
    return wording ? wordingIssues(language, wording, allowed) : [];
  });
  if (issues.length > 0) throw fieldErrors(issues);
  await db.transaction(async (tx) => {
    const changed: Record<string, 'saved' | 'reset'> = {};
    for (const language of MAIL_LANGUAGES) {
      const wording = body[language];
      if (wording === undefined) continue;
      const where = and(
        eq(eventMailTemplates.eventId, event.id),
        eq(eventMailTemplates.key, key),
        eq(eventMailTemplates.locale, language),
      );
      if (wording === null) {
        await tx.delete(eventMailTemplates).where(where);
        changed[language] = 'reset';
        continue;
      }
      const values = { subject: wording.subject.trim(), body: wording.body.trim(), updatedBy: actor.id };
      await tx
        .insert(eventMailTemplates)
        .values({ eventId: event.id, key, locale: language, ...values })
        .onConflictDoUpdate({
          target: [eventMailTemplates.eventId, eventMailTemplates.key, eventMailTemplates.locale],
          set: { ...values, updatedAt: sql`now()` },
        });
      changed[language] = 'saved';
    }
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_mail_template',
      entityId: key,
      action: 'mail_template.updated',
      data: changed,
    });
  });
}

/* ---- Group mails ---- */

/** A checked compose request: the group, its selection, and the wording (a template's, or the chair's own text). */
export type Composition = {
  audience: MailAudience;
  templateKey: EventMailTemplateKey | null;
  ownText: Wording | null;
  selection: AudienceSelection;
};

/** Resolves papers named by public or numeric id to this event's papers; 400 on the first one that is not. */
async function resolvePapers(db: Db, event: EventRow, refs: string[]): Promise<number[]> {
  const parsed = refs.map((ref) => ({ ref, id: parseIdParam(ref) }));
  const found = await findEventSubmissions(
    db,
    event.id,
    parsed.flatMap((entry) => (entry.id ? [entry.id.id] : [])),
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  const ids: number[] = [];
  for (const entry of parsed) {
    const row = entry.id ? byId.get(entry.id.id) : undefined;
    if (!row || (entry.id?.publicId && entry.id.publicId !== row.publicId)) {
      throw messageFieldError('submission_ids', 'communications.paperNotFound', { id: entry.ref });
    }
    if (!ids.includes(row.id)) ids.push(row.id);
  }
  return ids;
}

/** Checks a compose request: a template XOR a subject and a body, known placeholders, papers of this event. */
export async function checkComposition(db: Db, event: EventRow, body: MailComposeBody): Promise<Composition> {
  const hasText = Boolean(body.subject?.trim() || body.body?.trim());
  if (body.template_key ? hasText : !hasText) {
    throw messageFieldError('template_key', 'communications.templateOrText');
  }
  let ownText: Wording | null = null;
  if (!body.template_key) {
    ownText = { subject: (body.subject ?? '').trim(), body: (body.body ?? '').trim() };
    const allowed = placeholdersOf(null, isAuthorAudience(body.audience));
    const issues = wordingIssues('', ownText, allowed).map((issue) => ({
      ...issue,
      field: issue.field.slice(1),
    }));
    if (issues.length > 0) throw fieldErrors(issues);
  }
  let selection: AudienceSelection = {};
  if (body.submission_ids && body.submission_ids.length > 0) {
    if (!isAuthorAudience(body.audience)) {
      throw messageFieldError('submission_ids', 'communications.papersForAuthorsOnly');
    }
    selection = { submissionIds: await resolvePapers(db, event, body.submission_ids) };
  }
  return { audience: body.audience, templateKey: body.template_key ?? null, ownText, selection };
}

const mailEvent = (event: EventRow): MailEvent => ({ id: event.id, title: event.title, timezone: event.timezone });

/** The wording of a composition in both languages (the chair's own text is the same in both). */
async function wordingsOf(db: Db, eventId: number, composition: Pick<Composition, 'templateKey' | 'ownText'>) {
  if (composition.ownText) return { en: composition.ownText, ar: composition.ownText };
  return loadWordings(db, eventId, composition.templateKey as EventMailTemplateKey);
}

/**
 * The placeholders' values for one recipient of a group: authors get their paper's title, page and decision details
 * and the submission deadline (the final version's deadline for the `final_version_missing` group), everyone else
 * the reviews page (reviewers) or the event's page (committee) and the review deadline.
 */
function varsFor(
  publicUrl: string,
  event: Pick<EventRow, 'publicId' | 'submissionDeadline' | 'reviewDeadline' | 'finalVersionDeadline'>,
  audience: MailAudience,
  recipient: Pick<AudienceRecipient, 'paperTitle' | 'submissionPublicId' | 'decisionDetails'>,
): MailVars {
  if (isAuthorAudience(audience)) {
    return {
      paper_title: recipient.paperTitle ?? '',
      link: `${publicUrl}/submissions/${recipient.submissionPublicId}`,
      deadline:
        audience === 'final_version_missing'
          ? (event.finalVersionDeadline ?? event.submissionDeadline)
          : event.submissionDeadline,
      decision_details: recipient.decisionDetails ?? '',
    };
  }
  const link = audience === 'committee' ? `${publicUrl}/events/${event.publicId}` : `${publicUrl}/reviews`;
  return { link, deadline: event.reviewDeadline };
}

/**
 * The mail as one recipient of the group gets it: the one named by `recipient` (400 when not in the group), else the
 * first. An empty group renders for the caller, with the event's page as the link.
 */
export async function previewMail(
  db: Db,
  publicUrl: string,
  actor: Actor,
  event: EventRow,
  composition: Composition,
  recipientEmail: string | null | undefined,
) {
  const [total, [first]] = await Promise.all([
    countAudience(db, event.id, composition.audience, composition.selection),
    listAudience(db, event.id, composition.audience, composition.selection, {
      limit: 1,
      ...(recipientEmail ? { email: recipientEmail } : {}),
    }),
  ]);
  if (recipientEmail && !first) {
    throw messageFieldError('recipient', 'communications.recipientNotInGroup', { email: recipientEmail });
  }
  const wordings = await wordingsOf(db, event.id, composition);
  const person = first ?? {
    email: actor.email,
    firstName: actor.firstName,
    lastName: actor.lastName,
    locale: 'en',
    paperTitle: null,
    submissionPublicId: null,
    decisionDetails: null,
  };
  const vars = first
    ? varsFor(publicUrl, event, composition.audience, first)
    : { link: `${publicUrl}/events/${event.publicId}`, deadline: event.reviewDeadline };
  const rendered = renderForRecipient(wordings[mailLanguageOf(person.locale)], mailEvent(event), person, vars);
  return {
    recipient_count: total,
    recipient: first
      ? {
          name: `${first.firstName} ${first.lastName}`.trim(),
          email: first.email,
          locale: rendered.locale,
        }
      : null,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
  };
}

/**
 * Accepts a group mail: a `mail_sends` row (queued, with the group's size now) and its first 'mail.group' job, in
 * one transaction; the job writes the recipients to the outbox. Audited.
 */
export async function createSend(db: Db, actor: Actor, event: EventRow, composition: Composition) {
  const recipients = await countAudience(db, event.id, composition.audience, composition.selection);
  return db.transaction(async (tx) => {
    const id = await nextId(tx, 'mail_sends');
    const [row] = await tx
      .insert(mailSends)
      .values({
        id,
        publicId: makePublicId(id),
        eventId: event.id,
        audience: composition.audience,
        templateKey: composition.templateKey,
        subject: composition.ownText?.subject ?? null,
        body: composition.ownText?.body ?? null,
        selection: composition.selection.submissionIds ? { submission_ids: composition.selection.submissionIds } : null,
        recipients,
        createdBy: actor.id,
      })
      .returning();
    if (!row) throw new Error('mail_sends insert returned no row');
    await enqueueJob(tx, MAIL_GROUP_JOB, { sendId: row.id });
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'mail_send',
      entityId: row.publicId,
      action: 'mail.group_sent',
      data: {
        audience: composition.audience,
        template_key: composition.templateKey,
        recipients,
        ...(composition.selection.submissionIds ? { submission_ids: composition.selection.submissionIds } : {}),
      },
    });
    return row;
  });
}

/**
 * One run of the group job: writes the next batch of recipients (after the key `after`) to the outbox, each with
 * the key `send:<send id>:<recipient key>` so that a run done twice writes nobody twice, updates the send's counts
 * and status, and enqueues the run for the next batch, all in one transaction. A send already done is left alone.
 */
export async function runGroupBatch(
  db: Db,
  deps: { publicUrl: string; findEvent: (id: number) => Promise<EventRow | undefined> },
  sendId: number,
  after: number | undefined,
  batchSize = GROUP_BATCH_SIZE,
): Promise<{ written: number; done: boolean }> {
  const [send] = await db
    .update(mailSends)
    .set({ status: 'running' })
    .where(and(eq(mailSends.id, sendId), inArray(mailSends.status, ['queued', 'running'])))
    .returning();
  if (!send) return { written: 0, done: true };
  const event = await deps.findEvent(send.eventId);
  if (!event) return { written: 0, done: true };
  const audience = send.audience as MailAudience;
  const selection: AudienceSelection = {
    submissionIds: (send.selection?.submission_ids as number[] | undefined) ?? null,
  };
  const composition = {
    templateKey: send.templateKey as EventMailTemplateKey | null,
    ownText: send.templateKey ? null : { subject: send.subject ?? '', body: send.body ?? '' },
  };
  return db.transaction(async (tx) => {
    const batch = await listAudience(tx, event.id, audience, selection, { after, limit: batchSize });
    const wordings = await wordingsOf(tx, event.id, composition);
    const written = await queueEventMails(
      tx,
      wordings,
      batch.map((recipient) => ({
        event: mailEvent(event),
        key: composition.templateKey,
        recipient,
        vars: varsFor(deps.publicUrl, event, audience, recipient),
        mailSendId: send.id,
        dedupeKey: `send:${send.id}:${recipient.key}`,
      })),
    );
    const done = batch.length < batchSize;
    const last = batch.at(-1);
    await tx
      .update(mailSends)
      .set({
        queued: sql`${mailSends.queued} + ${written}`,
        ...(done ? { status: 'done' as const, finishedAt: sql`now()` } : {}),
      })
      .where(eq(mailSends.id, send.id));
    if (!done && last) await enqueueJob(tx, MAIL_GROUP_JOB, { sendId: send.id, after: last.key });
    return { written, done };
  });
}

/** The group job's failure hook: once the queue gives up, the send is `failed` with the error. */
export async function recordGroupFailure(
  db: Db,
  payload: Record<string, unknown>,
  outcome: { retryAt: Date | null; error: string },
) {
  const sendId = Number(payload.sendId);
  if (!Number.isSafeInteger(sendId)) return;
  await db
    .update(mailSends)
    .set(
      outcome.retryAt
        ? { lastError: outcome.error.slice(0, MAX_ERROR_LENGTH) }
        : { status: 'failed', lastError: outcome.error.slice(0, MAX_ERROR_LENGTH), finishedAt: sql`now()` },
    )
    .where(and(eq(mailSends.id, sendId), inArray(mailSends.status, ['queued', 'running'])));
}

/* ---- Reminders ---- */

type ReminderEvent = Pick<EventRow, 'id' | 'title' | 'timezone' | 'reviewDeadline'>;

/**
 * Queues `review_reminder` to each reviewer, at most once a day per reviewer and event: the mail's key is
 * `remind:<event id>:<user id>:<today in the event's zone>`, so a second reminder the same day (a second click, two
 * chairs at once, the automatic reminders) writes nothing. Returns how many were mailed now and how many had been
 * already today.
 */
export async function remindReviewers(
  db: Db,
  publicUrl: string,
  event: ReminderEvent,
  reviewers: { id: number; email: string; firstName: string; lastName: string; locale: string }[],
  now: Date = new Date(),
): Promise<{ sent: number; already_reminded: number }> {
  if (reviewers.length === 0) return { sent: 0, already_reminded: 0 };
  const today = todayIn(event.timezone, now);
  const wordings = await loadWordings(db, event.id, 'review_reminder');
  const sent = await queueEventMails(
    db,
    wordings,
    reviewers.map((reviewer) => ({
      event,
      key: 'review_reminder',
      recipient: reviewer,
      vars: { link: `${publicUrl}/reviews`, deadline: event.reviewDeadline },
      dedupeKey: `remind:${event.id}:${reviewer.id}:${today}`,
    })),
  );
  return { sent, already_reminded: reviewers.length - sent };
}

/** `POST events/{id}/reviewers/remind/`: the named reviewers (each must hold unfinished reviews) or all late ones. */
export async function remindFromRequest(
  db: Db,
  publicUrl: string,
  actor: Actor,
  event: EventRow,
  body: ReviewerRemindBody,
) {
  const refs = body.user_ids ?? [];
  if (refs.length === 0 && !body.late) throw messageFieldError('user_ids', 'communications.remindWhom');
  let reviewers: Awaited<ReturnType<typeof findLateReviewers>>;
  if (refs.length > 0) {
    const parsed = refs.map((ref) => ({ ref, id: parseIdParam(ref) }));
    const ids = parsed.flatMap((entry) => (entry.id ? [entry.id.id] : []));
    const late = await findLateReviewers(db, event.id, { userIds: ids });
    const byId = new Map(late.map((row) => [row.id, row]));
    for (const entry of parsed) {
      const reviewer = entry.id ? byId.get(entry.id.id) : undefined;
      if (!reviewer || (entry.id?.publicId && entry.id.publicId !== reviewer.publicId)) {
        throw messageFieldError('user_ids', 'communications.reviewerNotLate', { id: entry.ref });
      }
    }
    reviewers = late;
  } else {
    reviewers = await findLateReviewers(db, event.id, { limit: REMIND_ALL_MAX });
  }
  return db.transaction(async (tx) => {
    const answer = await remindReviewers(tx, publicUrl, event, reviewers);
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event',
      entityId: event.id,
      action: 'reviewers.reminded',
      data: { ...answer, ...(refs.length > 0 ? { user_ids: reviewers.map((row) => row.publicId) } : { late: true }) },
    });
    return answer;
  });
}

/* ---- The event's outbox ---- */

/**
 * "Resend" a mail of the event: one not sent yet (queued or failed) is retried now (`retryOutboxMails`); a sent one
 * is copied as a new mail, queued now (without the original's dedupe key). Audited. Returns the id of the mail that
 * will go.
 */
export async function resendMail(db: Db, actor: Actor, event: EventRow, mail: OutboxRow): Promise<number> {
  return db.transaction(async (tx) => {
    let id = mail.id;
    if (mail.status === 'sent') {
      const [copy] = await tx
        .insert(mailOutbox)
        .values({
          recipient: mail.recipient,
          locale: mail.locale,
          template: mail.template,
          subject: mail.subject,
          textBody: mail.textBody,
          htmlBody: mail.htmlBody,
          eventId: mail.eventId,
          eventTemplate: mail.eventTemplate,
          mailSendId: mail.mailSendId,
          nextAttemptAt: sql`now()`,
        })
        .returning({ id: mailOutbox.id });
      if (!copy) throw new Error('mail_outbox insert returned no row');
      await enqueueJob(tx, MAIL_SEND_JOB, { outboxId: copy.id });
      id = copy.id;
    } else {
      const retried = await retryOutboxMails(tx, [mail.id]);
      if (retried.length === 0) throw messageError(409, 'CONFLICT', 'communications.mailBusy');
    }
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'mail',
      entityId: mail.id,
      action: 'mail.resent',
      data: { recipient: mail.recipient, status: mail.status, ...(id !== mail.id ? { copy_id: id } : {}) },
    });
    return id;
  });
}
