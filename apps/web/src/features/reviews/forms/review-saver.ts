import { isStaleReviewError } from '../review-display.ts';

/*
 * The saves of one review editor, one at a time (an autosave and a click never race each other), each sent with
 * the version the last save answered. When the server says the review changed elsewhere (409 STALE_REVIEW: a
 * second tab saved first), the saver stops: nothing more is sent until the page reloads the review.
 */

export type ReviewSaver<Result extends { version?: number }> = {
  /** The version the next save sends. */
  readonly version: number | undefined;
  /** Whether a save lost to a newer version; later saves are refused until reloaded. */
  readonly stale: boolean;
  /** Runs a save after the ones already under way, with the current version; rejects with the save's error. */
  save: (send: (version: number | undefined) => Promise<Result>) => Promise<Result>;
};

export class StaleReviewBlocked extends Error {
  constructor() {
    super('The review changed elsewhere; reload it before saving again.');
    this.name = 'StaleReviewBlocked';
  }
}

export function createReviewSaver<Result extends { version?: number }>(
  initialVersion: number | undefined,
  onStale?: () => void,
): ReviewSaver<Result> {
  let version = initialVersion;
  let stale = false;
  let chain: Promise<unknown> = Promise.resolve();

  const run = async (send: (version: number | undefined) => Promise<Result>): Promise<Result> => {
    if (stale) throw new StaleReviewBlocked();
    try {
      const result = await send(version);
      if (typeof result.version === 'number') version = result.version;
      return result;
    } catch (error) {
      if (isStaleReviewError(error)) {
        stale = true;
        onStale?.();
      }
      throw error;
    }
  };

  return {
    get version() {
      return version;
    },
    get stale() {
      return stale;
    },
    save(send) {
      const next = chain.then(
        () => run(send),
        () => run(send),
      );
      chain = next.catch(() => undefined);
      return next;
    },
  };
}
