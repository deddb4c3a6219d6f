import type {
  AssignmentPreviewDto,
  AssignmentPreviewStatus,
  EventDto,
  MyReviewDto,
  ReviewDto,
  ReviewFormDto,
  ReviewQuestionDto,
  StructuredReviewDto,
  SubmissionAuthorDto,
  SubmissionDto,
} from '@confero/contracts';
import { DEFAULT_REVIEW_FORM } from '@confero/contracts';

/*
 * DTOs as the API answers them, for the render tests to put in the query cache: complete objects with plain
 * values, each changed where a test needs it.
 */

/** An active event of the Anywhere-on-Earth zone, with deadlines in the future, as its admin sees it. */
export function eventDto(overrides: Partial<EventDto> = {}): EventDto {
  return {
    id: 7,
    public_id: '7-abcdefgh',
    title: 'ICML Test',
    acronym: 'ICMLT',
    type: 'conference',
    type_display: 'Conference',
    status: 'active',
    status_display: 'Active',
    start_date: '2099-09-01',
    end_date: '2099-09-03',
    submission_deadline: '2099-05-01',
    review_deadline: '2099-06-01',
    notification_date: '2099-07-01',
    timezone: 'AoE',
    location: { venue: '', city: 'Lyon', country: 'France', country_code: 'FR', additional_details: '' },
    primary_research_area: 'computer_science',
    submission_count: 0,
    track_count: 0,
    reviewer_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    description: 'A test event.',
    webpage: null,
    secondary_research_areas: [],
    additional_information: '',
    creator: { first_name: 'Olga', last_name: 'Organiser', email: 'olga@example.org' },
    creator_name: 'Olga Organiser',
    creator_email: 'olga@example.org',
    updated_at: '2026-01-01T00:00:00Z',
    chairs: [],
    chairs_details: [],
    event_admins: [],
    tracks: [],
    response_phase: {
      enabled: false,
      opens_at: null,
      closes_at: null,
      opens_at_utc: null,
      closes_at_utc: null,
      word_limit: 500,
      open: false,
    },
    final_version: {
      enabled: false,
      deadline: null,
      deadline_utc: null,
      timezone: 'AoE',
      supplementary_max_mb: 50,
      open: false,
    },
    abilities: {
      update: true,
      delete: true,
      manage_members: true,
      approve: false,
      change_status: true,
      view_submissions: true,
      submit: true,
      manage_reviewing: true,
      bid: false,
      manage_event_admins: true,
      send_mail: true,
      export: true,
      view_audit: true,
      view_progress: true,
    },
    allowed_status_changes: [],
    ...overrides,
  };
}

/** One author of a submission. */
export function authorDto(overrides: Partial<SubmissionAuthorDto> = {}): SubmissionAuthorDto {
  const first = overrides.first_name ?? 'Alma';
  const last = overrides.last_name ?? 'Authorova';
  const email = overrides.email ?? 'alma@uni-author.edu';
  return {
    id: 1,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    email,
    affiliation: 'Author University',
    country: 'EG',
    country_name: 'Egypt',
    webpage: null,
    is_corresponding: true,
    order: 1,
    is_registered: true,
    user_public_id: '3-authoraa',
    author: { first_name: first, last_name: last, email },
    ...overrides,
  };
}

/** A submission under review, as one of its authors sees it (may edit, delete and declare conflicts). */
export function submissionDto(overrides: Partial<SubmissionDto> = {}): SubmissionDto {
  const author = authorDto();
  return {
    id: 11,
    public_id: '11-papera',
    title: 'Graph kernels',
    abstract: 'We study graph kernels.',
    keywords: 'graphs, kernels',
    keywords_list: ['graphs', 'kernels'],
    status: 'submitted',
    status_display: 'Submitted',
    decision: 'pending',
    decision_display: 'Pending',
    decision_details: '',
    event: 7,
    event_public_id: '7-abcdefgh',
    event_title: 'ICML Test',
    track: null,
    track_name: null,
    metadata: {},
    file: '/api/submissions/11-papera/download_file/',
    file_name: 'Graph_kernels.pdf',
    file_size: 2048,
    page_count: 3,
    sha256: null,
    file_version: 1,
    created: '2026-03-01T10:00:00Z',
    updated: '2026-03-01T10:00:00Z',
    submission_authors: [author],
    author_infos: [],
    authors: [author],
    primary_author: { first_name: author.first_name, last_name: author.last_name, full_name: author.full_name },
    authors_hidden: false,
    abilities: {
      update: true,
      delete: true,
      change_status: false,
      make_decision: false,
      download: true,
      view_insights: false,
      review: false,
      bid: false,
      manage_reviewers: false,
      declare_conflict: true,
      view_declared_conflicts: true,
    },
    ...overrides,
  };
}

/** The caller's review of the fixture submission: a draft they may still change. */
export function myReviewDto(overrides: Partial<MyReviewDto> = {}): MyReviewDto {
  return {
    id: 12,
    public_id: '12-reviewaa',
    submission: {
      id: 11,
      public_id: '11-papera',
      title: 'Graph kernels',
      event: { id: 7, public_id: '7-abcdefgh', title: 'ICML Test' },
    },
    status: 'in_progress',
    status_display: 'In progress',
    recommendation: null,
    recommendation_display: null,
    overall_score: null,
    confidence: null,
    assigned_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    completed_at: null,
    review_deadline: '2099-06-01',
    timezone: 'AoE',
    version: 2,
    abilities: { edit: true, submit: true, can_use_assistant: true },
    ...overrides,
  };
}

