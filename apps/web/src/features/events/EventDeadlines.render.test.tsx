import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { eventKeys } from './api.ts';
import { AdminEventDetailScreen } from './components/AdminEventDetailScreen.tsx';
import { EventListItem } from './components/EventListItem.tsx';
import { PassedDeadlinesAlert } from './components/PassedDeadlines.tsx';

const EVENT = '7-abcdefgh';
const pastBoth = { submission_deadline: '2020-03-10', review_deadline: '2020-04-10', timezone: 'AoE' };

describe('deadlines already passed', () => {
  it('warns on the approval screen of a pending event, naming each passed deadline with its time and zone', async () => {
    const client = new QueryClient();
    client.setQueryData(eventKeys.detail(EVENT), eventDto({ status: 'pending', ...pastBoth }));
    const html = await renderHtml(<AdminEventDetailScreen id={EVENT} />, { client });
    expect(html).toContain('data-testid="admin-pending"');
    expect(html).toContain('data-testid="deadlines-passed"');
    expect(html).toContain('A deadline has already passed');
    expect(html).toContain('Submission deadline: Mar 10, 2020 at 23:59 (Anywhere on Earth, UTC−12)');
    expect(html).toContain('Review deadline: Apr 10, 2020 at 23:59 (Anywhere on Earth, UTC−12)');
    expect(html).toContain('Approving it publishes the event with these dates already past');

    const arabic = await renderHtml(<AdminEventDetailScreen id={EVENT} />, { client, language: 'ar' });
    expect(arabic).toContain('انقضى موعد نهائي بالفعل');
    expect(arabic).toContain('الموعد النهائي لتقديم الأوراق:');
  });

  it('names only the deadlines that passed, and says nothing when none did', async () => {
    const onlySubmission = await renderHtml(
      <PassedDeadlinesAlert event={{ submission_deadline: '2020-03-10', review_deadline: '2099-01-01' }} text="x" />,
    );
    expect(onlySubmission.match(/data-deadline="/g)).toHaveLength(1);
    expect(onlySubmission).toContain('data-deadline="submission_deadline"');
    const none = await renderHtml(
      <PassedDeadlinesAlert event={{ submission_deadline: '2099-03-10', review_deadline: null }} text="x" />,
    );
    expect(none).not.toContain('deadlines-passed');
    const client = new QueryClient();
    client.setQueryData(eventKeys.detail(EVENT), eventDto({ status: 'pending' }));
    expect(await renderHtml(<AdminEventDetailScreen id={EVENT} />, { client })).not.toContain('deadlines-passed');
  });

  it('marks a pending event of a list whose deadline passed; an approved one runs its course', async () => {
    const pending = await renderHtml(<EventListItem event={eventDto({ status: 'pending', ...pastBoth })} />);
    expect(pending).toContain('data-testid="deadline-passed-badge"');
    expect(pending).toContain('Deadline passed');
    const active = await renderHtml(<EventListItem event={eventDto({ status: 'active', ...pastBoth })} />);
    expect(active).not.toContain('deadline-passed-badge');
    const future = await renderHtml(<EventListItem event={eventDto({ status: 'pending' })} />);
    expect(future).not.toContain('deadline-passed-badge');
  });

  it('lays an English event title out in its own direction inside the Arabic list', async () => {
    const html = await renderHtml(<EventListItem event={eventDto({ title: 'Learning Systems' })} />, {
      language: 'ar',
    });
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>Learning Systems<\/p>/);
    expect(html).toMatch(/dir="auto"[^>]*><span[^>]*>ICMLT<\/span>/);
    // The location keeps the interface's order, each part isolated: the city people wrote, the country's name.
    expect(html).toContain('<bdi>Lyon</bdi>، <bdi>فرنسا</bdi>');
  });
});
