// @vitest-environment jsdom
import type { ExtractionResponseDto } from '@confero/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi, stubUploads } from '../../test/interact.tsx';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.ts';
import { NewSubmissionScreen } from './components/NewSubmissionScreen.tsx';

/*
 * The AI-assisted submission driven by an author: the PDF goes to `ai/extract/` and the answer fills the form. When
 * the PDF's text could not be read (`unreadable`), the form stays empty and a warning asks the author to type the
 * details, in English and in Arabic.
 */

const EVENT = '7-abcdefgh';

const unreadable: ExtractionResponseDto = {
  success: true,
  data: { title: '', abstract: '', keywords: [], authors: [] },
  message: 'We could not read the text of this PDF; please type the details.',
  message_code: 'ai.extractUnreadable',
  provider: 'local',
  page_count: 1,
  unreadable: true,
};

async function extractFrom(answer: ExtractionResponseDto, language: 'en' | 'ar') {
  stubApi({
    [`GET events/${EVENT}/`]: { status: 200, body: eventDto() },
    'GET config/': { status: 200, body: { max_upload_mb: 50 } },
  });
  stubUploads({ status: 200, body: answer });
  const auth = { status: 'authenticated', user: null, error: null, checkedPath: null, refreshUser: vi.fn() } as unknown;
  await mountScreen(
    <AuthContext.Provider value={auth as AuthContextValue}>
      <NewSubmissionScreen eventId={EVENT} />
    </AuthContext.Provider>,
    {
      url: `/events/${EVENT}/submit`,
      path: '/events/:eventId/submit',
      language,
    },
  );
  fireEvent.click(await screen.findByText(language === 'en' ? 'AI-assisted' : 'بمساعدة الذكاء الاصطناعي'));
  fireEvent.change(await screen.findByTestId('ai-file-input'), {
    target: { files: [new File(['%PDF-1.7'], 'paper.pdf', { type: 'application/pdf' })] },
  });
  fireEvent.click(screen.getByTestId('ai-extract-button'));
  return screen.findByTestId('extract-notice');
}

describe('AI-assisted submission of a PDF whose text cannot be read', { timeout: 60_000 }, () => {
  it('leaves the form empty and asks the author to type the details', async () => {
    const notice = await extractFrom(unreadable, 'en');
    expect(notice.textContent).toBe('We could not read the text of this PDF; please type the details.');
    expect(notice.getAttribute('data-tone')).toBe('warning');
    expect(screen.getByTestId('submission-form')).toBeTruthy();
  });

  it('says so in Arabic', async () => {
    const notice = await extractFrom(unreadable, 'ar');
    expect(notice.textContent).toBe('تعذّرت علينا قراءة نص ملف PDF هذا؛ يُرجى كتابة البيانات بنفسك.');
    expect(notice.getAttribute('data-tone')).toBe('warning');
  });

  it('shows the usual notice when the text was read', async () => {
    const notice = await extractFrom(
      {
        ...unreadable,
        data: { ...unreadable.data, title: 'A readable paper' },
        message: 'The details were extracted from the PDF. Please check them before submitting.',
        message_code: 'ai.extractSuccess',
        unreadable: false,
      },
      'en',
    );
    expect(notice.textContent).toBe('The details were extracted from the PDF. Please check them before submitting.');
    expect(notice.getAttribute('data-tone')).toBe('success');
  });
});
