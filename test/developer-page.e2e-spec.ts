/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BrowserContext, chromium, Locator, Page } from 'playwright-core';
import { listen } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  process.stderr.write(
    `\n${'!'.repeat(78)}\n!! SKIPPED: chromium not installed (${CHROMIUM}); the developer page's browser test did not run.\n` +
      `!! Install it with: apt-get install -y chromium\n${'!'.repeat(78)}\n\n`,
  );
}

/** The developer page in a real browser (Debian's Chromium driven by playwright-core). */
(haveChromium ? describe : describe.skip)('developer page in a real browser', () => {
  let t: TestApp;
  let base: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const username = `browser_${Date.now().toString(36)}`;

  const me = (key: string) => fetch(`${base}/v1/me`, { headers: { 'X-API-Key': key } });
  const status = () => page.getByRole('status');
  const keyRow = (label: string) => page.getByRole('row').filter({ hasText: label });
  /** The text of the error an input is described by (aria-describedby), if any. */
  const fieldError = async (input: Locator) =>
    input.evaluate((element) => {
      const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/);
      return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field-error'))?.textContent ?? null;
    });

  beforeAll(async () => {
    t = await startTestApp();
    base = await listen(t.app);
    profile = await mkdtemp(join(tmpdir(), 'todo-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(10_000);
    // A script or style blocked by the page's CSP, or any script error, shows up here.
    page.on('console', (message) => {
      // Every console error counts, a 401 included: opening the page signed out must log none.
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });
  afterAll(async () => {
    await context?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
    await t?.close();
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

    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent?.includes('Account created'));
    expect(await page.getByText(`${username}@example.test`).count()).toBe(1);
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
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'browser key',
      `sk_live_…${key.slice(-4)}`,
      'lists:read, lists:write, items:read, items:write, profile:read',
      expect.any(String),
      'Never',
      'active',
      'Revoke',
    ]);

    expect((await me(key)).status).toBe(200);

    // Dismissing the confirmation changes nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    await sleep(300);
    expect((await me(key)).status).toBe(200);

    const confirmations: string[] = [];
    page.once('dialog', (dialog) => {
      confirmations.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    await row.getByRole('cell', { name: 'revoked', exact: true }).waitFor();
    expect(confirmations).toEqual([expect.stringMatching(/^confirm: Revoke the key "browser key"/)]);
    expect(await row.getByRole('button', { name: 'Revoke' }).count()).toBe(0);

    const revokedAt = Date.now();
    let answer = 200;
    while (answer !== 401 && Date.now() - revokedAt <= 1000) {
      answer = (await me(key)).status;
      if (answer !== 401) await sleep(50);
    }
    expect(answer).toBe(401);
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

    await page.getByRole('heading', { name: 'Your account' }).waitFor();
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
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByLabel('Label', { exact: true }).fill('phone key with a rather long label to wrap');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const shown = page.getByTestId('new-key');
    await shown.waitFor({ state: 'visible' });
    const key = (await shown.textContent())!.trim();
    const row = keyRow('phone key with a rather long label');
    await row.getByRole('button', { name: 'Revoke', exact: true }).waitFor();

    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
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
});
