// @vitest-environment jsdom
import type { DiscussionCommentDto, DiscussionDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { DiscussionPanel } from './components/DiscussionPanel.tsx';

/* A paper's discussion on its page: read, comment with a mention, edit, delete, flag; hidden and "after your review". */

const PAPER = '5-cccccccc';
const THREAD = `submissions/${PAPER}/discussion/`;

const comment = (overrides: Partial<DiscussionCommentDto>): DiscussionCommentDto => ({
  id: '1-dddddddd',
  body: 'The scores differ by five points.',
  author: { role: 'chair', display_name: 'Chiara Conti', public_id: '3-eeeeeeee', is_self: false },
  mentions: [],
  created_at: '2026-03-01T10:00:00Z',
  edited_at: null,
  abilities: { edit: false, delete: true },
  ...overrides,
});

const thread = (overrides: Partial<DiscussionDto> = {}): DiscussionDto => ({
  submission: { id: 5, public_id: PAPER, title: 'A Discussed Paper' },
  needs_discussion: false,
  comments: [
    comment({}),
    comment({
      id: '2-dddddddd',
      body: 'مراجعتي تستند إلى البرهان الثاني.',
      author: { role: 'reviewer', display_name: 'Reviewer 2', reviewer_ordinal: 2, is_self: false },
      mentions: [{ role: 'chair', display_name: 'You', public_id: '9-ffffffff', is_self: true }],
      edited_at: '2026-03-01T10:05:00Z',
      abilities: { edit: false, delete: false },
    }),
    comment({
      id: '3-dddddddd',
      body: 'My own note.',
      author: { role: 'reviewer', display_name: 'You', public_id: '9-ffffffff', reviewer_ordinal: 1, is_self: true },
      abilities: { edit: true, delete: true },
    }),
  ],
  mentionable: [
    { public_id: '3-eeeeeeee', display_name: 'Chiara Conti', role: 'chair' },
    { public_id: 'reviewer-2', display_name: 'Reviewer 2', role: 'reviewer', reviewer_ordinal: 2 },
  ],
  abilities: { comment: true, flag: false },
  ...overrides,
});

const mount = (language: 'en' | 'ar' = 'en') =>
  mountScreen(<DiscussionPanel submissionId={PAPER} />, { url: '/paper', path: '/paper', language });

describe("a paper's discussion", { timeout: 30_000 }, () => {
  it('shows the comments as the reader may know their writers, and posts one with a mention', async () => {
    const api = stubApi({
      [`GET ${THREAD}`]: { status: 200, body: thread() },
      [`POST ${THREAD}`]: { status: 201, body: comment({ id: '4-dddddddd' }) },
    });
    const { user } = await mount();
    const items = await screen.findAllByTestId('discussion-comment');
    expect(items.map((item) => within(item).getByTestId('comment-author').textContent)).toEqual([
      'Chiara Conti',
      'Reviewer 2',
      'You',
    ]);
    expect(within(items[0] as HTMLElement).getByTestId('comment-role').textContent).toBe('Chair');
    expect(within(items[2] as HTMLElement).getByTestId('comment-role').textContent).toBe('Reviewer 1');
    expect(within(items[1] as HTMLElement).getByTestId('comment-edited').textContent).toBe('edited');
    expect(
      within(items[1] as HTMLElement)
        .getByTestId('comment-body')
        .getAttribute('dir'),
    ).toBe('auto');
    expect(within(items[1] as HTMLElement).getByTestId('comment-mentions').textContent).toContain('@You');
    // Only what the abilities allow.
    expect(within(items[1] as HTMLElement).queryByTestId('comment-delete')).toBeNull();
    expect(within(items[0] as HTMLElement).queryByTestId('comment-edit')).toBeNull();
    expect(screen.queryByTestId('discussion-flag')).toBeNull();

    await user.type(screen.getByTestId('composer-body'), 'Could you explain the score?');
    await user.click(screen.getByTestId('composer-mention'));
    await user.click(await screen.findByRole('option', { name: 'Reviewer 2', hidden: true }));
    expect((screen.getByTestId('composer-body') as HTMLTextAreaElement).value).toBe(
      'Could you explain the score? @Reviewer 2 ',
    );
    expect(screen.getByTestId('composer-mentions').textContent).toContain('@Reviewer 2');
    await user.click(screen.getByTestId('composer-post'));
    await waitFor(() => expect(api.sent('POST', THREAD)).toHaveLength(1));
    expect(api.sent('POST', THREAD)[0]?.body).toEqual({
      body: 'Could you explain the score? @Reviewer 2 ',
      mentions: ['reviewer-2'],
    });
    await waitFor(() => expect((screen.getByTestId('composer-body') as HTMLTextAreaElement).value).toBe(''));
  });

  it('names a former member to the committee (the API sends their name), and to a reviewer only "Former member"', async () => {
    const former = { role: 'former_member' as const, is_self: false };
    stubApi({
      [`GET ${THREAD}`]: {
        status: 200,
        body: thread({
          comments: [
            comment({ author: { ...former, display_name: 'Otto Left', public_id: '7-hhhhhhhh' } }),
            comment({ id: '2-dddddddd', author: { ...former, display_name: 'Former member' } }),
          ],
        }),
      },
    });
    await mount();
    const items = await screen.findAllByTestId('discussion-comment');
    expect(items.map((item) => within(item).getByTestId('comment-author').textContent)).toEqual([
      'Otto Left',
      'Former member',
    ]);
    expect(within(items[0] as HTMLElement).getByTestId('comment-role').textContent).toBe('Former member');
    expect(within(items[1] as HTMLElement).queryByTestId('comment-role')).toBeNull();
  });

  it('writes a reviewer a chair mentions by name into the text as "Reviewer N", which the other reviewers read', async () => {
    const api = stubApi({
      [`GET ${THREAD}`]: {
        status: 200,
        body: thread({
          mentionable: [
            { public_id: '4-gggggggg', display_name: 'Sylvia Earle', role: 'reviewer', reviewer_ordinal: 1 },
          ],
          abilities: { comment: true, flag: true },
        }),
      },
      [`POST ${THREAD}`]: { status: 201, body: comment({ id: '4-dddddddd' }) },
    });
    const { user } = await mount();
    await user.click(await screen.findByTestId('composer-mention'));
    await user.click(await screen.findByRole('option', { name: 'Sylvia Earle (Reviewer 1)', hidden: true }));
    expect((screen.getByTestId('composer-body') as HTMLTextAreaElement).value).toBe('@Reviewer 1 ');
    expect(screen.getByTestId('composer-mentions').textContent).toContain('@Sylvia Earle');
    await user.click(screen.getByTestId('composer-post'));
    await waitFor(() => expect(api.sent('POST', THREAD)).toHaveLength(1));
    expect(api.sent('POST', THREAD)[0]?.body).toEqual({ body: '@Reviewer 1 ', mentions: ['4-gggggggg'] });
  });

  it("shows the server's refusal of a mention under the text", async () => {
    stubApi({
      [`GET ${THREAD}`]: { status: 200, body: thread() },
      [`POST ${THREAD}`]: {
        status: 400,
        body: {
          detail: 'Invalid input.',
          code: 'VALIDATION_ERROR',
          message_code: 'discussion.mentionUnknown',
          fields: { mentions: ['You can mention only members who may read this discussion.'] },
          field_codes: { mentions: ['discussion.mentionUnknown'] },
        },
      },
    });
    const { user } = await mount();
    await user.type(await screen.findByTestId('composer-body'), 'Hello');
    await user.click(screen.getByTestId('composer-post'));
    expect(await screen.findByText('You can mention only members who may read this discussion.')).toBeTruthy();
  });

  it('edits the reader’s own comment, and deletes one after a confirm', async () => {
    const api = stubApi({
      [`GET ${THREAD}`]: { status: 200, body: thread() },
      'PATCH discussion/3-dddddddd/': { status: 200, body: comment({ id: '3-dddddddd', body: 'Better words.' }) },
      'DELETE discussion/1-dddddddd/': { status: 204 },
    });
    const { user } = await mount();
    const items = await screen.findAllByTestId('discussion-comment');
    await user.click(within(items[2] as HTMLElement).getByTestId('comment-edit'));
    const field = screen.getByTestId('comment-edit-body');
    await user.clear(field);
    await user.type(field, 'Better words.');
    await user.click(screen.getByTestId('comment-save'));
    await waitFor(() => expect(api.sent('PATCH', 'discussion/3-dddddddd/')).toHaveLength(1));
    expect(api.sent('PATCH', 'discussion/3-dddddddd/')[0]?.body).toEqual({ body: 'Better words.' });

    await user.click(within(items[0] as HTMLElement).getByTestId('comment-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(api.sent('DELETE', 'discussion/1-dddddddd/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent('DELETE', 'discussion/1-dddddddd/')).toHaveLength(1));
  });

  it('tells the writer when the edit window has closed (409)', async () => {
    stubApi({
      [`GET ${THREAD}`]: { status: 200, body: thread() },
      'PATCH discussion/3-dddddddd/': {
        status: 409,
        body: {
          detail: 'A comment can be edited for 15 minutes after it is written; this one can no longer be changed.',
          code: 'EDIT_WINDOW_CLOSED',
          message_code: 'discussion.editWindowClosed',
          params: { minutes: 15 },
        },
      },
    });
    const { user } = await mount();
    const items = await screen.findAllByTestId('discussion-comment');
    await user.click(within(items[2] as HTMLElement).getByTestId('comment-edit'));
    await user.type(screen.getByTestId('comment-edit-body'), '!');
    await user.click(screen.getByTestId('comment-save'));
    expect(
      await screen.findByText(
        'A comment can be edited for 15 minutes after it is written; this one can no longer be changed.',
      ),
    ).toBeTruthy();
  });

  it('lets a chair flag the paper for discussion', async () => {
    const api = stubApi({
      [`GET ${THREAD}`]: [
        { status: 200, body: thread({ abilities: { comment: true, flag: true } }) },
        { status: 200, body: thread({ abilities: { comment: true, flag: true }, needs_discussion: true }) },
      ],
      [`PUT ${THREAD}flag/`]: { status: 200, body: { submission_id: PAPER, needs_discussion: true } },
    });
    const { user } = await mount();
    const toggle = (await screen.findByTestId('discussion-flag')) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(api.sent('PUT', `${THREAD}flag/`)).toHaveLength(1));
    expect(api.sent('PUT', `${THREAD}flag/`)[0]?.body).toEqual({ needs_discussion: true });
    await waitFor(() => expect((screen.getByTestId('discussion-flag') as HTMLInputElement).checked).toBe(true));
  });

  it('shows nothing to those the thread is hidden from (404), and a notice before the reviewer’s own review (403)', async () => {
    stubApi({
      [`GET ${THREAD}`]: {
        status: 404,
        body: { detail: 'Not found.', code: 'NOT_FOUND', message_code: 'submissions.notFound' },
      },
    });
    const hidden = await mount();
    await waitFor(() => expect(screen.queryByTestId('discussion-loading')).toBeNull());
    expect(screen.queryByTestId('discussion-panel')).toBeNull();
    expect(screen.queryByTestId('discussion-load-failure')).toBeNull();
    hidden.unmount();

    stubApi({
      [`GET ${THREAD}`]: {
        status: 403,
        body: {
          detail: 'The discussion of this paper opens to you once you have submitted your review.',
          code: 'DISCUSSION_AFTER_OWN_REVIEW',
          message_code: 'discussion.opensAfterReview',
        },
      },
    });
    await mount('ar');
    const notice = await screen.findByTestId('discussion-after-review');
    expect(notice.textContent).toContain('تتاح لك مناقشة هذه الورقة بعد أن ترسل مراجعتك.');
  });

  it('brings the thread into view when the page is opened at #discussion (a mention mail, the dashboard)', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    stubApi({ [`GET ${THREAD}`]: { status: 200, body: thread() } });
    await mountScreen(<DiscussionPanel submissionId={PAPER} />, { url: '/paper#discussion', path: '/paper' });
    await screen.findByTestId('discussion-panel');
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('discussion'));
  });

  it('names a reviewer "Reviewer N" in Arabic', async () => {
    stubApi({ [`GET ${THREAD}`]: { status: 200, body: thread() } });
    await mount('ar');
    const items = await screen.findAllByTestId('discussion-comment');
    expect(within(items[1] as HTMLElement).getByTestId('comment-author').textContent).toBe('المحكّم 2');
    expect(within(items[2] as HTMLElement).getByTestId('comment-author').textContent).toBe('أنت');
  });
});
