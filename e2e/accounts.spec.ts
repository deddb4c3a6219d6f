import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import {
  chooseOption,
  label,
  registerUser,
  signIn,
  signInAsAdmin,
  signOut,
  snapshot,
  strongPassword,
  uniqueEmail,
} from './support/accounts.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { linkIn, mailsTo, waitForMail } from './support/mail.ts';

/**
 * Account journeys: every mail goes through the mail sink's real SMTP exchange. Registration is rate limited (10 an
 * hour per address) and the whole suite shares one server, so these journeys register four accounts in all; how the
 * sign-up screen shows the server's refusals is in accounts-screens.spec.ts.
 */

test.describe.configure({ timeout: 90_000 });

test('sign up, verify the address from the mail, sign in, edit the profile, change the password, sign in again', async ({
  page,
}) => {
  const email = uniqueEmail('ada');
  const password = strongPassword();
  const newPassword = strongPassword();

  // Sign up: a mismatch is refused here and sends nothing.
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel(label('First name')).fill('Ada');
  await page.getByLabel(label('Last name')).fill('Lovelace');
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Affiliation')).fill('Analytical Engine Society');
  await chooseOption(page.getByRole('combobox', { name: 'Country' }), 'united king', 'United Kingdom');
  await page.getByLabel(label('Password')).fill(password);
  await page.getByLabel(label('Confirm password')).fill(`${password}x`);
  let registrations = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register/')) registrations += 1;
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('register-error')).toHaveText("The two password fields didn't match.");
  expect(registrations).toBe(0);

  // The show/hide toggle reveals what was typed.
  const passwordInput = page.getByLabel(label('Password'));
  await expect(passwordInput).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(passwordInput).toHaveAttribute('type', 'text');

  await page.getByLabel(label('Confirm password')).fill(password);
  await expectAccessible(page, '/register, filled (en)');
  await snapshot(page, 'en-register-filled');
  await page.getByRole('button', { name: 'Create account' }).click();
  const success = page.getByTestId('register-success');
  await expect(success).toContainText('Check your inbox');
  await expect(success).toContainText('Your account has been created.');
  await expect(success).toContainText('You can close this window now.');
  await expect(page.getByLabel(label('Email'))).toHaveCount(0);
  expect(registrations).toBe(1);

  // Before verifying, sign-in is refused with a way to get the mail again.
  await page.goto('/login');
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Password')).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toContainText('Please verify your e-mail address before signing in.');
  const mailsBefore = (await mailsTo(email)).length;
  await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(page.getByTestId('resend-result')).toHaveText(
    'A new verification link has been sent to your e-mail address.',
  );

  // The verification link from the (newest) mail signs nothing in: it verifies and leads to sign-in.
  const mail = await waitForMail(email, { subject: /Confirm your e-mail address/, skip: mailsBefore });
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-verified')).toHaveText(
    'Your e-mail address has been verified. You can now sign in.',
  );
  await snapshot(page, 'en-login-verified');

  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Password')).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Ada Lovelace');

  // Profile: view mode, then edit and save; the values persist after a reload.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-full-name')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByTestId('profile-country')).toHaveText('United Kingdom');
  await expect(page.getByTestId('profile-status')).toHaveText('Active');
  await expect(page.getByTestId('email-verified')).toHaveText('Verified');
  await expect(page.getByTestId('stat-reviews')).toHaveText('0');
  await expect(page.getByTestId('stat-member-since')).not.toHaveText('-');

  await page.getByTestId('profile-edit-toggle').click();
  await expect(page.getByLabel(label('Email'))).toHaveAttribute('readonly', '');
  await page.getByLabel(label('First name')).fill('Augusta Ada');
  await page.getByLabel(label('Affiliation')).fill('University of London');
  await page.getByLabel(label('Areas of expertise')).fill('mathematics, analytical engines, poetry');
  await expect(page.getByTestId('expertise-chips').locator('.mantine-Pill-root')).toHaveCount(3);
  await page.getByLabel(label('Website')).fill('https://ada.example.org');
  await chooseOption(page.getByRole('combobox', { name: 'Country' }), 'ireland', 'Ireland');

  // The biography counter: remaining characters, yellow under 100, red and blocking over 1000.
  const bio = page.getByLabel(label('Biography'));
  const counter = page.getByTestId('bio-counter');
  await bio.fill('x'.repeat(950));
  await expect(counter).toHaveText('50 characters remaining');
  await expect(counter).toHaveAttribute('data-state', 'warning');
  await bio.fill('x'.repeat(1003));
  await expect(counter).toHaveText('3 characters over the limit');
  await expect(counter).toHaveAttribute('data-state', 'over');
  await expect(page.getByText('The biography can be at most 1000 characters long.')).toBeVisible();
  await expect(page.getByTestId('profile-save')).toBeDisabled();
  await bio.fill('First programmer.\nWrote the notes on the Analytical Engine.');
  await expect(counter).toHaveAttribute('data-state', 'ok');
  await expectAccessible(page, '/profile, editing (en)');
  await snapshot(page, 'en-profile-edit');

  const saved = page.waitForRequest(
    (request) => request.url().endsWith('/api/users/profile/') && request.method() === 'PUT',
  );
  await page.getByTestId('profile-save').click();
  const body = (await saved).postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(
    ['affiliation', 'bio', 'country', 'expertise', 'first_name', 'last_name', 'website'].sort(),
  );
  expect(body.country).toBe('IE');
  await expect(page.getByRole('alert').filter({ hasText: 'Your profile has been updated.' })).toBeVisible();
  await expect(page.getByTestId('profile-edit-toggle')).toHaveText('Edit profile');

  await page.reload();
  await expect(page.getByTestId('profile-full-name')).toHaveText('Augusta Ada Lovelace');
  await expect(page.getByTestId('profile-affiliation')).toHaveText('University of London');
  await expect(page.getByTestId('profile-country')).toHaveText('Ireland');
  await expect(page.getByTestId('expertise-chips')).toContainText('analytical engines');
  await expect(page.getByTestId('profile-website').getByRole('link')).toHaveAttribute(
    'href',
    'https://ada.example.org',
  );
  await expect(page.getByTestId('profile-bio')).toContainText('Wrote the notes on the Analytical Engine.');
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Augusta Ada Lovelace');
  await snapshot(page, 'en-profile-view');

  // Change the password: all fields required, a mismatch refused, the wrong current password named.
  await page.getByTestId('change-password-toggle').click();
  const passwordForm = page.getByTestId('change-password-form');
  await expect(passwordForm).toBeVisible();
  // The form opens with an animation; on a loaded machine a first click may land before it settles, so the empty
  // submit is tried again until its refusal shows (submitting empty changes nothing).
  await expect(async () => {
    await passwordForm.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByTestId('password-error')).toHaveText('Please fill in all three password fields.', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 15_000 });
  await passwordForm.getByLabel(label('Current password')).fill('not-my-password');
  await passwordForm.getByLabel(label('New password')).fill(newPassword);
  await passwordForm.getByLabel(label('Confirm new password')).fill(`${newPassword}?`);
  await passwordForm.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByTestId('password-error')).toHaveText('New passwords do not match');
  await passwordForm.getByLabel(label('Confirm new password')).fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByTestId('password-error')).toHaveText('Current password is incorrect');
  // Messages disappear after 5 seconds.
  await expect(page.getByTestId('password-error')).toHaveCount(0, { timeout: 8_000 });
  await passwordForm.getByLabel(label('Current password')).fill(password);
  await passwordForm.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  await expect(page.getByTestId('change-password-form')).toHaveCount(0);
  await waitForMail(email, { subject: /password was changed/ });

  // This session stays signed in; signing out and in again needs the new password.
  await page.reload();
  await expect(page.getByTestId('profile-full-name')).toHaveText('Augusta Ada Lovelace');
  await signOut(page);
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Password')).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid e-mail or password.');
  await page.getByLabel(label('Password')).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Augusta Ada' })).toBeVisible();
});

