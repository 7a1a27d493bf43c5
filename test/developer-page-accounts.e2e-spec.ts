/// <reference lib="dom" />
import { Page } from 'playwright-core';
import {
  alertSays,
  describeInBrowser,
  expectNoSidewaysScroll,
  fieldError,
  goToSection,
  portalNav,
  serviceInBrowserForFile,
  signedInSays,
  signUpInPage,
  statusSays,
} from './support/chromium';
import { PortalClient } from './support/portal-client';
import { recordSecret } from './support/secret-ledger';
import { waitFor } from './support/wait-for';
import { uniqueTag } from './support/unique-tag';

const PASSWORD = 'a long enough password';

/** Accounts you can trust on the developer page (API.md section 12), with the development mailbox. */
describeInBrowser('developer page: verified email, password reset and change, the mailbox, in a real browser', () => {
  const tab = serviceInBrowserForFile({ MAIL_POLL_INTERVAL_MS: '50' }, 'developer_page_accounts', { publicOrigin: true });
  let base: string;
  let page: Page;
  beforeAll(() => ({ base, page } = tab));
  const username = `acct_${uniqueTag()}`;
  const email = `${username}@example.test`;

  const mailbox = () => page.getByRole('region', { name: 'Mailbox (development only)' });
  const banner = () => page.getByRole('region', { name: 'Verify your email address' });

  /**
   * Refreshes the mailbox until `count` messages to `to` with `subject` are listed, and answers
   * the link of the newest (its token recorded for the secrets scan).
   */
  async function mailedLink(to: string, subject: string, count = 1): Promise<string> {
    // Signed in, the mailbox is a section of its own.
    if ((await portalNav(page).isVisible()) && !(await mailbox().isVisible())) await goToSection(page, 'Mailbox');
    const messages = mailbox()
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: subject, exact: true }) })
      .filter({ hasText: `To ${to},` });
    await waitFor(
      async () => {
        await mailbox().getByRole('button', { name: 'Refresh mailbox', exact: true }).click();
        await page.locator('#refresh-mailbox:enabled').waitFor();
        return (await messages.count()) >= count;
      },
      { what: `${count} "${subject}" mail(s) to ${to} in the mailbox`, timeoutMs: 10_000, intervalMs: 100 },
    );
    const href = (await messages.first().getByRole('link').getAttribute('href'))!;
    recordSecret('mailed token', /#(?:verify|reset)=([A-Za-z0-9_-]+)$/.exec(href)![1]);
    return href;
  }

  it('asks a new account to verify its email; Resend mails a new link, and the link in the mailbox verifies it', async () => {
    await page.goto(`${base}/developers`);
    await mailbox().getByText('No mail yet.').waitFor();
    expect(await mailbox().getByRole('heading', { level: 2 }).textContent()).toBe('Mailbox (development only)');
    await signUpInPage(page, username, PASSWORD);

    await banner().waitFor();
    expect(await banner().getByText(email).count()).toBe(1);
    // The banner says where the mail is: a link to the mailbox, which refreshes itself until the message is there.
    await banner().getByRole('link', { name: 'development mailbox' }).click();
    await mailbox().waitFor();
    expect(new URL(page.url()).hash).toBe('#mailbox');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('mailbox-title');
    expect(await portalNav(page).getByRole('link', { name: 'Mailbox' }).getAttribute('aria-current')).toBe('page');
    await mailbox()
      .getByRole('article')
      .filter({ hasText: `To ${email},` })
      .first()
      .waitFor();
    await page.locator('#mailbox-waiting').waitFor({ state: 'hidden' });
    const first = await mailedLink(email, 'Confirm your email address');
    expect(first).toMatch(new RegExp(`^${base}/developers#verify=[A-Za-z0-9_-]{43}$`));

    await banner().getByRole('button', { name: 'Resend verification email', exact: true }).click();
    await statusSays(page, `A new verification link is on its way to ${email}.`);
    const second = await mailedLink(email, 'Confirm your email address', 2);
    expect(second).not.toBe(first);

    // The link, opened from the mailbox on this page: verified at once, and the token leaves the address bar.
    const problemsBefore = tab.problems.length;
    await mailbox().getByRole('link', { name: second }).click();
    await statusSays(page, `Your email address ${email} is verified.`);
    await banner().waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => window.location.href)).toBe(`${base}/developers`);
    expect(await page.evaluate(() => fetch('/developers/api/session').then((res) => res.json()))).toMatchObject({
      data: { user: { email, email_verified: true } },
    });

    // A link that was already used (or replaced) says so.
    await page.goto(first);
    await alertSays(page, 'This link is invalid, already used or expired');
    await signedInSays(page);
    expect(await banner().isVisible()).toBe(false);
    expect(tab.problems.slice(problemsBefore)).toEqual([expect.stringContaining('status of 400')]);
  });

  it('changes the password signed in: a wrong current password is said beside it; other sessions end, this one stays', async () => {
    const other = new PortalClient(base);
    expect((await other.post('login', { login: username, password: PASSWORD })).status).toBe(200);
    const problemsBefore = tab.problems.length;

    // The form opens from the keyboard (a disclosure).
    await goToSection(page, 'Account');
    await page.getByText('Change password', { exact: true }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Change password' });
    const current = form.getByLabel('Current password', { exact: true });
    await current.fill('not the password at all');
    await form.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Save new password', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('password-current')?.getAttribute('aria-invalid') === 'true');
    expect(await fieldError(current)).toBe('The current password is wrong');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password-current');
    expect((await other.get('session')).body.data.user).toMatchObject({ username });

    await current.fill(PASSWORD);
    await form.getByRole('button', { name: 'Save new password', exact: true }).click();
    await statusSays(page, 'Password changed. Your other sessions are signed out; this one stays.');
    expect(await form.isVisible()).toBe(false);
    expect((await other.get('session')).body.data.user).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(tab.problems.slice(problemsBefore)).toEqual([expect.stringContaining('status of 403')]);
  });

  it('resets a forgotten password from the mailed link, opened signed out: every session ends, the new password signs in', async () => {
    const other = new PortalClient(base);
    expect((await other.post('login', { login: username, password: 'a brand new passphrase' })).status).toBe(200);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    const problemsBefore = tab.problems.length;

    const toggle = page.getByRole('button', { name: 'Forgot password?', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const forgot = page.getByRole('form', { name: 'Reset your password' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('forgot-email');
    // An address without an account gets the same answer.
    await forgot.getByLabel('Email', { exact: true }).fill(`nobody_${username}@example.test`);
    await forgot.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await statusSays(page, 'If an account uses that address, a link to choose a new password is on its way.');
    await forgot.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await forgot.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await statusSays(page, 'If an account uses that address, a link to choose a new password is on its way.');
    const link = await mailedLink(email, 'Reset your password');
    expect(link).toMatch(new RegExp(`^${base}/developers#reset=[A-Za-z0-9_-]{43}$`));
    // The address without an account is told so, with a link to the page (the sentence's full stop left out of it).
    const noAccount = mailbox()
      .getByRole('article')
      .filter({ hasText: `To nobody_${username}@example.test,` });
    expect(await noAccount.getByRole('link').getAttribute('href')).toBe(`${base}/developers`);

    // Opened as from a mail client: a fresh load of the page with the link.
    await page.goto('about:blank');
    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reset-title');
    expect(await page.evaluate(() => window.location.href)).toBe(`${base}/developers`);
    await reset.getByLabel('New password', { exact: true }).fill('short');
    await reset.getByRole('button', { name: 'Set new password', exact: true }).click();
    // The browser's own check (minlength) stops it before any request.
    expect(await reset.getByLabel('New password', { exact: true }).evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(
      true,
    );
    await reset.getByLabel('New password', { exact: true }).fill('the third passphrase');
    await reset.getByRole('button', { name: 'Set new password', exact: true }).click();
    await statusSays(page, 'Your password is changed and your email address verified. Sign in with the new password.');
    expect(await reset.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signin-title');
    expect((await other.get('session')).body.data.user).toBeNull();

    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Login', { exact: true }).fill(username);
    await signIn.getByLabel('Password', { exact: true }).fill('the third passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signedInSays(page);
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  it('changes the email: unverified again until the link mailed to it is opened, signed out too; the new email signs in', async () => {
    const renamed = `${username}_new@example.test`;
    await goToSection(page, 'Account');
    await page.getByText('Change email', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Change email' });
    await form.getByLabel('New email', { exact: true }).fill(renamed);
    await form.getByLabel('Current password', { exact: true }).fill('the third passphrase');
    await form.getByRole('button', { name: 'Save new email', exact: true }).click();
    await statusSays(page, `Your email is now ${renamed}.`);
    await banner().getByText(renamed).waitFor();
    expect(await page.locator('#who').textContent()).toContain(renamed);

    const link = await mailedLink(renamed, 'Confirm your email address');

    // Opened signed out, as in another browser: it needs no session.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await page.goto('about:blank');
    await page.goto(link);
    await statusSays(page, `Your email address ${renamed} is verified.`);
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Login', { exact: true }).fill(renamed);
    await signIn.getByLabel('Password', { exact: true }).fill('the third passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signedInSays(page);
    expect(await banner().isVisible()).toBe(false);
  });

  it('fits 1280 px and 390 px with the banner, the forms and a mailbox of long addresses', async () => {
    const long = `${'a_rather_long_username_here'.slice(0, 26)}_${uniqueTag()}`.slice(0, 32);
    const fits = async () => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSidewaysScroll(page);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    };
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Forgot password?', exact: true }).click();
    await fits();
    await signUpInPage(page, long, PASSWORD);
    await banner().waitFor();
    await mailedLink(`${long}@example.test`, 'Confirm your email address');
    await fits();
    await goToSection(page, 'Account');
    for (const details of ['Change password', 'Change email']) await page.getByText(details, { exact: true }).click();
    await fits();
  });
});

describeInBrowser('developer page where mail is really sent: no mailbox', () => {
  // An SMTP server is configured (never reached here): the outbox is not served, as in production.
  const env = { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'todo@example.test' };
  const tab = serviceInBrowserForFile(env, 'developer_page_smtp', { publicOrigin: true });

  it('never shows the mailbox when its route answers 404', async () => {
    const { base } = tab;
    const answer = await fetch(`${base}/developers/api/dev/mailbox`);
    expect(answer.status).toBe(404);
    const { page } = tab;
    await page.goto(`${base}/developers`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await waitFor(() => tab.problems.length > 0, { what: 'the mailbox request to be answered' });
    expect(tab.problems).toEqual([expect.stringContaining('status of 404')]);
    expect(await page.locator('#mailbox').isVisible()).toBe(false);
    await signUpInPage(page, `smtp_${uniqueTag()}`, PASSWORD);
    expect(await page.locator('#mailbox').isVisible()).toBe(false);
    expect(await portalNav(page).getByRole('link', { name: 'Mailbox' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Verify your email address' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'development mailbox' }).isVisible()).toBe(false);
    // Asked once: signing up (which mails) does not ask again.
    expect(tab.problems).toHaveLength(1);
  });
});
