// @vitest-environment jsdom
import type { AreaChairCandidatesDto, AreaChairListDto, AreaChairSubmissionListDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { AreaChairPicker } from './components/AreaChairPicker.tsx';
import { AreaChairsCard } from './components/AreaChairsCard.tsx';
import { PapersIChairCard } from './components/PapersIChairCard.tsx';
import { PapersIChairScreen } from './components/PapersIChairScreen.tsx';
import { RevisitButton } from './components/RevisitButton.tsx';

/* Area chairs on the web: the committee's card, the paper's picker, the area chair's papers, the revisit dialog. */

const EVENT = '9-aaaaaaaa';

const list: AreaChairListDto = {
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      public_id: '4-bbbbbbbb',
      name: 'Ada Lovelace',
      email: 'ada@senior.edu',
      status: 'active',
      expertise: 'graphs',
      max_papers: 2,
      assigned: 2,
      completed_meta_reviews: 1,
    },
    {
      public_id: null,
      name: 'Fay Future',
      email: 'fay@future.edu',
      status: 'pending',
      expertise: '',
      max_papers: 5,
      assigned: 0,
      completed_meta_reviews: 0,
    },
  ],
};

describe('area chairs', { timeout: 30_000 }, () => {
  it('lists the area chairs with their loads, adds one by e-mail and removes one after confirming', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [`GET events/${EVENT}/area-chairs/`]: { status: 200, body: list },
      [`POST events/${EVENT}/add_area_chair/`]: { status: 201, body: { message: 'ok', area_chair: list.results[0] } },
      [`POST events/${EVENT}/remove_area_chair/`]: { status: 200, body: { message: 'ok' } },
    });
    await mountScreen(<AreaChairsCard eventId={EVENT} />, { url: '/c', path: '/c' });
    const rows = await screen.findAllByTestId('committee-area-chair');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId('committee-area-chair-load').textContent).toBe('2 of 2');

    await user.type(screen.getByLabelText('E-mail address'), 'new@ac.edu');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/add_area_chair/`)).toHaveLength(1));
    expect(api.sent('POST', `events/${EVENT}/add_area_chair/`)[0]?.body).toEqual({
      email: 'new@ac.edu',
      max_papers: 5,
    });

    await user.click(screen.getByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(await screen.findByText(/the 2 papers they chair will have no area chair/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/remove_area_chair/`)).toHaveLength(1));
    expect(api.sent('POST', `events/${EVENT}/remove_area_chair/`)[0]?.body).toEqual({ user_id: '4-bbbbbbbb' });

    // An invitation to an address without an account is withdrawn by its address.
    await user.click(screen.getByRole('button', { name: 'Remove Fay Future' }));
    expect(await screen.findByText('Fay Future will no longer be an area chair of this event.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.sent('POST', `events/${EVENT}/remove_area_chair/`)).toHaveLength(2));
    expect(api.sent('POST', `events/${EVENT}/remove_area_chair/`)[1]?.body).toEqual({ email: 'fay@future.edu' });
  });

  it("edits an area chair's expertise and maximum; a maximum below the papers they chair is refused and said", async () => {
    const user = userEvent.setup();
    const url = `events/${EVENT}/area-chairs/4-bbbbbbbb/`;
    const api = stubApi({
      [`GET events/${EVENT}/area-chairs/`]: { status: 200, body: list },
      [`PATCH ${url}`]: [
        {
          status: 409,
          body: {
            detail: 'Ada Lovelace already chairs 2 papers: their maximum cannot be lower than that (asked 1).',
            code: 'MAX_PAPERS_BELOW_LOAD',
            message_code: 'areaChairs.maxBelowLoad',
            params: { name: 'Ada Lovelace', load: 2, max: 1 },
          },
        },
        { status: 200, body: { message: 'ok', area_chair: { ...list.results[0], max_papers: 4 } } },
      ],
    });
    await mountScreen(<AreaChairsCard eventId={EVENT} />, { url: '/c', path: '/c' });
    await screen.findAllByTestId('committee-area-chair');
    // An invitation to an address without an account has no grant to edit yet.
    expect(screen.queryByRole('button', { name: 'Edit Fay Future' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const form = await screen.findByTestId('edit-area-chair-form');
    expect(within(form).getByText('They chair 2 papers: the maximum cannot be lower.')).toBeTruthy();
    const max = within(form).getByLabelText(/Max papers/);
    expect((max as HTMLInputElement).value).toBe('2');
    await user.clear(max);
    await user.type(max, '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/already chairs 2 papers: their maximum cannot be lower than that/)).toBeTruthy();
    expect(screen.getByTestId('edit-area-chair-form')).toBeTruthy();

    const expertise = within(form).getByLabelText('Expertise');
    await user.clear(expertise);
    await user.type(expertise, 'graph theory');
    await user.clear(max);
    await user.type(max, '4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH', url)).toHaveLength(2));
    expect(api.sent('PATCH', url).map((call) => call.body)).toEqual([
      { expertise: 'graphs', max_papers: 1 },
      { expertise: 'graph theory', max_papers: 4 },
    ]);
    expect(await screen.findByText('The area chair was updated.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('edit-area-chair-form')).toBeNull());
  });

  it('offers the edit in Arabic', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET events/${EVENT}/area-chairs/`]: { status: 200, body: list } });
    await mountScreen(<AreaChairsCard eventId={EVENT} />, { url: '/c', path: '/c', language: 'ar' });
    await screen.findAllByTestId('committee-area-chair');
    await user.click(screen.getByRole('button', { name: 'تعديل Ada Lovelace' }));
    const form = await screen.findByTestId('edit-area-chair-form');
    expect(within(form).getByText('يرأس ورقتين: لا يمكن أن يقل الحد الأقصى عن ذلك.')).toBeTruthy();
  });

  it("offers a paper's committee the area chairs with their loads, a conflicted one disabled with its reason", async () => {
    const user = userEvent.setup();
    const candidates: AreaChairCandidatesDto = {
      current: null,
      candidates: [
        {
          public_id: '4-bbbbbbbb',
          name: 'Ada Lovelace',
          email: 'ada@senior.edu',
          expertise: '',
          max_papers: 5,
          assigned: 1,
          conflict: null,
          is_current: false,
        },
        {
          public_id: '5-bbbbbbbb',
          name: 'Cleo Conflict',
          email: 'cleo@uni-a.edu',
          expertise: '',
          max_papers: 5,
          assigned: 0,
          conflict: 'Same e-mail domain',
          is_current: false,
        },
      ],
    };
    const api = stubApi({
      'GET submissions/7-cccccccc/area-chair-candidates/': { status: 200, body: candidates },
      'POST submissions/7-cccccccc/area-chair/': {
        status: 200,
        body: { message: 'ok', submission: { public_id: '7-cccccccc', title: 'P' }, area_chair: null },
      },
    });
    await mountScreen(<AreaChairPicker submissionId="7-cccccccc" />, { url: '/s', path: '/s', language: 'ar' });
    expect((await screen.findByTestId('area-chair-current')).textContent).toBe('ليس لهذه الورقة رئيس مجال بعد.');
    await user.click(screen.getByTestId('area-chair-select'));
    const conflicted = await screen.findByRole('option', { name: /Cleo Conflict/, hidden: true });
    expect(conflicted.getAttribute('aria-disabled') ?? conflicted.getAttribute('data-combobox-disabled')).toBeTruthy();
    expect(conflicted.textContent).toContain('تعارض مصالح: Same e-mail domain');
    await user.click(screen.getByRole('option', { name: /Ada Lovelace/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'تعيين رئيس المجال' }));
    await waitFor(() => expect(api.sent('POST', 'submissions/7-cccccccc/area-chair/')).toHaveLength(1));
    expect(api.sent('POST', 'submissions/7-cccccccc/area-chair/')[0]?.body).toEqual({ user_id: '4-bbbbbbbb' });
  });

  it('lists the papers an area chair leads with review progress and links to the discussion and meta-review', async () => {
    const page: AreaChairSubmissionListDto = {
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: 7,
          public_id: '7-cccccccc',
          title: 'Graphs for everyone',
          status: 'under_review',
          event: { id: 9, public_id: EVENT, title: 'ICML Test' },
          reviews_assigned: 3,
          reviews_completed: 2,
          meta_review_status: 'in_progress',
          needs_discussion: true,
          comment_count: 4,
        },
      ],
    };
    stubApi({ 'GET area-chair/submissions/': { status: 200, body: page } });
    await mountScreen(<PapersIChairScreen />, { url: '/area-chair', path: '/area-chair' });
    const row = await screen.findByTestId('chaired-paper');
    expect(within(row).getByTestId('chaired-paper-reviews').textContent).toBe('2 of 3 completed');
    expect(within(row).getByTestId('chaired-paper-meta-review').textContent).toBe('In progress');
    const hrefs = within(row)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/submissions/7-cccccccc',
      '/submissions/7-cccccccc#discussion',
      `/events/${EVENT}/submissions/7-cccccccc/meta-review`,
    ]);
  });

  it("counts an area chair's papers on their dashboard, and those waiting for a meta-review", async () => {
    const paper = (n: number, status: 'completed' | 'in_progress' | null) => ({
      id: n,
      public_id: `${n}-cccccccc`,
      title: `Paper ${n}`,
      status: 'under_review',
      event: { id: 9, public_id: EVENT, title: 'ICML Test' },
      reviews_assigned: 3,
      reviews_completed: 3,
      meta_review_status: status,
      needs_discussion: false,
      comment_count: 0,
    });
    stubApi({
      'GET area-chair/submissions/': {
        status: 200,
        body: {
          count: 3,
          next: null,
          previous: null,
          results: [paper(1, 'completed'), paper(2, null), paper(3, 'in_progress')],
        },
      },
    });
    await mountScreen(<PapersIChairCard />, { url: '/dashboard', path: '/dashboard' });
    expect((await screen.findByTestId('papers-i-chair-waiting')).textContent).toBe(
      '2 of your first papers wait for their meta-review.',
    );
    expect(screen.getByRole('link', { name: 'Open my papers' }).getAttribute('href')).toBe('/area-chair');
  });

  it('says when the area chair leads no paper yet', async () => {
    stubApi({
      'GET area-chair/submissions/': { status: 200, body: { count: 0, next: null, previous: null, results: [] } },
    });
    await mountScreen(<PapersIChairScreen />, { url: '/area-chair', path: '/area-chair', language: 'ar' });
    expect((await screen.findByTestId('papers-i-chair-empty')).textContent).toContain('لا أوراق بعد');
  });

  it('asks a reviewer to revisit with a message, refusing an empty one', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'POST reviews/5-dddddddd/revisit/': { status: 200, body: { message: 'ok' } } });
    await mountScreen(<RevisitButton reviewId="5-dddddddd" completed={false} />, { url: '/r', path: '/r' });
    await user.click(screen.getByRole('button', { name: 'Ask to revisit' }));
    expect(await screen.findByText(/asked to complete it/)).toBeTruthy();
    await user.click(screen.getByTestId('revisit-send'));
    expect(await screen.findByText('Write a message to the reviewer')).toBeTruthy();
    expect(api.sent('POST', 'reviews/5-dddddddd/revisit/')).toHaveLength(0);
    await user.type(screen.getByLabelText('Message to the reviewer'), 'Please weigh the response.');
    await user.click(screen.getByTestId('revisit-send'));
    await waitFor(() => expect(api.sent('POST', 'reviews/5-dddddddd/revisit/')).toHaveLength(1));
    expect(api.sent('POST', 'reviews/5-dddddddd/revisit/')[0]?.body).toEqual({ message: 'Please weigh the response.' });
  });
});
