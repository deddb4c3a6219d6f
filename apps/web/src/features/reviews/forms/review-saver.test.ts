import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { createReviewSaver, StaleReviewBlocked } from './review-saver.ts';

const stale = () =>
  new ApiError({
    status: 409,
    code: 'STALE_REVIEW',
    detail: 'This review was changed elsewhere',
    body: { code: 'STALE_REVIEW', message_code: 'reviews.stale', current_version: 5 },
  });

describe('createReviewSaver (stale-version handling)', () => {
  it('sends the version last answered, one save after the other', async () => {
    const sent: (number | undefined)[] = [];
    const saver = createReviewSaver<{ version: number }>(2);
    const save = (version: number | undefined) => {
      sent.push(version);
      return new Promise<{ version: number }>((resolve) => setTimeout(() => resolve({ version: (version ?? 1) + 1 })));
    };
    // Two saves started together (an autosave and a click) still go in order, each with the newer version.
    const [first, second] = await Promise.all([saver.save(save), saver.save(save)]);
    expect(sent).toEqual([2, 3]);
    expect(first.version).toBe(3);
    expect(second.version).toBe(4);
    expect(saver.version).toBe(4);
    expect(saver.stale).toBe(false);
  });

  it('a 409 STALE_REVIEW marks the editor stale and blocks later saves until reload', async () => {
    let told = 0;
    const saver = createReviewSaver<{ version: number }>(1, () => {
      told += 1;
    });
    await expect(saver.save(() => Promise.reject(stale()))).rejects.toMatchObject({ code: 'STALE_REVIEW' });
    expect(saver.stale).toBe(true);
    expect(told).toBe(1);
    let called = false;
    await expect(
      saver.save(async () => {
        called = true;
        return { version: 9 };
      }),
    ).rejects.toBeInstanceOf(StaleReviewBlocked);
    expect(called).toBe(false);
    expect(saver.version).toBe(1);
  });

  it('other failures keep the editor usable', async () => {
    const saver = createReviewSaver<{ version: number }>(4);
    const failure = new ApiError({ status: 500, code: 'SERVER_ERROR', detail: 'boom' });
    await expect(saver.save(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(saver.stale).toBe(false);
    const result = await saver.save(async (version) => ({ version: (version ?? 0) + 1 }));
    expect(result.version).toBe(5);
  });
});
