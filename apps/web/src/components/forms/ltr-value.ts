import { USER_INPUT_CLASS_NAMES } from '../data/UserText.tsx';

/**
 * `classNames` for an e-mail or URL input: addresses are written left to right, so the value (and its placeholder)
 * takes its direction from its own text — "https://" is not shown as "//:https" in a right-to-left form — while
 * the field keeps the page's layout. The same rule as any user text in an input.
 */
export const LTR_VALUE_CLASS_NAMES = USER_INPUT_CLASS_NAMES;
