/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { Page } from 'playwright-core';
import { BrowserTab, describeInBrowser, expectNoSidewaysScroll, openBrowser, signUpInPage, statusSays } from './support/chromium';
import { listen } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const PASSWORD = 'a long enough password';
/** Low, so that a test reaches a 429 in a few requests. */
const RATE_LIMIT = 20;

/** Restricted keys on the developer page (API.md section 9): creation, the key table, rolling, usage. */
describeInBrowser('developer page: restricted keys, in a real browser', () => {
  let t: TestApp;
  let base: string;
  let tab: BrowserTab;
  let page: Page;
  const username = `keys_${Date.now().toString(36)}`;

  const v1 = (key: string, path: string, init: RequestInit = {}) =>
    fetch(`${base}/v1/${path}`, { ...init, headers: { 'X-API-Key': key, 'Content-Type': 'application/json', ...init.headers } });
  const keyRow = (label: string) => page.getByRole('row').filter({ hasText: label });
  const keyForm = () => page.getByRole('form', { name: 'New API key' });

  /** Creates a key through the form as it is filled in, and answers the key the page shows once. */
  async function createKey(label: string): Promise<string> {
    await keyForm().getByLabel('Label', { exact: true }).fill(label);
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await statusSays(page, `Key "${label}" created`);
    const key = (await page.getByTestId('new-key').textContent())!.trim();
    await keyRow(label).waitFor();
    return key;
  }

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_MAX: String(RATE_LIMIT) }, {}, { ownDatabase: 'developer_page_keys' });
    base = await listen(t.app);
    tab = await openBrowser();
    page = tab.page;
    await page.goto(`${base}/developers`);
    await signUpInPage(page, username, PASSWORD);
  });
  afterAll(async () => {
    await tab?.close();
    await t?.close();
  });

  it("charts a key's requests of 30 days by outcome, with a text alternative and a table of the numbers", async () => {
    const key = await createKey('usage key');
    const row = keyRow('usage key');
    await row.getByText('No requests in the last 30 days.').waitFor();

    // 3 answered 200, 2 answered 404, then the rest of the window and 2 refused with 429.
    for (let i = 0; i < 3; i++) expect((await v1(key, 'me')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await v1(key, `lists/${randomUUID()}`)).status).toBe(404);
    for (let i = 5; i < RATE_LIMIT; i++) expect((await v1(key, 'me')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await v1(key, 'me')).status).toBe(429);

    await page.reload();
    const chart = row.getByRole('img');
    await chart.waitFor();
    const summary = `${RATE_LIMIT + 2} requests in the last 30 days: ${RATE_LIMIT - 2} succeeded (2xx), 2 refused (4xx), 2 rate-limited (429), 0 failed (5xx).`;
    // The chart's accessible name is the sentence that says what it shows.
    expect(await chart.getAttribute('aria-labelledby')).toMatch(/^usage-summary-/);
    await row.getByRole('img', { name: new RegExp(`^${summary.replace(/[().]/g, '\\$&')} Busiest day `) }).waitFor();

    // Today's bar is the last of 30, stacked from the bottom: 2xx, 4xx, 429 (no 5xx).
    const bars = await chart.evaluate((svg) =>
      Array.from(svg.querySelectorAll('g')).map((bar) => ({
        title: bar.querySelector('title')?.textContent,
        parts: Array.from(bar.querySelectorAll('rect')).map((rect) => ({
          outcome: rect.getAttribute('class'),
          x: Number(rect.getAttribute('x')),
          height: Number(rect.getAttribute('height')),
        })),
      })),
    );
    expect(bars).toHaveLength(1);
    expect(bars[0].title).toMatch(new RegExp(`: ${RATE_LIMIT - 2} 2xx, 2 4xx, 2 429, 0 5xx$`));
    expect(bars[0].parts.map((part) => part.outcome)).toEqual(['bar-2xx', 'bar-4xx', 'bar-429']);
    expect(bars[0].parts.every((part) => part.x === 29 * 5)).toBe(true);
    const [ok, refused, limited] = bars[0].parts.map((part) => part.height);
    expect(ok + refused + limited).toBeCloseTo(40);
    expect(ok / refused).toBeCloseTo((RATE_LIMIT - 2) / 2);

    // The numbers as a table, behind a disclosure opened from the keyboard.
    const numbers = row.getByText('Daily numbers');
    await numbers.focus();
    await page.keyboard.press('Enter');
    const table = row.getByRole('table', { name: /^Requests per day with the key "usage key"/ });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Day', '2xx', '4xx', '429', '5xx']);
    const days = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    expect(await days.count()).toBe(1);
    expect((await days.first().getByRole('cell').allTextContents()).slice(-4)).toEqual([String(RATE_LIMIT - 2), '2', '2', '0']);
    expect(tab.problems).toEqual([]);
  });

  it('fits 1280 px and 390 px with a long label and the usage chart, and the roll dialog fits a phone', async () => {
    const label = `${'A-very-long-label-without-spaces-'.repeat(2)}and then some words that wrap across lines`.slice(0, 100);
    await createKey(label);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
    }
    await page.locator('section[aria-labelledby=keys-title]').screenshot({ path: '/tmp/page-390.png' });
    await keyRow(label).getByRole('button', { name: 'Roll', exact: true }).click();
    await page.getByRole('dialog', { name: 'Roll key' }).waitFor();
    await expectNoSidewaysScroll(page);
    const box = (await page.getByRole('dialog', { name: 'Roll key' }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await waitFor(() => page.evaluate(() => document.activeElement?.textContent === 'Roll'), { what: 'focus back on Roll' });
  });
});
