import {
  BULK_INVITE_COLUMNS,
  BULK_INVITE_MAX_LINES,
  type BulkCountsDto,
  type BulkInviteBody,
  type BulkLineDto,
  type BulkLineStatus,
} from '@confero/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, messageError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findEventSubmissionsForDetection, findSubmissionsAuthoredBy } from '../conflicts/conflicts.queries.ts';
import { buildCoauthorIndex, detectConflicts, type Person } from '../conflicts/detection.ts';
import type { EventRow } from '../events/events.queries.ts';
import { checkInvitee, inviteMember } from '../events/invitations.service.ts';
import { addMember, checkExpertise, checkMaxPapers } from '../events/members.service.ts';
import { findKnownPersons, type KnownPerson } from './committee.queries.ts';
import { CsvQuoteError, parseCsv } from './csv.ts';

/*
 * Bulk invitation of reviewers (`docs/domain.md#bulk-invitation`): a list of people (CSV text or rows) is read and
 * each line classified — invite (no verified account), add (a registered user), member (already a reviewer or
 * invited), invalid (with its reason), duplicate (an address seen on an earlier line) — with the number of the
 * event's submissions conflict detection finds the person conflicted with. The preview writes nothing; the apply
 * queues a job that invites and adds the valid lines in bounded batches.
 */

/** A line as read: the five columns as text, and its number. */
type RawLine = { line: number; cells: Record<(typeof BULK_INVITE_COLUMNS)[number], string> };

/** A line of the list, checked and classified, with what the apply needs. */
export type ClassifiedLine = BulkLineDto & { userId: number | null };

const cell = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

/** The first record is a header when its first cell reads "email" (any case, spaces, `e-mail`). */
const isHeader = (fields: string[]) => /^e-?mail$/i.test((fields[0] ?? '').trim());

/** The body's lines as text cells: CSV (header optional, columns in BULK_INVITE_COLUMNS order) or rows. */
export function readLines(body: BulkInviteBody): RawLine[] {
  const hasCsv = typeof body.csv === 'string' && body.csv.trim() !== '';
  const hasRows = Array.isArray(body.rows) && body.rows.length > 0;
  if (hasCsv && hasRows) throw messageError(400, 'VALIDATION_ERROR', 'committee.bulkCsvOrRows');
  let lines: RawLine[];
  if (hasCsv) {
    let records: ReturnType<typeof parseCsv>;
    try {
      records = parseCsv(body.csv as string);
    } catch (error) {
      if (error instanceof CsvQuoteError) {
        throw messageError(400, 'VALIDATION_ERROR', 'committee.bulkUnclosedQuote', { line: error.line });
      }
      throw error;
    }
    if (records[0] && isHeader(records[0].fields)) records = records.slice(1);
    lines = records.map((record) => ({
      line: record.line,
      cells: Object.fromEntries(
        BULK_INVITE_COLUMNS.map((column, index) => [column, cell(record.fields[index])]),
      ) as RawLine['cells'],
    }));
  } else {
    lines = (body.rows ?? []).map((row, index) => ({
      line: index + 1,
      cells: Object.fromEntries(BULK_INVITE_COLUMNS.map((column) => [column, cell(row[column])])) as RawLine['cells'],
    }));
  }
  if (lines.length === 0) throw messageError(400, 'VALIDATION_ERROR', 'committee.bulkEmpty');
  if (lines.length > BULK_INVITE_MAX_LINES) {
    throw messageError(400, 'VALIDATION_ERROR', 'committee.bulkTooManyLines', { max: BULK_INVITE_MAX_LINES });
  }
  return lines;
}

/** The first problem of a line, as the single-invitation rules word it (their message key and field), or null. */
function problemOf(
  cells: RawLine['cells'],
): { reason: string; field: string; params: Record<string, string | number> | null } | null {
  try {
    checkInvitee({ email: cells.email, first_name: cells.first_name, last_name: cells.last_name });
    checkExpertise(cells.expertise);
    checkMaxPapers(cells.max_papers);
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const field = Object.keys(error.fields)[0] ?? 'email';
    const codes = (error.extra?.field_codes as Record<string, string[]> | undefined)?.[field];
    const params = (error.extra?.field_params as Record<string, Record<string, string | number>[]> | undefined)?.[
      field
    ]?.[0];
    return { reason: codes?.[0] ?? 'validation.invalid', field, params: params ?? null };
  }
}

function statusOf(known: KnownPerson | undefined): Exclude<BulkLineStatus, 'invalid' | 'duplicate'> {
  const membership = known?.membership;
  if (membership && membership.status !== 'declined') return 'member';
  return known?.user?.emailVerified ? 'add' : 'invite';
}

/**
 * Classifies every line (four queries for the people and the conflicts, whatever the number of lines): see the
 * module comment. Conflicts are counted for the lines that would join (invite, add): a person conflicted with some
 * papers may still review the others.
 */
