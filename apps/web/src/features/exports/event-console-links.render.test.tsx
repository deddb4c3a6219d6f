import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { ReviewingCard } from '../events/components/ReviewingCard.tsx';
import { EventRecordsCard } from './components/EventRecordsCard.tsx';

/* The event page's links to the organizers' console follow each screen's own ability, not a borrowed one. */

const abilities = eventDto().abilities;

describe("the event page's console links", () => {
  it('show the exports and the audit log each by its ability, and nothing without either', async () => {
    const both = await renderHtml(<EventRecordsCard eventRef="7-abcdefgh" abilities={abilities} />);
    expect(both).toContain('href="/events/7-abcdefgh/exports"');
    expect(both).toContain('href="/events/7-abcdefgh/audit"');

    const auditOnly = await renderHtml(
      <EventRecordsCard eventRef="7-abcdefgh" abilities={{ ...abilities, export: false }} />,
    );
    expect(auditOnly).not.toContain('/exports"');
    expect(auditOnly).toContain('href="/events/7-abcdefgh/audit"');

    const none = await renderHtml(
      <EventRecordsCard eventRef="7-abcdefgh" abilities={{ ...abilities, export: false, view_audit: false }} />,
    );
    expect(none).not.toContain('data-testid="records-card"');
  });

  it('links the progress by view_progress, the committee tools by manage_reviewing', async () => {
    const progressOnly = await renderHtml(
      <ReviewingCard eventRef="7-abcdefgh" abilities={{ ...abilities, manage_reviewing: false, bid: false }} />,
    );
    expect(progressOnly).toContain('data-testid="progress-link"');
    expect(progressOnly).not.toContain('/assignment"');
    expect(progressOnly).not.toContain('/area-chair-assignment"');

    const committeeOnly = await renderHtml(
      <ReviewingCard eventRef="7-abcdefgh" abilities={{ ...abilities, view_progress: false, bid: false }} />,
    );
    expect(committeeOnly).not.toContain('data-testid="progress-link"');
    expect(committeeOnly).toContain('href="/events/7-abcdefgh/assignment"');
    expect(committeeOnly).toContain('href="/events/7-abcdefgh/area-chair-assignment"');
  });
});
