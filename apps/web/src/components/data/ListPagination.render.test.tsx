import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../test/render.tsx';
import { ListPagination } from './ListPagination.tsx';

/* The page picker's arrows are icons: each must carry its name, in the interface language (axe: button-name). */

describe('ListPagination', () => {
  it('names its arrows and its navigation, in English and Arabic', async () => {
    const english = await renderHtml(<ListPagination page={2} pages={3} onChange={() => {}} />);
    expect(english).toMatch(/<nav[^>]*aria-label="Pages"/);
    expect(english).toContain('aria-label="Previous page"');
    expect(english).toContain('aria-label="Next page"');
    const arabic = await renderHtml(<ListPagination page={2} pages={3} onChange={() => {}} />, { language: 'ar' });
    expect(arabic).toContain('aria-label="الصفحة السابقة"');
    expect(arabic).toContain('aria-label="الصفحة التالية"');
  });

  it('renders nothing for a list that fits on one page', async () => {
    expect(await renderHtml(<ListPagination page={1} pages={1} onChange={() => {}} />)).not.toContain('<nav');
  });
});
