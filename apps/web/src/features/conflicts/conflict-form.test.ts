import type { ReviewerDto } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import {
  addConflictFieldOf,
  committeePeople,
  declareFieldOf,
  EMPTY_ADD_CONFLICT,
  EMPTY_CHECK_CANDIDATE,
  EMPTY_DECLARE_CONFLICT,
  formFieldErrors,
  submissionOptions,
  toAddConflictBody,
  toCheckCandidateBody,
  toDeclareConflictBody,
  validateAddConflict,
  validateCheckCandidate,
  validateDeclareConflict,
} from './conflict-form.ts';

const reviewer = (overrides: Partial<ReviewerDto>): ReviewerDto => ({
  public_id: '1-aaaaaaaa',
  display_name: 'Rev One',
  email: 'rev1@uni.edu',
  status: 'active',
  awaiting_account: false,
  expertise: '',
  max_papers: 5,
  invited_at: null,
  responded_at: null,
  ...overrides,
});

describe('committeePeople', () => {
  it('lists chairs, event admins and active reviewers once each, sorted by name', () => {
    const people = committeePeople(
      {
        chairs: [
          { public_id: '5-chairaaa', first_name: 'Zara', last_name: 'Chair', email: 'z@c.org', role_display: 'Chair' },
        ],
        event_admins: [
          { public_id: '6-adminaaa', first_name: '', last_name: '', email: 'admin@c.org', role_display: 'Admin' },
          { public_id: '5-chairaaa', first_name: 'Zara', last_name: 'Chair', email: 'z@c.org', role_display: 'Admin' },
        ],
      },
      [
        reviewer({ public_id: '1-aaaaaaaa', display_name: 'Adam Reviewer', email: 'adam@uni.edu' }),
        reviewer({ public_id: '2-bbbbbbbb', status: 'pending', display_name: 'Pending' }),
        reviewer({ public_id: null, display_name: 'Invitee', email: 'new@uni.edu' }),
        reviewer({ public_id: '3-cccccccc', awaiting_account: true, display_name: 'Awaiting' }),
        reviewer({ public_id: '5-chairaaa', display_name: 'Zara Chair', email: 'z@c.org' }),
      ],
    );
    expect(people.map((person) => [person.value, person.label])).toEqual([
      ['1-aaaaaaaa', 'Adam Reviewer (adam@uni.edu)'],
      ['6-adminaaa', 'admin@c.org'],
      ['5-chairaaa', 'Zara Chair (z@c.org)'],
    ]);
  });

  it('works before the reviewers have loaded', () => {
    expect(committeePeople({ chairs: [], event_admins: [] }, undefined)).toEqual([]);
  });

  it('labels submissions by title', () => {
    expect(submissionOptions([{ public_id: '9-zzzzzzzz', title: 'Graph kernels' }])).toEqual([
      { value: '9-zzzzzzzz', label: 'Graph kernels' },
    ]);
  });
});

