/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserContext, chromium, Locator, Page } from 'playwright-core';
import { listen } from './portal-client';
import { recordSecret } from './secret-ledger';
import { freePort } from './service-process';
import { startTestApp, TestApp } from './test-app';

/** Debian's Chromium, which CI installs (.ci/run); the developer page's browser specs drive it. */
export const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);

/**
 * A describe block that runs in a real browser, or is skipped loudly (in the output, not
 * silently) on a machine without Chromium.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (!haveChromium) {
    process.stderr.write(
      `\n${'!'.repeat(78)}\n!! SKIPPED: chromium not installed (${CHROMIUM}); "${name}" did not run.\n` +
        `!! Install it with: apt-get install -y chromium\n${'!'.repeat(78)}\n\n`,
    );
    describe.skip(name, body);
  } else describe(name, body);
}

export interface BrowserTab {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught script errors (a script or style the CSP blocked shows up here). */
  problems: string[];
  close(): Promise<void>;
}

/** A headless Chromium with a fresh profile, and its one page. */
async function openBrowser(): Promise<BrowserTab> {
  const profile = await mkdtemp(join(tmpdir(), 'todo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
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
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    // Every console error counts, a 401 included: opening the page signed out must log none.
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the page's status line (role=status, aria-live) says something containing `text`. */
export const statusSays = (page: Page, text: string) =>
  page.waitForFunction((wanted) => document.querySelector('[role=status]')?.textContent?.includes(wanted), text);

/** Waits until the page's alert line (role=alert) says something containing `text`. */
export const alertSays = (page: Page, text: string) =>
  page.waitForFunction((wanted) => document.querySelector('[role=alert]')?.textContent?.includes(wanted), text);

/** The text of the error an input is described by (aria-describedby), if any. */
export const fieldError = async (input: Locator) =>
  input.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/);
    return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field-error'))?.textContent ?? null;
  });

/** Nothing on the page is wider than the viewport: no sideways scroll, at the page's current width. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const scrolls = document.documentElement.scrollWidth > viewport;
    // Which elements stick out, to say so when the page scrolls.
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // A visually hidden element (1 px, clipped) takes no room.
        return scrolls && box.width > 1 && box.right > viewport + 0.5;
      })
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}#${element.id}.${String(element.className)}`);
    return { page: document.documentElement.scrollWidth, viewport, wide };
  });
  expect(widths).toEqual({ page: widths.viewport, viewport: widths.viewport, wide: [] });
}

/** Signs up through the page's form; resolves once the page says the account is made. */
export async function signUpInPage(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Email', { exact: true }).fill(`${username}@example.test`);
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Name', { exact: true }).fill(`Browser ${username}`);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await signedInSays(page);
  await statusSays(page, 'Account created');
}

/** The developer page's sections, by the names of their links in its navigation. */
export type PortalSection = 'Keys' | 'Webhooks' | 'Events' | 'Logs' | 'Usage' | 'Account' | 'Mailbox';

const SECTION_HEADINGS: Record<PortalSection, string> = {
  Keys: 'Your API keys',
  Webhooks: 'Webhooks',
  Events: 'Events',
  Logs: 'Logs',
  Usage: 'Usage',
  Account: 'Your account',
  Mailbox: 'Mailbox (development only)',
};

/** The page's navigation (a landmark), shown once signed in. */
export const portalNav = (page: Page) => page.getByRole('navigation', { name: 'Developer portal' });

/** Resolves once the page shows the signed-in console (its navigation). */
export const signedInSays = (page: Page) => portalNav(page).waitFor();

/**
 * Opens a section with its link in the navigation, as a person would; resolves once its heading
 * is shown and has the focus, the link marked as the current page.
 */
export async function goToSection(page: Page, section: PortalSection): Promise<void> {
  await portalNav(page).getByRole('link', { name: section, exact: true }).click();
  const heading = page.getByRole('heading', { name: SECTION_HEADINGS[section], exact: true, level: 2 });
  await heading.waitFor();
  await page.waitForFunction((name) => document.querySelector(`#sections-nav a[aria-current="page"]`)?.textContent === name, section);
}

/** Answers the page's confirmation dialog (role dialog, named by its title) with `button`. */
export async function answerConfirmation(page: Page, title: string, button: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const text = (await dialog.locator('p').first().textContent()) ?? '';
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  return text;
}

/**
 * Creates a key through the page's form, with `label` and the form's other fields as they are;
 * resolves to the key the page shows once, when its row is in the key table.
 */
export async function createKeyInPage(page: Page, label: string): Promise<string> {
  if (!(await page.getByRole('form', { name: 'New API key' }).isVisible())) await goToSection(page, 'Keys');
  await page.getByRole('form', { name: 'New API key' }).getByLabel('Label', { exact: true }).fill(label);
  await page.getByRole('button', { name: 'Create key', exact: true }).click();
  await statusSays(page, `Key "${label}" created`);
  const key = (await page.getByTestId('new-key').textContent())!.trim();
  recordSecret('api key', key);
  await page.getByRole('row').filter({ hasText: label }).waitFor();
  return key;
}

export interface ServiceInBrowser extends BrowserTab {
  t: TestApp;
  /** The service's origin, `http://127.0.0.1:<port>`. */
  base: string;
}

/**
 * The service on a database of its own (`ownDatabase`), listening on a real port, and a
 * browser to drive its developer page. With `publicOrigin`, the port is chosen first and named
 * as PUBLIC_ORIGIN: mailed links then lead back to this service, and its same-origin check
 * accepts the page.
 */
export async function startServiceInBrowser(
  env: Record<string, string>,
  ownDatabase: string,
  options: { publicOrigin?: boolean } = {},
): Promise<ServiceInBrowser> {
  const port = options.publicOrigin ? await freePort() : undefined;
  const t = await startTestApp(port ? { ...env, PUBLIC_ORIGIN: `http://127.0.0.1:${port}` } : env, {}, { ownDatabase });
  if (port) await t.app.listen(port, '127.0.0.1');
  const base = await listen(t.app);
  const tab = await openBrowser();
  return {
    ...tab,
    t,
    base,
    close: async () => {
      await tab.close();
      await t.close();
    },
  };
}

/**
 * The set-up of a developer-page spec file: the service in a browser (startServiceInBrowser)
 * started before its tests and closed after them; with `signUp` ({ username, password }), the
 * page opened on /developers and that account signed up. The answer's fields are filled in
 * once the file's first beforeAll has run.
 */
export function serviceInBrowserForFile(
  env: Record<string, string>,
  ownDatabase: string,
  options: { publicOrigin?: boolean; signUp?: { username: string; password: string } } = {},
): ServiceInBrowser {
  const tab = {} as ServiceInBrowser;
  beforeAll(async () => {
    Object.assign(tab, await startServiceInBrowser(env, ownDatabase, options));
    if (!options.signUp) return;
    await tab.page.goto(`${tab.base}/developers`);
    await signUpInPage(tab.page, options.signUp.username, options.signUp.password);
  });
  afterAll(() => tab.close?.());
  return tab;
}
