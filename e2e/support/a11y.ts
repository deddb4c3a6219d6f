import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 success criteria of levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail a journey; minor and moderate findings are left to review. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is now and fails on any serious or critical WCAG 2.1 A/AA violation, listing each
 * rule with its impact, a short summary and the selectors of the elements that break it. Call it once per screen,
 * after the screen has loaded; `label` names the screen in the failure message. It waits first for the page's finite
 * animations and transitions (a dialog fading in; a spinner's endless one does not count) to end: axe measures colours
 * as painted, and a half-faded button reads as a contrast failure it does not have.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking.map((violation) => {
    const targets = violation.nodes.map((node) => {
      const summary = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? '';
      return `    ${node.target.join(' ')}${summary ? ` (${summary})` : ''}`;
    });
    return `  ${violation.id} [${violation.impact}]: ${violation.help}\n${targets.join('\n')}`;
  });
  expect(report, `accessibility violations on ${label}`).toEqual([]);
}
