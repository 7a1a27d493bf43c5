/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { Page, Request } from 'playwright-core';
import {
  createKeyInPage,
  describeInBrowser,
  expectNoSidewaysScroll,
  fieldError,
  goToSection,
  serviceInBrowserForFile,
  statusSays,
} from './support/chromium';
import { waitFor } from './support/wait-for';
import { uniqueTag } from './support/unique-tag';

const PASSWORD = 'a long enough password';
/** Low, so that a test reaches a 429 in a few requests. */
const RATE_LIMIT = 40;

/** Restricted keys on the developer page (API.md section 9): creation, the key table, rolling, usage. */
describeInBrowser('developer page: restricted keys, in a real browser', () => {
  const username = `keys_${uniqueTag()}`;
  const tab = serviceInBrowserForFile({ RATE_LIMIT_MAX: String(RATE_LIMIT) }, 'developer_page_keys', {
    signUp: { username, password: PASSWORD },
  });
  let base: string;
  let page: Page;
  beforeAll(() => ({ base, page } = tab));

  const v1 = (key: string, path: string, init: RequestInit = {}) =>
    fetch(`${base}/v1/${path}`, { ...init, headers: { 'X-API-Key': key, 'Content-Type': 'application/json', ...init.headers } });
  const keyRow = (label: string) => page.getByRole('row').filter({ hasText: label });
  /** The key table's row of one key, by its masked form (its Key cell). */
  const rowOfKey = (key: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: `${key.slice(0, 8)}\u2026${key.slice(-4)}`, exact: true }) });
  /** The Usage section's row of a key. */
  const usageRow = (label: string) => page.getByRole('region', { name: 'Usage' }).getByRole('row').filter({ hasText: label });
  const keyForm = () => page.getByRole('form', { name: 'New API key' });

  const createKey = (label: string) => createKeyInPage(page, label);

  it('creates a restricted key: a preset, chosen lists, an expiry and addresses, shown in the table as the API holds them', async () => {
    const helper = await createKey('helper key');
    const listIds: string[] = [];
    for (const name of ['Groceries', 'Work', 'Not for this key']) {
      const created = await v1(helper, 'lists', { method: 'POST', body: JSON.stringify({ name }) });
      listIds.push(((await created.json()) as { data: { list: { id: string } } }).data.list.id);
    }
    const form = keyForm();
    await form.getByLabel('Label', { exact: true }).fill('restricted key');

    // A preset checks its scopes and says so.
    await form.getByRole('button', { name: 'Read-only', exact: true }).click();
    await statusSays(page, 'Read-only: lists:read, items:read, profile:read.');
    const checked = async () => {
      const boxes = form.getByRole('group', { name: 'Scopes' }).getByRole('checkbox');
      const states: string[] = [];
      for (const box of await boxes.all()) if (await box.isChecked()) states.push((await box.getAttribute('value'))!);
      return states;
    };
    expect(await checked()).toEqual(['lists:read', 'items:read', 'profile:read']);

    // The lists are picked by name, from the account's lists as the portal serves them.
    const problemsBefore = tab.problems.length;
    await form.getByRole('radio', { name: 'Only the lists I choose' }).check();
    const picker = form.getByRole('group', { name: 'Lists the key may reach' });
    await picker.getByRole('checkbox', { name: 'Groceries', exact: true }).check();
    await picker.getByRole('checkbox', { name: 'Work', exact: true }).check();

    await form.getByLabel('Expires', { exact: true }).selectOption({ label: 'In 30 days' });
    await form.getByLabel('Allowed addresses', { exact: true }).fill('127.0.0.1\n2001:db8::/32\n::1');
    const sent = Date.now();
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await statusSays(page, 'Key "restricted key" created');
    const created = Date.now();
    const key = (await page.getByTestId('new-key').textContent())!.trim();
    expect(key).toMatch(/^sk_live_[0-9a-f]{64}$/);

    // What the service holds, as GET /v1/me shows the key.
    const me = (await (await v1(key, 'me')).json()) as { data: { scopes: string[]; key: Record<string, unknown> } };
    expect(me.data.scopes).toEqual(['lists:read', 'items:read', 'profile:read']);
    expect(me.data.key).toMatchObject({
      label: 'restricted key',
      mode: 'live',
      list_ids: [listIds[0], listIds[1]],
      allowed_ips: ['127.0.0.1', '2001:db8::/32', '::1'],
    });
    const expiresAt = Date.parse(me.data.key.expires_at as string);
    // 30 days from when the page sent it, which happened between the click and the answer.
    expect(expiresAt).toBeGreaterThanOrEqual(sent + 30 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(created + 30 * 86_400_000);
    // And does: a scope it lacks is a 403 that names it.
    const write = await v1(key, 'lists', { method: 'POST', body: JSON.stringify({ name: 'Nope' }) });
    expect(write.status).toBe(403);
    expect(write.headers.get('x-required-scope')).toBe('lists:write');

    // The table shows the same restrictions, and the form is back to its defaults.
    const row = keyRow('restricted key');
    const restrictions = row.locator('dl.restrictions');
    await restrictions.waitFor();
    const terms = await restrictions.evaluate((list) =>
      Array.from(list.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(terms).toEqual([
      ['Scopes', 'lists:read, items:read, profile:read'],
      ['Lists', '\u201cGroceries\u201d, \u201cWork\u201d'],
      ['Expires', expect.stringMatching(/\d/)],
      ['From', '127.0.0.1, 2001:db8::/32, ::1'],
    ]);
    expect(await restrictions.locator('time').getAttribute('datetime')).toBe(me.data.key.expires_at);
    expect(await checked()).toEqual(['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read']);
    expect(await form.getByRole('radio', { name: 'Every list, now and later' }).isChecked()).toBe(true);
    expect(await picker.isVisible()).toBe(false);
    expect(await form.getByLabel('Expires', { exact: true }).inputValue()).toBe('never');
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  it("picks lists by name from the account's lists, and names them in the key table", async () => {
    const helper = await createKey('picker helper');
    const names = ['Picked one', 'Not picked', `Picked two, with a long name that has to wrap on a phone ${'x'.repeat(40)}`];
    for (const name of names) await v1(helper, 'lists', { method: 'POST', body: JSON.stringify({ name }) });
    const all = ((await (await v1(helper, 'lists?limit=500')).json()) as { data: { lists: Array<{ id: string; name: string }> } }).data
      .lists;
    const idOf = (name: string) => all.find((list) => list.name === name)!.id;
    await page.reload();
    const form = keyForm();
    await form.getByLabel('Label', { exact: true }).fill('picked lists key');
    await form.getByRole('radio', { name: 'Only the lists I choose' }).check();
    const picker = form.getByRole('group', { name: 'Lists the key may reach' });
    await picker.getByRole('checkbox', { name: 'Picked one', exact: true }).check();
    await picker.getByRole('checkbox', { name: names[2], exact: true }).check();
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await statusSays(page, 'Key "picked lists key" created');
    const key = (await page.getByTestId('new-key').textContent())!.trim();
    const me = (await (await v1(key, 'me')).json()) as { data: { key: { list_ids: string[] } } };
    expect([...me.data.key.list_ids].sort()).toEqual([idOf('Picked one'), idOf(names[2])].sort());
    // The table names the lists it knows.
    const lists = keyRow('picked lists key').locator('dl.restrictions dd').nth(1);
    const nameOf = (id: string) => all.find((list) => list.id === id)!.name;
    expect(await lists.textContent()).toBe(me.data.key.list_ids.map((id) => `\u201c${nameOf(id)}\u201d`).join(', '));
  });

  it('says beside its field what is wrong with a restriction, before sending or as the API answers', async () => {
    const form = keyForm();
    await form.getByLabel('Label', { exact: true }).fill('refused key');
    for (const box of await form.getByRole('group', { name: 'Scopes' }).getByRole('checkbox').all()) await box.uncheck();
    const requests: string[] = [];
    const countCreations = (sent: Request) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/developers/api/keys') requests.push(sent.url());
    };
    page.on('request', countCreations);
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('key-scopes')?.getAttribute('aria-invalid') === 'true');
    expect(await page.locator('#key-scopes-error').textContent()).toBe('Choose at least one scope.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('lists:read');
    expect(requests).toEqual([]);

    await form.getByRole('button', { name: 'All scopes', exact: true }).click();
    const addresses = form.getByLabel('Allowed addresses', { exact: true });
    await addresses.fill('10.0.0.1\nnot-an-address');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('key-ips')?.getAttribute('aria-invalid') === 'true');
    expect(await fieldError(addresses)).toBe('Allowed_ips: "not-an-address" is not an IPv4 or IPv6 address or CIDR range');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('key-ips');
    expect(await page.getByRole('group', { name: 'Scopes' }).getAttribute('aria-invalid')).toBeNull();
    expect(requests).toHaveLength(1);
    page.off('request', countCreations);
    expect(await keyRow('refused key').count()).toBe(0);
    await addresses.fill('');
    await form.getByLabel('Label', { exact: true }).fill('');
  });

  it('rolls a key after its grace period is chosen: the new key is shown once, the old one works until it expires', async () => {
    const problemsBefore = tab.problems.length;
    const old = await createKey('rolled key');
    const row = rowOfKey(old);
    const rolls: string[] = [];
    const countRolls = (sent: Request) => {
      if (sent.method() === 'POST' && /\/keys\/[^/]+\/roll$/.test(new URL(sent.url()).pathname)) rolls.push(sent.postData() ?? '');
    };
    page.on('request', countRolls);

    // Opening the dialog asks; Cancel and Escape leave everything as it was, focus back on Roll.
    const dialog = page.getByRole('dialog', { name: 'Roll key' });
    await row.getByRole('button', { name: 'Roll', exact: true }).click();
    await dialog.waitFor();
    expect(await dialog.getByText(/^A new key replaces "rolled key" \(sk_live_…/).count()).toBe(1);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('24');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitFor(() => page.evaluate(() => document.activeElement?.textContent === 'Roll'), { what: 'focus back on Roll' });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(rolls).toEqual([]);

    // Rolled with an hour of grace, from the keyboard: both keys work meanwhile.
    await row.getByRole('button', { name: 'Roll', exact: true }).click();
    await dialog.getByRole('radio', { name: 'In 1 hour' }).check();
    const asked = Date.now();
    await page.keyboard.press('Enter');
    await statusSays(page, 'Key "rolled key" rolled');
    const answered = Date.now();
    expect(rolls).toEqual([JSON.stringify({ expires_in_hours: 1 })]);
    const shown = page.getByTestId('new-key');
    const replacement = (await shown.textContent())!.trim();
    expect(replacement).toMatch(/^sk_live_[0-9a-f]{64}$/);
    expect(replacement).not.toBe(old);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-key-title');
    expect(await page.locator('#new-key-for').textContent()).toBe(
      `It replaces "rolled key": sk_live_…${old.slice(-4)} stops working in 1 hour.`,
    );
    expect(await page.getByRole('button', { name: 'Copy key' }).isVisible()).toBe(true);
    expect((await v1(replacement, 'me')).status).toBe(200);
    expect((await v1(old, 'me')).status).toBe(200);
    const oldExpiry = await row.locator('dl.restrictions time').getAttribute('datetime');
    // An hour after the service took the roll, which happened between the click and the answer.
    expect(Date.parse(oldExpiry!)).toBeGreaterThanOrEqual(asked + 60 * 60_000 - 1);
    expect(Date.parse(oldExpiry!)).toBeLessThanOrEqual(answered + 60 * 60_000);

    // The old key says when it stops and which key replaced it, in the row right after its replacement.
    const newRow = rowOfKey(replacement);
    await row.getByText('rolled: expires in 1 hour').waitFor();
    expect((await row.getByRole('cell').allTextContents())[0]).toBe(`rolled keyreplaced by sk_live_…${replacement.slice(-4)}`);
    expect((await newRow.getByRole('cell').allTextContents())[0]).toBe(`rolled keyreplaces sk_live_…${old.slice(-4)}`);
    const order = await page
      .locator('#keys-body tr')
      .evaluateAll((rows) => rows.map((tr) => tr.querySelector('td:nth-child(2)')?.textContent));
    expect(order.indexOf(`sk_live_…${old.slice(-4)}`)).toBe(order.indexOf(`sk_live_…${replacement.slice(-4)}`) + 1);
    // After a reload too, from the keys alone.
    await page.reload();
    await row.getByText('rolled: expires in 1 hour').waitFor();
    expect((await row.getByRole('cell').allTextContents())[0]).toBe(`rolled keyreplaced by sk_live_…${replacement.slice(-4)}`);

    // Rolled again at once: the key it replaces is refused.
    await newRow.getByRole('button', { name: 'Roll', exact: true }).click();
    await dialog.getByRole('radio', { name: 'At once' }).check();
    await dialog.getByRole('button', { name: 'Roll key', exact: true }).click();
    await statusSays(page, `sk_live_…${replacement.slice(-4)} stops working at once.`);
    await waitFor(async () => (await v1(replacement, 'me')).status === 401, { what: 'the replaced key to be refused' });
    await newRow.getByRole('cell', { name: 'expired', exact: true }).waitFor();
    expect(await newRow.getByRole('button', { name: 'Roll' }).count()).toBe(0);
    const newest = (await shown.textContent())!.trim();
    expect((await v1(newest, 'me')).status).toBe(200);
    page.off('request', countRolls);
    expect(rolls).toHaveLength(2);
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  it("charts a key's requests of 30 days by outcome, with a text alternative and a table of the numbers", async () => {
    const problemsBefore = tab.problems.length;
    const key = await createKey('usage key');
    await goToSection(page, 'Usage');
    const row = usageRow('usage key');
    await row.getByText('No requests in the last 30 days.').waitFor();

    // 3 answered 200, 2 answered 404, then the rest of the window and 2 refused with 429.
    for (let i = 0; i < 3; i++) expect((await v1(key, 'me')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await v1(key, `lists/${randomUUID()}`)).status).toBe(404);
    for (let i = 5; i < RATE_LIMIT; i++) expect((await v1(key, 'me')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await v1(key, 'me')).status).toBe(429);

    // The address names the section: a reload stays on it.
    await page.reload();
    expect(new URL(page.url()).hash).toBe('#usage');
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
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  it('fits 1280 px and 390 px with a long label, many lists, many IPv6 ranges, a chosen date and the usage chart', async () => {
    const problemsBefore = tab.problems.length;
    const helper = await createKey('layout helper');
    const listIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      const name = `A list with a rather long name, number ${i}, that goes on and on`;
      const created = await v1(helper, 'lists', { method: 'POST', body: JSON.stringify({ name }) });
      listIds.push(((await created.json()) as { data: { list: { id: string } } }).data.list.id);
    }
    // Twenty ranges, the most a key takes: this machine's, and 19 long IPv6 ones.
    const ranges = [
      '127.0.0.1',
      ...Array.from({ length: 19 }, (_, i) => `2001:db8:${(0x1000 + i).toString(16)}:abcd:ef01:2345:6789:abcd/128`),
    ];
    const label = `${'A-very-long-label-without-spaces-'.repeat(2)}and then some words that wrap across lines`.slice(0, 100);

    const form = keyForm();
    await form.getByLabel('Label', { exact: true }).fill(label);
    await form.getByRole('radio', { name: 'Only the lists I choose' }).check();
    const picker = form.getByRole('group', { name: 'Lists the key may reach' });
    for (let i = 0; i < listIds.length; i++) {
      await picker.getByRole('checkbox', { name: `A list with a rather long name, number ${i}, that goes on and on`, exact: true }).check();
    }
    // On a date: the key works through the whole of that day, where the browser is.
    await form.getByLabel('Expires', { exact: true }).selectOption({ label: 'On a date…' });
    const date = form.getByLabel('Expiry date', { exact: true });
    await date.waitFor();
    const { min, max, chosen, endOfChosen } = await page.evaluate(() => {
      const input = document.getElementById('key-expiry-date') as HTMLInputElement;
      const day = new Date(Date.now() + 200 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const text = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
      const end = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999).toISOString();
      return { min: input.min, max: input.max, chosen: text, endOfChosen: end };
    });
    expect(min < chosen && chosen < max).toBe(true);
    await date.fill(chosen);
    await form.getByLabel('Allowed addresses', { exact: true }).fill(ranges.join('\n'));
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await statusSays(page, `Key "${label}" created`);
    const key = (await page.getByTestId('new-key').textContent())!.trim();

    const row = keyRow(label);
    await row.locator('dl.restrictions').waitFor();
    const me = (await (await v1(key, 'me')).json()) as { data: { key: { expires_at: string; allowed_ips: string[] } } };
    expect(me.data.key.expires_at).toBe(endOfChosen);
    expect(await row.locator('dl.restrictions time').getAttribute('datetime')).toBe(endOfChosen);
    expect(await row.locator('dl.restrictions dd').allTextContents()).toEqual([
      'All',
      listIds.map((_, i) => `\u201cA list with a rather long name, number ${i}, that goes on and on\u201d`).join(', '),
      expect.any(String),
      me.data.key.allowed_ips.join(', '),
    ]);
    expect(me.data.key.allowed_ips).toHaveLength(20);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      // Each cell of the row stays inside the page.
      for (const box of await row.getByRole('cell').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right))) {
        expect(box).toBeLessThanOrEqual(width);
      }
      // And the dates in it (one format, with its time zone) stay on one line.
      for (const time of await row.locator('time').all()) {
        expect(await time.textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \S+$/);
        const { height, lineHeight } = await time.evaluate((element) => ({
          height: element.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(element).lineHeight),
        }));
        expect(height).toBeLessThan(lineHeight * 1.5);
      }
    }
    // The usage section fits a phone too.
    await goToSection(page, 'Usage');
    // Entering the section draws its charts again, with the request made above.
    await usageRow(label).getByRole('img').waitFor();
    await expectNoSidewaysScroll(page);
    await goToSection(page, 'Keys');

    // The roll dialog fits a phone too, and Escape closes it with focus back on Roll.
    await row.getByRole('button', { name: 'Roll', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll key' });
    await dialog.waitFor();
    await expectNoSidewaysScroll(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await waitFor(() => page.evaluate(() => document.activeElement?.textContent === 'Roll'), { what: 'focus back on Roll' });
    await page.setViewportSize({ width: 1280, height: 900 });
    // The list picker asks for the account's lists once per page: a 404 when this test runs alone.
    expect(tab.problems.slice(problemsBefore).filter((problem) => !problem.includes('status of 404'))).toEqual([]);
  });

  it('explains, when a receiver on this machine is refused, that WEBHOOK_ALLOW_PRIVATE_URLS allows one while developing', async () => {
    await goToSection(page, 'Webhooks');
    const form = page.getByRole('form', { name: 'New endpoint' });
    const url = form.getByLabel('Endpoint URL', { exact: true });
    const hint = page.locator('#webhook-url-local');
    expect(await hint.isVisible()).toBe(false);
    await url.fill('http://127.0.0.1:4000/hooks');
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('webhook-url')?.getAttribute('aria-invalid') === 'true');
    expect(await fieldError(url)).toMatch(/^Url /);
    await hint.waitFor();
    expect(await hint.textContent()).toContain('WEBHOOK_ALLOW_PRIVATE_URLS=true');
    // Read with the field, as its description.
    expect((await url.getAttribute('aria-describedby'))!.split(' ')).toContain('webhook-url-local');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await url.fill('');
    await goToSection(page, 'Keys');
  });
});
