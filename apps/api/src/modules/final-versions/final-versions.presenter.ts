import {
  type FinalVersionAuthorDto,
  type FinalVersionDto,
  type FinalVersionListItemDto,
  presentFinalVersionPhase,
  type SubmissionAuthorInput,
} from '@confero/contracts';
import { abilitiesFrom } from '../../lib/authorize.ts';
import type { SubmissionAccess } from '../submissions/submissions.policy.ts';
import type { SubmissionBundle } from '../submissions/submissions.queries.ts';
import { finalVersionBlindedFor, finalVersionPolicies, finalVersionSubjectOf } from './final-versions.policy.ts';
import {
  authorInputOf,
  type FinalVersionFileRow,
  type FinalVersionListRow,
  type FinalVersionRow,
} from './final-versions.queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The final version phase of a submission's event. */
export const finalVersionPhaseOf = (event: SubmissionBundle['event'], now = new Date()) =>
  presentFinalVersionPhase(
    {
      enabled: event.finalVersionEnabled,
      deadline: event.finalVersionDeadline,
      supplementaryMaxMb: event.supplementaryMaxMb,
      timezone: event.timezone,
    },
    now,
  );

const presentAuthor = (author: SubmissionAuthorInput, index: number): FinalVersionAuthorDto => ({
  first_name: author.first_name ?? '',
  last_name: author.last_name ?? '',
  email: author.email ?? '',
  affiliation: author.affiliation ?? '',
  country: author.country ?? '',
  webpage: author.webpage ?? null,
  is_corresponding: author.is_corresponding === true,
  order: Number(author.order ?? index + 1),
});

/**
 * A paper's final version for one of its readers: the form's starting values (the last final version's, else the
 * submission's as reviewed), the files' history, and whether the viewer may send now (an author, the phase open for
 * an accepted paper).
 */
export function presentFinalVersion(
  submission: SubmissionBundle,
  access: SubmissionAccess,
  row: FinalVersionRow | undefined,
  files: FinalVersionFileRow[],
  now = new Date(),
): FinalVersionDto {
  const phase = finalVersionPhaseOf(submission.event, now);
  const subject = finalVersionSubjectOf(submission.event);
  const allowed = abilitiesFrom(finalVersionPolicies, access, subject, {
    submit: 'finalVersion.submit',
    download: 'finalVersion.download',
  });
  // A blinded area chair (double-blind) reads neither the authors nor the files' names, which may carry them.
  const blinded = finalVersionBlindedFor(access, subject);
  const authors = blinded ? [] : (row?.authors ?? submission.authors.map(authorInputOf)).map(presentAuthor);
  return {
    submission_id: submission.publicId,
    submission_title: submission.title,
    decision: submission.decision,
    phase,
    sent: row !== undefined,
    version: row?.version ?? null,
    submitted_at: row ? iso(row.submittedAt) : null,
    title: row?.title ?? submission.title,
    abstract: row?.abstract ?? submission.abstract,
    authors,
    files: files.map((file) => ({
      kind: file.kind === 'supplementary' ? 'supplementary' : 'camera_ready',
      version: file.version,
      original_name: blinded ? '' : file.originalName,
      content_type: file.contentType,
      size: file.size,
      page_count: file.kind === 'camera_ready' ? file.pageCount : null,
      sha256: file.sha256,
      uploaded_at: iso(file.createdAt),
    })),
    abilities: {
      submit: allowed.submit && phase.open && submission.decision === 'accept',
      download: allowed.download,
    },
  };
}

/** A row of the chairs' list. */
export const presentFinalVersionListItem = (row: FinalVersionListRow): FinalVersionListItemDto => ({
  submission_id: row.publicId,
  number: row.number,
  title: row.title,
  sent: row.submittedAt !== null,
  submitted_at: row.submittedAt === null ? null : iso(row.submittedAt),
  versions: row.versions,
  supplementary: row.supplementary,
});