export async function classifyLines(db: Db, event: EventRow, raw: RawLine[]): Promise<ClassifiedLine[]> {
  const problems = raw.map((line) => problemOf(line.cells));
  const validEmails = raw.flatMap((line, index) => (problems[index] ? [] : [line.cells.email]));
  const known = await findKnownPersons(db, event.id, validEmails);
  const seen = new Set<string>();
  const lines: ClassifiedLine[] = raw.map((line, index) => {
    const problem = problems[index];
    const key = line.cells.email.toLowerCase();
    const person = known.get(key);
    let status: BulkLineStatus;
    if (problem) status = 'invalid';
    else if (seen.has(key)) status = 'duplicate';
    else status = statusOf(person);
    if (!problem) seen.add(key);
    return {
      line: line.line,
      email: line.cells.email,
      first_name: line.cells.first_name,
      last_name: line.cells.last_name,
      expertise: line.cells.expertise,
      max_papers: problem ? null : checkMaxPapers(line.cells.max_papers),
      status,
      reason: problem?.reason ?? null,
      reason_params: problem?.params ?? null,
      field: problem?.field ?? null,
      conflicts: 0,
      userId: status === 'add' ? (person?.user?.id ?? null) : null,
    };
  });
  await countConflicts(db, event.id, lines, known);
  return lines;
}

/** Fills `conflicts` of the joining lines from conflict detection on the event's submissions as they are now. */
async function countConflicts(db: Db, eventId: number, lines: ClassifiedLine[], known: Map<string, KnownPerson>) {
  const joining = lines.filter((line) => line.status === 'invite' || line.status === 'add');
  if (joining.length === 0) return;
  // People without an account get a negative stand-in id: detection matches them by address and affiliation only.
  const persons: Person[] = joining.map((line, index) => {
    const account = known.get(line.email.toLowerCase())?.user;
    return {
      userId: account?.id ?? -(index + 1),
      email: account?.email ?? line.email,
      affiliation: account?.affiliation ?? '',
      fullName: account?.name || `${line.first_name} ${line.last_name}`.trim(),
    };
  });
  const [submissions, authored] = await Promise.all([
    findEventSubmissionsForDetection(db, eventId),
    findSubmissionsAuthoredBy(
      db,
      persons.map((person) => ({ userId: person.userId > 0 ? person.userId : null, email: person.email })),
    ),
  ]);
  if (submissions.length === 0) return;
  const found = detectConflicts(persons, submissions, buildCoauthorIndex(persons, authored));
  const perPerson = new Map<number, number>();
  for (const conflict of found.values()) perPerson.set(conflict.userId, (perPerson.get(conflict.userId) ?? 0) + 1);
  joining.forEach((line, index) => {
    line.conflicts = perPerson.get(persons[index]?.userId ?? 0) ?? 0;
  });
}

export function countLines(lines: Pick<BulkLineDto, 'status'>[]): BulkCountsDto {
  const counts: BulkCountsDto = { invite: 0, add: 0, member: 0, invalid: 0, duplicate: 0 };
  for (const line of lines) counts[line.status] += 1;
  return counts;
}

/** The lines a job applies, as its payload carries them. */
export type BulkJobLine = Pick<BulkLineDto, 'line' | 'email' | 'first_name' | 'last_name' | 'expertise'> & {
  max_papers: number;
};

/** How many lines one transaction of the apply holds. */
const BULK_BATCH_SIZE = 50;

/**
 * Applies lines of a bulk invitation in batches of BULK_BATCH_SIZE, one transaction per batch. Each batch is
 * classified afresh, so a run again after a crash (or people who joined meanwhile) skips who is already a member:
 * the apply is idempotent. A line refused on the way (a concurrent addition) is skipped; it does not undo the
 * others. Returns the counts.
 */
export async function applyBulkLines(
  db: Db,
  input: { actor: Actor; event: EventRow; lines: BulkJobLine[]; publicUrl: string },
  onBatch: (done: number) => Promise<void> = async () => {},
): Promise<{ invited: number; added: number; skipped: number }> {
  const totals = { invited: 0, added: 0, skipped: 0 };
  for (let start = 0; start < input.lines.length; start += BULK_BATCH_SIZE) {
    const batch = input.lines.slice(start, start + BULK_BATCH_SIZE);
    const raw: RawLine[] = batch.map((line) => ({
      line: line.line,
      cells: { ...line, max_papers: String(line.max_papers) },
    }));
    await db.transaction(async (tx) => {
      const lines = await classifyLines(tx, input.event, raw);
      // The accounts of the lines to add, in one query for the batch.
      const addIds = lines.flatMap((line) => (line.status === 'add' && line.userId !== null ? [line.userId] : []));
      const accounts = addIds.length ? await tx.select().from(users).where(inArray(users.id, addIds)) : [];
      for (const line of lines) {
        const grant = { expertise: line.expertise, maxPapers: line.max_papers ?? 5 };
        try {
          if (line.status === 'add' && line.userId !== null) {
            const user = accounts.find((account) => account.id === line.userId);
            if (!user) throw messageError(404, 'NOT_FOUND', 'events.userNotFound');
            await addMember(tx, input.actor, input.event, user, 'reviewer', grant);
            totals.added += 1;
          } else if (line.status === 'invite') {
            await inviteMember(tx, {
              actor: input.actor,
              event: input.event,
              role: 'reviewer',
              body: { email: line.email, first_name: line.first_name, last_name: line.last_name },
              publicUrl: input.publicUrl,
              grant,
            });
            totals.invited += 1;
          } else {
            totals.skipped += 1;
          }
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          totals.skipped += 1;
        }
      }
    });
    await onBatch(Math.min(start + BULK_BATCH_SIZE, input.lines.length));
  }
  return totals;
}
