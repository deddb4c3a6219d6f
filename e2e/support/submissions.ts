import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Submissions in the end-to-end journeys: a real paper from the shared data set, and small screen helpers. */

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * A real PDF whose local extraction is complete (title, abstract, five keywords, three authors each with e-mail,
 * affiliation and country): resolved from the repository root as ../shared/data/pdf-metadata/dev.
 */
export const PAPER_PDF = path.resolve(repoRoot, '../shared/data/pdf-metadata/dev/pmlr44_giannakis15.pdf');

/** What the extraction finds in PAPER_PDF. */
export const PAPER = {
  title: 'Spatiotemporal Feature Extraction with Data-Driven Koopman Operators',
  keywords: [
    'Feature extraction',
    'ergodic dynamical systems',
    'Koopman operators',
    'kernel methods',
    'spatiotemporal data',
  ],
  authors: [
    { name: 'Dimitrios Giannakis', email: 'dimitris@cims.nyu.edu' },
    { name: 'Joanna Slawinska', email: 'joanna.slawinska@envsci.rutgers.edu' },
    { name: 'Zhizhen Zhao', email: 'jzhao@cims.nyu.edu' },
  ],
} as const;

/** The SHA-256 of a file, as the receipt mail prints it. */
export function sha256Of(file: string | Buffer): string {
  return createHash('sha256')
    .update(typeof file === 'string' ? fs.readFileSync(file) : file)
    .digest('hex');
}

/**
 * The download name of a paper (spec §9): the title lower-cased, punctuation removed, spaces to underscores,
 * '.pdf' (the same rule as packages/contracts `downloadFileName`).
 */
export function expectedDownloadName(title: string): string {
  const base = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_]/gu, '')
    .trim()
    .replace(/\s+/g, '_');
  return base ? `${base}.pdf` : 'submission.pdf';
}

/** Switches the signed-in user's active role on the roles screen. */
export async function switchRole(page: Page, role: string) {
  await page.goto('/roles');
  const card = page.getByTestId(`role-card-${role}`);
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
}

/** The toast region of Mantine's notifications (a toast and a field can say the same thing). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
