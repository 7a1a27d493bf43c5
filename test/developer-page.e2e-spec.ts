/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { BrowserContext, Page } from 'playwright-core';
import {
  answerConfirmation,
  describeInBrowser,
  expectNoSidewaysScroll,
  fieldError,
  goToSection,
  ServiceInBrowser,
  signedInSays,
  startServiceInBrowser,
} from './support/chromium';
import { recordSecret } from './support/secret-ledger';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';
import { uniqueTag } from './support/unique-tag';

/** The developer page in a real browser (Debian's Chromium driven by playwright-core). */
describeInBrowser('developer page in a real browser', () => {
  let tab: ServiceInBrowser;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let receiver: WebhookReceiver;
  const username = `browser_${uniqueTag()}`;

  const me = (key: string) => fetch(`${base}/v1/me`, { headers: { 'X-API-Key': key } });
  const status = () => page.getByRole('status');
  const keyRow = (label: string) => page.getByRole('row').filter({ hasText: label });

  beforeAll(async () => {
    // Webhooks may point at 127.0.0.1 here: the receiver the webhook test sends to.
    tab = await startServiceInBrowser({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, 'developer_page');
    ({ base, context, page, problems } = tab);
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await tab?.close();
    await receiver?.stop();
  });

  it('signs up, creates a key shown once, and revokes it after confirmation', async () => {
    await page.goto(`${base}/developers`);
    expect(await page.title()).toMatch(/Developer portal/);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(problems).toEqual([]);

    const signUp = page.getByRole('form', { name: 'Create an account' });
    await signUp.getByLabel('Email', { exact: true }).fill(`${username}@example.test`);
    await signUp.getByLabel('Username', { exact: true }).fill(username);
    await signUp.getByLabel('Name', { exact: true }).fill('Browser Test');
    await signUp.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    // Signed up, the page shows its keys first.
    await page.getByRole('heading', { name: 'Your API keys' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent?.includes('Account created'));
    expect(await page.locator('#who').textContent()).toBe(`Browser Test (${username}, ${username}@example.test)`);
    // Signed in, the sign-up and sign-in forms are gone (a `display` rule once overrode `hidden`).
    expect(await page.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Sign up', exact: true }).isVisible()).toBe(false);

    await page.getByLabel('Label', { exact: true }).fill('browser key');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const shown = page.getByTestId('new-key');
    await shown.waitFor({ state: 'visible' });
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^sk_live_[0-9a-f]{64}$/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-key-title');
    await expect(page.getByRole('button', { name: 'Copy key' }).isVisible()).resolves.toBe(true);

    const row = keyRow('browser key');
    await row.getByText(`sk_live_…${key.slice(-4)}`).waitFor();
    // A key created with the label alone holds every scope and list, from anywhere, for good.
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'browser key',
      `sk_live_…${key.slice(-4)}`,
      'Live',
      'ScopesAllListsAllExpiresNeverFromAnywhere',
      expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \S+$/),
      'Never',
      'active',
      'RollRevoke',
    ]);

    expect((await me(key)).status).toBe(200);

    // Dismissing the confirmation changes nothing: no revoke request leaves the page (requests
    // are seen in the order they are sent, so one from the dismissed click would come before
    // the accepted click's), and the key still works.
    const revokes: string[] = [];
    const countRevokes = (sent: { method(): string; url(): string }) => {
      if (sent.method() === 'POST' && /\/keys\/[^/]+\/revoke$/.test(new URL(sent.url()).pathname)) revokes.push(sent.url());
    };
    page.on('request', countRevokes);
    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    // The confirmation is the page's own dialog: the safe choice focused, the action styled as destructive.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await page.getByRole('dialog', { name: 'Revoke key' }).getByRole('button', { name: 'Revoke key' }).getAttribute('class')).toBe(
      'danger',
    );
    await answerConfirmation(page, 'Revoke key', 'Cancel');
    expect((await me(key)).status).toBe(200);

    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    const confirmation = await answerConfirmation(page, 'Revoke key', 'Revoke key');
    await row.getByRole('cell', { name: 'revoked', exact: true }).waitFor();
    page.off('request', countRevokes);
    expect(revokes).toHaveLength(1);
    expect(confirmation).toMatch(/^Revoke the key "browser key"/);
    expect(await row.getByRole('button', { name: 'Revoke' }).count()).toBe(0);

    // The key is refused once revoked (within the contract's 1 s across instances; here, one
    // instance, at once): waited for as an event with a bound, not timed.
    await waitFor(async () => (await me(key)).status === 401, { what: 'the revoked key to be refused' });
    expect(problems).toEqual([]);
  });

  it('signs out and back in with the keyboard alone; the key is never shown again', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.waitFor();
    await page.getByRole('heading', { name: 'Your account' }).waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent === 'Signed out.');
    expect(await page.getByTestId('new-key').isVisible()).toBe(false);
    expect(await page.getByTestId('new-key').textContent()).toBe('');
    expect(await page.getByRole('button', { name: 'Sign out', exact: true }).isVisible()).toBe(false);

    // The session cookie is HttpOnly: scripts on the page never see it.
    expect(await page.evaluate(() => document.cookie)).toBe('');

    const login = signIn.getByLabel('Login', { exact: true });
    await login.focus();
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signin-password');
    await page.keyboard.type('a long enough password');
    await page.keyboard.press('Enter');

    await signedInSays(page);
    await keyRow('browser key').getByRole('cell', { name: 'revoked', exact: true }).waitFor();
    expect(await page.getByTestId('new-key').isVisible()).toBe(false);
    expect(await page.getByTestId('new-key').textContent()).toBe('');
    expect(problems).toEqual([]);
  });

  it('shows a wrong password beside the field, marked invalid, without signing in', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Login', { exact: true }).fill('nobody_here');
    await signIn.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const password = signIn.getByLabel('Password', { exact: true });
    await page.waitForFunction(() => document.getElementById('signin-password')?.getAttribute('aria-invalid') === 'true');
    expect(await fieldError(password)).toBe('Invalid login or password');
    expect(await fieldError(signIn.getByLabel('Login', { exact: true }))).toBe('Invalid login or password');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signin-password');
    expect(await page.getByRole('heading', { name: 'Your account' }).isVisible()).toBe(false);
    expect(await status().textContent()).toBe('');
    expect(await page.getByRole('alert').textContent()).toBe('');
  });

  it('shows a taken email and a taken username beside their fields, and clears them on the next try', async () => {
    const signUp = page.getByRole('form', { name: 'Create an account' });
    const email = signUp.getByLabel('Email', { exact: true });
    const user = signUp.getByLabel('Username', { exact: true });
    await email.fill(`${username}@EXAMPLE.test`);
    await user.fill(`${username}_2`);
    await signUp.getByLabel('Name', { exact: true }).fill('Second Browser');
    await signUp.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('signup-email')?.getAttribute('aria-invalid') === 'true');
    expect(await fieldError(email)).toBe('An account with this email already exists');
    expect(await user.getAttribute('aria-invalid')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signup-email');
    expect(await page.getByRole('alert').textContent()).toBe('');

    await email.fill(`${username}_2@example.test`);
    await user.fill(username);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('signup-username')?.getAttribute('aria-invalid') === 'true');
    expect(await fieldError(user)).toBe('This username is already taken');
    // The earlier error is gone, and the username keeps its hint as a description.
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await email.getAttribute('aria-describedby')).toBeNull();
    expect(await user.getAttribute('aria-describedby')).toBe('signup-username-error username-hint');
  });

  it('fits a 390 px phone screen signed in, and the copy buttons copy the key and a curl line that works', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.setViewportSize({ width: 390, height: 844 });
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Login', { exact: true }).fill(username);
    await signIn.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signedInSays(page);
    await page.getByLabel('Label', { exact: true }).fill('phone key with a rather long label to wrap');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const shown = page.getByTestId('new-key');
    await shown.waitFor({ state: 'visible' });
    const key = (await shown.textContent())!.trim();
    const row = keyRow('phone key with a rather long label');
    await row.getByRole('button', { name: 'Revoke', exact: true }).waitFor();

    await expectNoSidewaysScroll(page);
    for (const control of [row.getByRole('button', { name: 'Revoke', exact: true }), page.getByRole('button', { name: 'Copy command' })]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }

    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent === 'Key copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    await page.getByRole('button', { name: 'Copy command' }).click();
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent === 'Command copied to the clipboard.');
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toBe(`curl -s ${base}/v1/me -H 'X-API-Key: ${key}'`);
    // Run as a shell would (asynchronously: the service answering it runs in this process).
    const answer = JSON.parse((await promisify(execFile)('sh', ['-c', command], { encoding: 'utf8' })).stdout);
    expect(answer).toMatchObject({ data: { username, scopes: expect.arrayContaining(['profile:read']) }, error: null });

    // The next steps point at the reference.
    expect(
      await page.getByRole('region', { name: 'What to do next' }).getByRole('link', { name: 'API reference' }).getAttribute('href'),
    ).toBe('/docs');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('adds a webhook shown with its secret once, sends a signed test, retries a failed delivery and deletes the endpoint', async () => {
    const path = `/browser-${randomBytes(4).toString('hex')}`;
    const url = receiver.url(path);
    await goToSection(page, 'Webhooks');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByText('No webhooks yet.').waitFor();

    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByLabel('Endpoint URL', { exact: true }).fill(url);
    // The API's 400 is shown beside the field it concerns (webhook.test is sent, never subscribed to).
    const types = form.getByLabel('Event types', { exact: true });
    await types.fill('item.added, webhook.test');
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('webhook-types')?.getAttribute('aria-invalid') === 'true');
    expect(await fieldError(types)).toMatch(/^Each value in types must be one of: .*item\.added/);
    expect(await section.getByText('No webhooks yet.').isVisible()).toBe(true);
    // That refused request is the only console error expected from here on.
    const problemsBefore = problems.length;

    await types.fill('item.added, item.completed');
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    const shown = page.getByTestId('new-secret');
    await shown.waitFor({ state: 'visible' });
    const secret = (await shown.textContent())!.trim();
    recordSecret('webhook secret', secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-secret-title');
    expect(await section.getByText('it is shown only this once and will not be shown again').count()).toBe(1);
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent?.includes('shown only this once'));

    // Listed without its secret, in the table and in what the page fetched.
    const row = page.getByRole('row').filter({ hasText: url });
    await row.getByRole('button', { name: 'Send test', exact: true }).waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(0, 3)).toEqual([url, 'item.added, item.completed', 'active']);
    expect(await types.getAttribute('aria-invalid')).toBeNull();
    expect(await row.textContent()).not.toContain(secret);
    const listing = await page.evaluate(() => fetch('/developers/api/webhooks').then((res) => res.text()));
    expect(listing).toContain(url);
    expect(listing).not.toContain(secret);

    // A test delivery really arrives, signed with the secret the page showed.
    await row.getByRole('button', { name: 'Send test', exact: true }).click();
    const deliveries = page.getByTestId('deliveries-body').getByRole('row');
    const newest = deliveries.first();
    /** Refreshes the deliveries panel until the newest delivery's cells match. */
    const refreshUntil = (what: string, wanted: (cells: string[]) => boolean) =>
      waitFor(
        async () => {
          await page.getByRole('button', { name: 'Refresh', exact: true }).click();
          await page.locator('#refresh-deliveries:enabled').waitFor();
          if ((await deliveries.count()) === 0) return null;
          const cells = await newest.getByRole('cell').allTextContents();
          return wanted(cells) ? cells : null;
        },
        { what, timeoutMs: 10_000, intervalMs: 100 },
      );
    const delivered = await refreshUntil('the test delivery to show succeeded with 200', (c) => c[1] === 'succeeded');
    expect(delivered.slice(0, 6)).toEqual(['webhook.test', 'succeeded', '1', '200', '\u2014', '\u2014']);
    expect(await deliveries.count()).toBe(1);
    expect(receiver.at(path)).toHaveLength(1);
    expect(WebhookReceiver.verifyAsSent(secret, receiver.at(path)[0])).toMatchObject({ type: 'webhook.test' });

    // The receiver fails once (asking for an hour's wait, so only Retry sends it again), then takes it.
    receiver.on(path, { status: 503, headers: { 'Retry-After': '3600' } }, { status: 200 });
    await row.getByRole('button', { name: 'Send test', exact: true }).click();
    const failed = await refreshUntil('the second test delivery to show its 503', (c) => c[3] === '503');
    expect(failed.slice(0, 4)).toEqual(['webhook.test', 'pending', '1', '503']);
    expect(failed[5]).not.toBe('\u2014');
    expect(await deliveries.count()).toBe(2);
    expect(receiver.at(path)).toHaveLength(2);

    await newest.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent?.includes('queued again'));
    const retried = await refreshUntil('the retried delivery to show succeeded with 200', (c) => c[1] === 'succeeded');
    expect(retried.slice(0, 6)).toEqual(['webhook.test', 'succeeded', '2', '200', '\u2014', '\u2014']);
    expect(receiver.at(path)).toHaveLength(3);
    expect(WebhookReceiver.verifyAsSent(secret, receiver.at(path)[2])).toMatchObject({ type: 'webhook.test' });

    // Rotating shows a new secret once; the old one keeps signing beside it.
    await row.getByRole('button', { name: 'Rotate secret', exact: true }).click();
    await answerConfirmation(page, 'Rotate secret', 'Rotate secret');
    await page.waitForFunction((old) => {
      const text = document.getElementById('new-secret')?.textContent ?? '';
      return text !== '' && text !== old;
    }, secret);
    const rotated = (await shown.textContent())!.trim();
    recordSecret('webhook secret', rotated);
    expect(rotated).toMatch(/^whsec_/);

    // Deleting asks first; cancelled, nothing changes.
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await answerConfirmation(page, 'Delete webhook', 'Cancel');
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmation = await answerConfirmation(page, 'Delete webhook', 'Delete webhook');
    await section.getByText('No webhooks yet.').waitFor();
    expect(confirmation).toBe(`Delete the webhook for ${url}? Nothing more is sent to it, and its deliveries are deleted.`);
    expect(await row.count()).toBe(0);
    expect(await page.getByTestId('deliveries-body').isVisible()).toBe(false);
    expect(await shown.isVisible()).toBe(false);
    expect(problems.slice(problemsBefore)).toEqual([]);
  });
});