test('forgot password: the reset link from the mail sets a new password, once', async ({ page }) => {
  const user = await registerUser({ prefix: 'reset', firstName: 'Rosalind', lastName: 'Franklin' });
  const newPassword = strongPassword();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(label('Email')).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-success')).toHaveText(
    'If an account exists for this address, a link to reset the password has been sent to it.',
  );

  const mail = await waitForMail(user.email, { subject: /Reset your Confero password/ });
  const link = linkIn(mail, '/reset-password/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await page.getByLabel(label('New password')).fill(newPassword);
  await page.getByLabel(label('Confirm new password')).fill(`${newPassword}!`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('reset-error')).toHaveText("The two password fields didn't match.");
  // A password the rules refuse is named by the server's rule, translated.
  await page.getByLabel(label('New password')).fill('12345678');
  await page.getByLabel(label('Confirm new password')).fill('12345678');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('reset-error')).toHaveText(/This password is (too common|entirely numeric)\./);

  await page.getByLabel(label('New password')).fill(newPassword);
  await page.getByLabel(label('Confirm new password')).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('reset-success')).toContainText(
    'Your password has been reset. You can now sign in with your new password.',
  );
  // Then the sign-in page, after 3 seconds.
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(/\/reset-password\//);
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await signIn(page, user.email, newPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rosalind' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByTestId('reset-invalid')).toContainText('This link is invalid or has expired.');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the admin suspends one user, who can no longer sign in, and deletes another, who leaves the list', async ({
  page,
}) => {
  const suspended = await registerUser({ prefix: 'suspend', firstName: 'Sam', lastName: 'Suspended' });
  const deleted = await registerUser({ prefix: 'delete', firstName: 'Dora', lastName: 'Deleted' });

  // Asked for while signed out, the page comes back after signing in.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(label('Email')).fill(ADMIN_EMAIL);
  await page.getByLabel(label('Password')).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
  await expect(page.getByTestId('user-count')).toHaveText(/^\d+ users$/);
  const table = page.getByTestId('users-table');
  await expect(table.locator('[data-email]')).not.toHaveCount(0);
  await expect(table.locator(`[data-email="${ADMIN_EMAIL}"]`)).toBeVisible();
  await snapshot(page, 'en-admin-users');

  // Suspend: search, edit, status → suspended.
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(suspended.email);
  const suspendedRow = table.locator(`[data-email="${suspended.email}"]`);
  await expect(table.locator('[data-email]')).toHaveCount(1);
  await expect(suspendedRow).toContainText('Sam Suspended');
  await expect(suspendedRow).toContainText('Verified');
  await expect(suspendedRow.getByTestId('user-status')).toHaveText('Active');
  await suspendedRow.getByRole('button', { name: `Edit ${suspended.email}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit user' });
  await expect(editDialog.getByLabel(label('Email'))).toHaveValue(suspended.email);
  await expect(editDialog.getByLabel(label('Email'))).toHaveAttribute('readonly', '');
  await editDialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Suspended' }).click();
  await expectAccessible(page, 'edit user dialog (en)');
  await snapshot(page, 'en-admin-edit');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `The user ${suspended.email} has been updated.` }),
  ).toBeVisible();
  await expect(editDialog).toHaveCount(0);
  await expect(suspendedRow.getByTestId('user-status')).toHaveText('Suspended');

  // Delete: the dialog names the user and the address.
  await search.fill(deleted.email);
  const deletedRow = table.locator(`[data-email="${deleted.email}"]`);
  await expect(deletedRow).toBeVisible();
  await deletedRow.getByRole('button', { name: `Delete ${deleted.email}` }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete user' });
  await expect(deleteDialog.getByTestId('delete-warning')).toHaveText(
    `You are about to delete Dora Deleted (${deleted.email}).`,
  );
  await expectAccessible(page, 'delete user dialog (en)');
  await snapshot(page, 'en-admin-delete');
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `The user ${deleted.email} has been deleted.` }),
  ).toBeVisible();
  await expect(deletedRow).toHaveCount(0);
  await expect(page.getByTestId('users-empty')).toContainText('No users found');
  await search.fill('');
  await expect(table.locator(`[data-email="${deleted.email}"]`)).toHaveCount(0);
  await expect(table.locator(`[data-email="${suspended.email}"]`)).toBeVisible();

  // The admin cannot delete their own account: the refusal is translated.
  await search.fill(ADMIN_EMAIL);
  await table
    .locator(`[data-email="${ADMIN_EMAIL}"]`)
    .getByRole('button', { name: `Delete ${ADMIN_EMAIL}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /cannot delete your own account|last platform admin/ }),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Delete user' })).toHaveCount(0);
  await expect(table.locator(`[data-email="${ADMIN_EMAIL}"]`)).toBeVisible();

  await signOut(page);

  // The suspended user is told so; the deleted one is unknown.
  await page.getByLabel(label('Email')).fill(suspended.email);
  await page.getByLabel(label('Password')).fill(suspended.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText(
    'This account has been suspended. Please contact the administrators.',
  );
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(label('Email')).fill(deleted.email);
  await page.getByLabel(label('Password')).fill(deleted.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid e-mail or password.');
});

test('switching role changes the sidebar: the admin section goes with simple_user and comes back', async ({ page }) => {
  await signInAsAdmin(page);
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar.getByText('Administration')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'User management' })).toBeVisible();
  await expect(page.getByTestId('active-role-badge')).toHaveText('Admin');

  await sidebar.getByRole('link', { name: 'Switch role' }).click();
  await expect(page).toHaveURL(/\/roles$/);
  const adminCard = page.getByTestId('role-card-admin');
  const userCard = page.getByTestId('role-card-simple_user');
  await expect(adminCard).toContainText('Admin');
  await expect(adminCard).toContainText('Manage users and approve the events of the whole platform.');
  await expect(adminCard.getByTestId('current-role-badge')).toHaveText('Current role');
  await expect(userCard.getByTestId('current-role-badge')).toHaveCount(0);
  await snapshot(page, 'en-roles');

  // Choosing the active role does nothing.
  await adminCard.click();
  await expect(page.getByTestId('role-switching')).toHaveCount(0);

  await userCard.click();
  await expect(page.getByTestId('role-switching')).toBeVisible();
  await expect(page.getByTestId('role-switching')).toHaveCount(0);
  await expect(userCard.getByTestId('current-role-badge')).toBeVisible();
  await expect(page.getByTestId('active-role-badge')).toHaveText('Simple user');
  await expect(sidebar.getByText('Administration')).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'User management' })).toHaveCount(0);
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Switch role', 'Profile']);
  expect(await page.evaluate(() => window.localStorage.getItem('activeRole'))).toBe('simple_user');

  // The choice survives a reload.
  await page.reload();
  await expect(page.getByTestId('active-role-badge')).toHaveText('Simple user');
  await expect(sidebar.getByText('Administration')).toHaveCount(0);

  await page.getByTestId('role-card-admin').click();
  await expect(page.getByTestId('active-role-badge')).toHaveText('Admin');
  await expect(sidebar.getByRole('link', { name: 'User management' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Event management' })).toBeVisible();
});
