import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './downloads.ts';

describe('attachmentDisposition', () => {
  it('keeps an ASCII name as its own fallback, quotes and backslashes dropped', () => {
    expect(attachmentDisposition('final "v2".pdf', 'final.pdf')).toBe(
      `attachment; filename="final v2.pdf"; filename*=UTF-8''${encodeURIComponent('final "v2".pdf')}`,
    );
  });

  it('falls back when only the extension is ASCII (a name in another script)', () => {
    expect(attachmentDisposition('بحث.pdf', 'final.pdf')).toBe(
      `attachment; filename="final.pdf"; filename*=UTF-8''${encodeURIComponent('بحث.pdf')}`,
    );
    expect(attachmentDisposition('بيانات', 'supplementary')).toBe(
      `attachment; filename="supplementary"; filename*=UTF-8''${encodeURIComponent('بيانات')}`,
    );
  });
});