/** A filled-in review form: two scored criteria, one unscored. */
export const REVIEW_FORM: StructuredReviewDto = {
  overall_evaluation: {
    score: 1,
    summary: { strengths: ['Clear writing'], weaknesses: ['No baselines'] },
    justification: 'Solid but incremental.',
  },
  confidence: { score: 4, comment: 'I work on this.' },
  criteria: [
    { id: 'originality', name: 'Originality', description: '', min_score: 1, max_score: 10, score: 7 },
    { id: 'clarity', name: 'Clarity', description: '', min_score: 1, max_score: 10, score: 9 },
    { id: 'relevance', name: 'Relevance', description: '', min_score: 1, max_score: 10, score: null },
  ],
};

/** A completed review of the fixture submission, with comments to the authors of their own. */
export function reviewDto(overrides: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id: 12,
    public_id: '12-reviewaa',
    submission: {
      id: 4,
      public_id: '4-paperaaa',
      title: 'Graph kernels',
      event: { id: 1, public_id: '1-eventaaa', title: 'ICML Test' },
    },
    status: 'completed',
    status_display: 'Completed',
    recommendation: 'weak_accept',
    recommendation_display: 'Weak accept',
    overall_score: 1,
    confidence: 4,
    assigned_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    completed_at: '2026-01-02T00:00:00Z',
    reviewer_label: 'Reviewer 1',
    ordinal: 1,
    is_own: false,
    structured_review: REVIEW_FORM,
    comments_to_author: 'Please compare with the 2019 baseline.',
    form_version: 1,
    answers: {},
    abilities: { edit: false, submit: false, can_use_assistant: false },
    ...overrides,
  };
}

const paper = (id: number) => ({ id, public_id: `${id}-paper`, title: `Paper number ${id}` });
const person = (n: number) => ({
  public_id: `${n}-rev`,
  first_name: 'Rev',
  last_name: String(n),
  full_name: `Reviewer ${n}`,
  email: `r${n}@uni.example`,
  affiliation: 'University',
});

/**
 * An automatic assignment preview in the given status: finished ones hold a result with a new and a kept pair on
 * paper 1, paper 2 short of reviewers and one removal.
 */
export function assignmentPreviewDto(status: AssignmentPreviewStatus): AssignmentPreviewDto {
  const finished = status === 'done' || status === 'applied';
  return {
    preview_id: '5-prev',
    status,
    progress: status === 'running' ? 0.4 : finished ? 1 : 0,
    mode: 'replace',
    created_at: '2026-01-01T10:00:00Z',
    finished_at: finished ? '2026-01-01T10:00:05Z' : null,
    error: status === 'failed' ? 'The assignment could not be computed. Compute a new preview.' : null,
    error_code: status === 'failed' ? 'assignments.previewFailed' : null,
    result: finished
      ? {
          pairs: [
            {
              submission: paper(1),
              reviewer: person(1),
              score: 1.5,
              affinity: 0.5,
              bid: 'eager',
              reasons: ['speech'],
              existing: false,
            },
            {
              submission: paper(1),
              reviewer: person(2),
              score: 0.2,
              affinity: 0.2,
              bid: null,
              reasons: [],
              existing: true,
            },
          ],
          new_count: 1,
          removed: [{ submission: paper(2), reviewer: person(3) }],
          total_score: 1.7,
          lowest_paper_score: 0,
          lowest_paper: paper(2),
          load_histogram: [
            { papers: 0, reviewers: 1 },
            { papers: 1, reviewers: 2 },
          ],
          short: [
            {
              submission: paper(2),
              wanted: 3,
              assigned: 0,
              eligible_reviewers: 1,
              reason: {
                code: 'assignments.shortNoEligible',
                params: { eligible: 1, wanted: 3 },
                message: 'Only 1 reviewers…',
              },
            },
          ],
          reviewers_per_paper: 3,
          papers: 2,
          reviewers: 3,
          hidden_papers: 0,
        }
      : null,
  };
}

/** The event of the automatic assignment tests, as its chair sees it (the fields the screen reads). */
export const ASSIGNMENT_EVENT = {
  id: 1,
  public_id: '1-conf',
  title: 'Speech Conference',
  abilities: { manage_reviewing: true },
  review_settings: { reviewers_per_paper: 3 },
} as unknown as EventDto;

/** An event's review form: the default form (version 1, unanswered) unless changed, as a chair reads it. */
export function reviewFormDto(overrides: Partial<ReviewFormDto> = {}): ReviewFormDto {
  return {
    event: '7-abcdefgh',
    version: 1,
    questions: DEFAULT_REVIEW_FORM.map((question) => ({ ...question })),
    answered_reviews: 0,
    is_default: true,
    updated_at: null,
    abilities: { edit: true },
    ...overrides,
  };
}

/** A question of the chair's (a text authors read unless changed). */
export function reviewQuestionDto(key: string, overrides: Partial<ReviewQuestionDto> = {}): ReviewQuestionDto {
  return {
    key,
    kind: 'text',
    label: { en: key, ar: '' },
    help: { en: '', ar: '' },
    required: false,
    visibility: 'authors',
    builtin: false,
    removable: true,
    ...overrides,
  };
}

/** A required yes/no question of the chair's that the committee reads ("Artifact available"). */
export const artifactQuestion = (overrides: Partial<ReviewQuestionDto> = {}): ReviewQuestionDto =>
  reviewQuestionDto('artifact', {
    kind: 'choice',
    label: { en: 'Artifact available', ar: 'الأداة متاحة' },
    required: true,
    visibility: 'committee',
    options: [
      { value: 'yes', label: { en: 'Yes', ar: 'نعم' } },
      { value: 'no', label: { en: 'No', ar: 'لا' } },
    ],
    ...overrides,
  });