describe('the add form (chairs)', () => {
  it('asks for a submission and a person, by picker or by address', () => {
    expect(validateAddConflict(EMPTY_ADD_CONFLICT)).toEqual({
      submission: 'conflicts.form.submissionRequired',
      user: 'conflicts.form.personRequired',
    });
    expect(validateAddConflict({ ...EMPTY_ADD_CONFLICT, submission: '1-a', personMode: 'email', email: 'x' })).toEqual({
      email: 'conflicts.form.emailInvalid',
    });
    expect(validateAddConflict({ ...EMPTY_ADD_CONFLICT, submission: '1-a', personMode: 'email' })).toEqual({
      email: 'conflicts.form.emailRequired',
    });
    expect(
      validateAddConflict({ ...EMPTY_ADD_CONFLICT, submission: '1-a', user: '2-b', reason: 'x'.repeat(1001) }),
    ).toEqual({ reason: 'conflicts.form.reasonTooLong' });
    expect(validateAddConflict({ ...EMPTY_ADD_CONFLICT, submission: '1-a', user: '2-b' })).toEqual({});
  });

  it('sends the person by public id or by address, never both', () => {
    const values = { ...EMPTY_ADD_CONFLICT, submission: '1-a', user: '2-b', email: 'old@x.org', reason: ' Advisor ' };
    expect(toAddConflictBody(values)).toEqual({
      submission_id: '1-a',
      user_id: '2-b',
      type: 'personal',
      reason: 'Advisor',
    });
    expect(toAddConflictBody({ ...values, personMode: 'email', email: ' p@x.org ', type: 'other' })).toEqual({
      submission_id: '1-a',
      email: 'p@x.org',
      type: 'other',
      reason: 'Advisor',
    });
  });

  it('puts server problems on the field they concern', () => {
    expect(addConflictFieldOf('submission_id', 'member')).toBe('submission');
    expect(addConflictFieldOf('user_id', 'member')).toBe('user');
    expect(addConflictFieldOf('email', 'email')).toBe('email');
    expect(addConflictFieldOf('email', 'member')).toBe('user');
    expect(addConflictFieldOf('type', 'member')).toBe('type');
    expect(addConflictFieldOf('page', 'member')).toBeUndefined();
  });
});

describe('the declaration form (authors)', () => {
  it('needs a valid address', () => {
    expect(validateDeclareConflict(EMPTY_DECLARE_CONFLICT)).toEqual({ email: 'conflicts.form.emailRequired' });
    expect(validateDeclareConflict({ ...EMPTY_DECLARE_CONFLICT, email: 'a@b' })).toEqual({
      email: 'conflicts.form.emailInvalid',
    });
    expect(validateDeclareConflict({ ...EMPTY_DECLARE_CONFLICT, email: 'a@b.org' })).toEqual({});
  });

  it('declares for the submission, by address', () => {
    expect(
      toDeclareConflictBody('12-abcdefgh', { email: ' Rev@Uni.edu ', type: 'coauthor', reason: 'We wrote a book' }),
    ).toEqual({ submission_id: '12-abcdefgh', email: 'Rev@Uni.edu', type: 'coauthor', reason: 'We wrote a book' });
    expect(declareFieldOf('email')).toBe('email');
    expect(declareFieldOf('user_id')).toBe('email');
    expect(declareFieldOf('reason')).toBe('reason');
    expect(declareFieldOf('submission_id')).toBeUndefined();
  });
});

describe('the candidate check', () => {
  it('needs an address, and sends the affiliation only when given', () => {
    expect(validateCheckCandidate(EMPTY_CHECK_CANDIDATE)).toEqual({ email: 'conflicts.form.emailRequired' });
    expect(toCheckCandidateBody({ email: ' n@uni-a.edu ', affiliation: '  ' })).toEqual({ email: 'n@uni-a.edu' });
    expect(toCheckCandidateBody({ email: 'n@uni-a.edu', affiliation: ' University B ' })).toEqual({
      email: 'n@uni-a.edu',
      affiliation: 'University B',
    });
  });
});

describe('formFieldErrors', () => {
  it("moves the server's problems onto the form's fields, the later one winning a shared field", () => {
    expect(
      formFieldErrors({ user_id: 'Unknown person', email: 'Not in the committee', reason: 'Too long' }, declareFieldOf),
    ).toEqual({ email: 'Not in the committee', reason: 'Too long' });
    expect(
      formFieldErrors({ submission_id: 'No such submission', email: 'Unknown' }, (field) =>
        addConflictFieldOf(field, 'member'),
      ),
    ).toEqual({ submission: 'No such submission', user: 'Unknown' });
  });

  it('places nothing when no problem belongs to a field of the form', () => {
    expect(formFieldErrors({ submission_id: 'No such submission' }, declareFieldOf)).toEqual({});
    expect(formFieldErrors({}, declareFieldOf)).toEqual({});
  });
});
