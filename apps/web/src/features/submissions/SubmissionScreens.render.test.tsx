import type { EventDto, RoleName, SubmissionDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eventDto, submissionDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { eventKeys } from '../events/api.ts';
import { ActiveRoleContext } from '../roles/active-role-context.ts';
import { submissionKeys } from './api.ts';
import { EditSubmissionScreen } from './components/EditSubmissionScreen.tsx';
import { NewSubmissionScreen } from './components/NewSubmissionScreen.tsx';
import { SubmissionDetailScreen } from './components/SubmissionDetailScreen.tsx';

const EVENT = '7-abcdefgh';
const PAPER = '11-papera';
const closedEvent = (overrides: Partial<EventDto>) =>
  eventDto({ ...overrides, abilities: { ...eventDto().abilities, submit: false } });

function clientWith(data: { event?: EventDto; submission?: SubmissionDto }): QueryClient {
  const client = new QueryClient();
  if (data.event) client.setQueryData(eventKeys.detail(EVENT), data.event);
  if (data.submission) client.setQueryData(submissionKeys.detail(PAPER), data.submission);
  return client;
}

describe('NewSubmissionScreen', () => {
  const render = (event: EventDto, language: 'en' | 'ar' = 'en') =>
    renderHtml(<NewSubmissionScreen eventId={EVENT} />, { client: clientWith({ event }), language });

  it('says that the submission deadline passed, with its date, time and zone, instead of the form', async () => {
    const html = await render(closedEvent({ submission_deadline: '2020-03-10', timezone: 'AoE' }));
    expect(html).toContain('data-testid="event-closed"');
    expect(html).toContain('data-reason="deadline"');
    expect(html).toContain(
      'The submission deadline of this event passed on Mar 10, 2020 at 23:59 (Anywhere on Earth, UTC−12), so it no longer accepts submissions.',
    );
    expect(html).not.toContain('data-testid="submission-form"');
    expect(html).not.toContain('Submissions close');
  });

  it('speaks Arabic, with the zone the event names', async () => {
    const html = await render(closedEvent({ submission_deadline: '2020-03-10', timezone: 'Asia/Riyadh' }), 'ar');
    expect(html).toContain('انقضى الموعد النهائي لتقديم الأوراق في هذه الفعالية في');
    expect(html).toContain('(Asia/Riyadh)');
    expect(html).not.toContain('The submission deadline');
  });

  it('tells the other reasons apart: not approved yet, rejected, closed by its organisers, cancelled', async () => {
    const expected = {
      pending: 'This event has not been approved yet.',
      rejected: 'This event was not approved, so it does not accept submissions.',
      completed: 'This event was closed by its organisers and no longer accepts submissions.',
      cancelled: 'This event was cancelled, so it does not accept submissions.',
    } as const;
    for (const [status, text] of Object.entries(expected) as [keyof typeof expected, string][]) {
      const html = await render(closedEvent({ status }));
      expect(html).toContain(`data-reason="${status}"`);
      expect(html).toContain(text);
      expect(html).not.toContain('deadline of this event passed');
    }
  });
});

describe('EditSubmissionScreen', () => {
  const render = (submission: SubmissionDto, event = eventDto()) =>
    renderHtml(<EditSubmissionScreen submissionId={PAPER} />, { client: clientWith({ event, submission }) });
  const readOnly = (submission: Partial<SubmissionDto>) =>
    submissionDto({
      ...submission,
      abilities: { ...submissionDto().abilities, update: false, delete: false, declare_conflict: false },
    });

  it('tells an author that a final decision closed the paper, or that the deadline passed', async () => {
    const accepted = await render(readOnly({ status: 'accepted', decision: 'accept', decision_display: 'Accept' }));
    expect(accepted).toContain('data-testid="edit-not-allowed"');
    expect(accepted).toContain(
      'A final decision was made on this submission (Accept), so it can no longer be changed.',
    );
    const late = await render(readOnly({}), eventDto({ submission_deadline: '2020-03-10' }));
    expect(late).toContain(
      'The submission deadline of this event passed on Mar 10, 2020 at 23:59 (Anywhere on Earth, UTC−12), so this submission can no longer be changed.',
    );
  });

  it('tells anyone else only who may edit', async () => {
    const staff = submissionDto({
      status: 'accepted',
      decision: 'accept',
      abilities: {
        ...submissionDto().abilities,
        update: false,
        declare_conflict: false,
        view_declared_conflicts: false,
      },
    });
    const html = await render(staff);
    expect(html).toContain('only its authors can, until the event');
    expect(html).not.toContain('final decision');
  });
});

describe('SubmissionDetailScreen', () => {
  const render = (submission: SubmissionDto, language: 'en' | 'ar' = 'en', role: RoleName = 'author') =>
    renderHtml(
      <ActiveRoleContext.Provider
        value={{ activeRole: role, roles: [role], isSwitching: false, switchRole: async () => undefined }}
      >
        <SubmissionDetailScreen submissionId={PAPER} eventId={EVENT} />
      </ActiveRoleContext.Provider>,
      { client: clientWith({ submission }), language },
    );

  it('offers its author "Declare a conflict" while the paper is open, never once it is accepted or rejected', async () => {
    expect(await render(submissionDto())).toContain('data-testid="declare-conflict-button"');
    for (const decision of ['accept', 'reject'] as const) {
      const decided = submissionDto({
        status: decision === 'accept' ? 'accepted' : 'rejected',
        decision,
        abilities: { ...submissionDto().abilities, update: false, delete: false, declare_conflict: false },
      });
      const html = await render(decided);
      expect(html).not.toContain('data-testid="declare-conflict-button"');
      expect(html).toContain('data-testid="status-panel"');
    }
  });

  it('lays out what people wrote in its own direction inside the Arabic interface', async () => {
    const html = await render(
      submissionDto({
        title: 'Graph kernels in practice',
        abstract: 'First paragraph.\nالفقرة الثانية.',
        track_name: 'Learning',
      }),
      'ar',
    );
    expect(html).toMatch(/<h1[^>]*dir="auto"[^>]*>Graph kernels in practice<\/h1>/);
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*data-testid="detail-title"[^>]*>Graph kernels in practice<\/p>/);
    expect(html).toMatch(/<p[^>]*class="[^"]*_multiline_[^"]*"[^>]*dir="auto"[^>]*data-testid="detail-abstract"/);
    expect(html).toMatch(/dir="auto"[^>]*><span[^>]*>graphs<\/span>/);
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>Alma Authorova<\/p>/);
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>Author University<\/p>/);
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>Learning<\/p>/);
    expect(html).toContain('<bdi>ICML Test</bdi>');
  });
});
