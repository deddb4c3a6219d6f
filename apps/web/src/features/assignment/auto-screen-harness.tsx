import type { AssignmentRole } from '@confero/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { renderHtml } from '../../test/render.tsx';
import { ASSIGNMENT_ROLE_PATHS } from './assignment-role.ts';
import { AutoAssignmentScreen } from './components/AutoAssignmentScreen.tsx';

/**
 * The automatic assignment screen of event 1-conf rendered to HTML (no browser) with the queries `client` holds, at
 * its role's address (`query` appended): the data-testids it shows and its text without markup.
 */
export async function renderAutoScreen(
  language: 'en' | 'ar',
  client: QueryClient,
  options: { assigns?: AssignmentRole; query?: string } = {},
) {
  const assigns = options.assigns ?? 'reviewer';
  const segment = ASSIGNMENT_ROLE_PATHS[assigns];
  const html = await renderHtml(<AutoAssignmentScreen eventId="1-conf" assigns={assigns} />, {
    client,
    language,
    path: `/events/:id/${segment}`,
    url: `/events/1-conf/${segment}${options.query ?? ''}`,
  });
  const testIds = new Set([...html.matchAll(/data-testid="([^"]+)"/g)].map((match) => match[1]));
  const text = html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
  return { testIds, text };
}
