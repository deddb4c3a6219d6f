import { expect, type Page, request, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { postJson, registerUser, signInAsAdmin, snapshot, strongPassword, uniqueEmail } from './support/accounts.ts';
import { APP_URL, MAIL_SINK_URL } from './support/env.ts';
import { waitForMail } from './support/mail.ts';

/** The toast region of Mantine's notifications. */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Makes the mail sink refuse an address for good (550 to RCPT TO), or accept it again. */
async function refuseMailTo(address: string, refuse: boolean) {
  const response = await fetch(`${MAIL_SINK_URL}/rejections?to=${encodeURIComponent(address)}`, {
    method: refuse ? 'POST' : 'DELETE',
  });
  expect(response.ok).toBeTruthy();
}

/** Registers an account with this address, which queues its confirmation mail. */
async function registerAs(email: string) {
  const api = await request.newContext({ baseURL: APP_URL });
  try {
    const password = strongPassword();
    await postJson(
      api,
      '/api/auth/register/',
      {
        email,
        password,
        password2: password,
        first_name: 'Bounce',
        last_name: 'Tester',
        country: 'FR',
        affiliation: 'Institut Pasteur',
      },
      201,
    );
  } finally {
    await api.dispose();
  }
}

const row = (page: Page, recipient: string) =>
  page.locator(`[data-testid="outbox-row"][data-recipient="${recipient}"]`);

/** Reloads the outbox until the mail to `recipient` shows `status` (the worker delivers within seconds). */
async function expectMailStatus(page: Page, recipient: string, status: 'queued' | 'sent' | 'failed') {
  await expect(async () => {
    await page.reload();
    await expect(row(page, recipient)).toHaveAttribute('data-status', status, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('the mail outbox', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin sees a sent mail, retries a failed one, and retries every failed mail', async ({ page }) => {
    const delivered = await registerUser({ prefix: 'outbox-sent', verify: false });
    await waitForMail(delivered.email, { subject: /confirm your e-mail/i });
    const refused = uniqueEmail('outbox-refused');
    await refuseMailTo(refused, true);
    await registerAs(refused);

    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Mail outbox' }).click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();

    // The delivered confirmation mail: sent, once, nothing to retry.
    const sent = row(page, delivered.email);
    await expect(sent).toHaveAttribute('data-status', 'sent');
    await expect(sent.getByTestId('outbox-status')).toHaveText('Sent');
    await expect(sent).toContainText('E-mail confirmation');
    await expect(sent.getByTestId('outbox-retry')).toHaveCount(0);
    await expectAccessible(page, '/admin/outbox (en)');

    // The refused one fails at once (550), with the server's answer.
    await expectMailStatus(page, refused, 'failed');
    const failed = row(page, refused);
    await expect(failed.getByTestId('outbox-error')).toContainText('550 No such user here');
    await expect(failed.getByTestId('outbox-attempts')).toHaveText('1');

    // The status filter is kept in the address.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/outbox\?status=failed$/);
    await expect(row(page, delivered.email)).toHaveCount(0);
    await expect(row(page, refused)).toBeVisible();
    await expectAccessible(page, '/admin/outbox?status=failed (en)');
    await snapshot(page, 'outbox-failed');

    // The address is fixed; a retry delivers the mail.
    await refuseMailTo(refused, false);
    await row(page, refused)
      .getByRole('button', { name: `Retry the mail to ${refused} now` })
      .click();
    await expect(toast(page, `The mail to ${refused} is queued again`)).toBeVisible();
    await waitForMail(refused, { subject: /confirm your e-mail/i });
    await page.goto('/admin/outbox?status=sent');
    await expectMailStatus(page, refused, 'sent');
    await expect(row(page, refused).getByTestId('outbox-attempts')).toHaveText('2');

    // "Retry all failed", after a confirmation.
    const second = uniqueEmail('outbox-refused');
    await refuseMailTo(second, true);
    await registerAs(second);
    await page.goto('/admin/outbox?status=failed');
    await expectMailStatus(page, second, 'failed');
    await refuseMailTo(second, false);
    await page.getByTestId('outbox-retry-all').click();
    await expect(page.getByTestId('outbox-retry-all-confirm')).toContainText('will be tried again now');
    await expectAccessible(page, 'retry all failed dialog (en)');
    await page.getByRole('button', { name: 'Retry them' }).click();
    await expect(toast(page, /queued again/)).toBeVisible();
    await waitForMail(second, { subject: /confirm your e-mail/i });
    await page.goto('/admin/outbox?status=sent');
    await expectMailStatus(page, second, 'sent');
  });
});
