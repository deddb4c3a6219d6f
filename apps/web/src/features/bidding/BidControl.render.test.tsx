import type { BidValue } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../test/render.tsx';
import { BidControl } from './components/BidControl.tsx';

/*
 * The bid control rendered to HTML: when "Clear my bid" is offered (a saved bid other than conflict, bidding open,
 * no conflict of interest), in both variants, with its text in English and Arabic.
 */

type Props = { value: BidValue | null; conflict?: boolean; closed?: boolean; variant?: 'cards' | 'compact' };

async function render(
  { value, conflict = false, closed = false, variant = 'cards' }: Props,
  language: 'en' | 'ar' = 'en',
) {
  const html = await renderHtml(
    <BidControl
      submissionId="4-paperaaa"
      value={value}
      conflict={conflict}
      closed={closed}
      variant={variant}
      title="Graph kernels"
    />,
    { language },
  );
  const clear = html.match(/<button[^>]*data-testid="bid-clear"[^>]*>[\s\S]*?<\/button>/)?.[0] ?? null;
  return { html, clear };
}

describe('BidControl: clearing a bid', () => {
  it('offers "Clear my bid" under the cards and beside the chips once a bid is saved', async () => {
    for (const variant of ['cards', 'compact'] as const) {
      const { clear } = await render({ value: 'willing', variant });
      expect(clear, variant).not.toBeNull();
      expect(clear).toContain('Clear my bid');
      expect(clear).toContain('aria-label="Clear my bid on “Graph kernels”"');
    }
  });

  it('says it in Arabic', async () => {
    const { clear } = await render({ value: 'eager', variant: 'compact' }, 'ar');
    expect(clear).toContain('إلغاء رغبتي');
  });

  it('offers nothing to clear without a bid, for a conflict bid, with a conflict of interest or once bidding closed', async () => {
    for (const props of [
      { value: null },
      { value: 'conflict' },
      { value: 'eager', conflict: true },
      { value: 'eager', closed: true },
      { value: null, variant: 'compact' },
      { value: 'conflict', variant: 'compact' },
    ] satisfies Props[]) {
      expect((await render(props)).clear, JSON.stringify(props)).toBeNull();
    }
  });
});
