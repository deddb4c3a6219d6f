import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { DeadlineTime } from './components/DeadlineTime.tsx';
import { calendarFeedHref, DatesCard } from './components/EventInfoCards.tsx';

describe('a deadline in the event zone and the viewer zone', () => {
  it("shows 23:59 in the event's zone and, beside it, the same instant on the viewer's clock", async () => {
    const html = await renderHtml(
      <DeadlineTime value="2030-03-01" timezone="AoE" viewerTimeZone="Asia/Tokyo" testId="deadline" />,
    );
    expect(html).toMatch(/data-testid="deadline"[^>]*>03\/01\/2030, 23:59 \(Anywhere on Earth, UTC−12\)</);
    // 11:59:59 UTC on 2 March is 20:59 in Tokyo (UTC+9).
    expect(html).toMatch(/data-testid="deadline-yours"[^>]*>Your time: 03\/02\/2030, 20:59 \(Asia\/Tokyo\)</);

    const arabic = await renderHtml(
      <DeadlineTime value="2030-03-01" timezone="Asia/Riyadh" viewerTimeZone="America/New_York" testId="deadline" />,
      { language: 'ar' },
    );
    expect(arabic).toContain('03/01/2030، الساعة 23:59 (Asia/Riyadh)');
    expect(arabic).toContain('بتوقيتك: 03/01/2030، الساعة 15:59 (America/New York)');
  });

  it('shows one line when the viewer is in the same zone, and a dash without a date', async () => {
    const same = await renderHtml(
      <DeadlineTime value="2030-03-01" timezone="Europe/Paris" viewerTimeZone="Europe/Paris" testId="deadline" />,
    );
    expect(same).toContain('03/01/2030, 23:59 (Europe/Paris)');
    expect(same).not.toContain('deadline-yours');
    const none = await renderHtml(<DeadlineTime value={null} timezone="AoE" testId="deadline" />);
    expect(none).toMatch(/data-testid="deadline"[^>]*>-</);
  });

  it("puts both deadlines and an 'Add to calendar' link to the event's feed on the dates card", async () => {
    const event = eventDto({ submission_deadline: '2099-05-01', review_deadline: '2099-06-01', timezone: 'UTC' });
    const html = await renderHtml(<DatesCard event={event} />, { language: 'ar' });
    expect(html).toContain('data-testid="event-submissionDeadline"');
    expect(html).toContain('05/01/2099، الساعة 23:59 (UTC)');
    expect(html).toContain('06/01/2099، الساعة 23:59 (UTC)');
    expect(html).toMatch(
      /href="\/api\/events\/7-abcdefgh\/calendar\.ics\?lang=ar"[^>]*data-testid="event-calendar-link"/,
    );
    expect(html).toContain('أضف إلى التقويم');
    expect(calendarFeedHref(event, 'en')).toBe('/api/events/7-abcdefgh/calendar.ics?lang=en');
  });
});
