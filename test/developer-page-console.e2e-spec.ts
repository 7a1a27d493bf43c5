/// <reference lib="dom" />
import { randomBytes, randomUUID } from 'node:crypto';
import { Page } from 'playwright-core';
import {
  createKeyInPage,
  describeInBrowser,
  expectNoSidewaysScroll,
  goToSection,
  PortalSection,
  portalNav,
  serviceInBrowserForFile,
  statusSays,
} from './support/chromium';
import { recordSecret } from './support/secret-ledger';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';
import { uniqueTag } from './support/unique-tag';

const PASSWORD = 'a long enough password';
const SECTIONS: PortalSection[] = ['Keys', 'Webhooks', 'Events', 'Logs', 'Usage', 'Account', 'Mailbox'];
/** One date format across the page, with its time zone: "28 Nov 2026, 18:45 UTC" (seconds in logs and events). */
const DATE = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(:\d{2})? \S+$/;

/**
 * The developer page as a console (API.md "The developer page"): its sections and navigation,
 * the request logs, the event browser and the delivery inspector, at 1280 and 390 px. The tests
 * run in order, on one account, in one browser.
 */
describeInBrowser('developer page: sections, logs, events and the delivery inspector, in a real browser', () => {
  const username = `console_${uniqueTag()}`;
  // Webhooks may point at 127.0.0.1 here: the receiver the inspector's deliveries go to.
  const tab = serviceInBrowserForFile({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', MAIL_POLL_INTERVAL_MS: '50' }, 'developer_page_console', {
    signUp: { username, password: PASSWORD },
  });
  let base: string;
  let page: Page;
  let receiver: WebhookReceiver;
  let key: string;

  beforeAll(async () => {
    ({ base, page } = tab);
    receiver = await new WebhookReceiver().start();
  });
  afterAll(() => receiver?.stop());

  const v1 = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}/v1/${path}`, {
      ...init,
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json', ...init.headers },
    });
    return { status: res.status, requestId: res.headers.get('x-request-id')!, body: (await res.json()) as { data: any } };
  };
  const current = () => page.evaluate(() => document.querySelector('#sections-nav a[aria-current="page"]')?.textContent);
  const focused = () => page.evaluate(() => document.activeElement?.id);
  const hash = () => page.evaluate(() => window.location.hash);
  const logRow = (requestId: string) => page.getByTestId('logs-body').getByRole('row').filter({ hasText: requestId });
  const shownEvents = () => page.getByTestId('events').getByRole('article');
  /**
   * Presses Refresh events until `done` holds. An event shows once no change begun before it can
   * still commit (anywhere on the PostgreSQL server, whose other databases other specs use):
   * usually a moment after its request.
   */
  const refreshEventsUntil = (what: string, done: () => Promise<boolean>) =>
    waitFor(
      async () => {
        if (await done()) return true;
        await page.getByRole('button', { name: 'Refresh events', exact: true }).click();
        await page.locator('#refresh-events:enabled').waitFor();
        return done();
      },
      { what, timeoutMs: 30_000, intervalMs: 250 },
    );

  it('navigates between sections from a landmark: fragments, the current link, focus on the heading, back, forward, reload', async () => {
    const problemsBefore = tab.problems.length;
    key = await createKeyInPage(page, 'console key');
    const nav = portalNav(page);
    expect(await nav.getByRole('link').allTextContents()).toEqual(SECTIONS);
    expect(await current()).toBe('Keys');

    for (const section of SECTIONS) {
      await goToSection(page, section);
      expect(await hash()).toBe(`#${section.toLowerCase()}`);
      expect(await focused()).toMatch(/-title$/);
      // One section at a time; the mode switch and the navigation stay.
      const shown = await page
        .locator('.console-section:not([hidden])')
        .evaluateAll((all) => all.map((s) => s.getAttribute('data-section')));
      expect(shown).toEqual([section.toLowerCase()]);
      expect(await page.getByRole('switch', { name: 'Test mode' }).isVisible()).toBe(true);
    }

    // From the keyboard: a link of the navigation, then Enter.
    await nav.getByRole('link', { name: 'Logs', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'logs-title');
    expect(await current()).toBe('Logs');

    // Back and forward follow the sections visited; a reload stays where it is.
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#sections-nav a[aria-current="page"]')?.textContent === 'Mailbox');
    expect(await page.getByRole('heading', { name: 'Mailbox (development only)', level: 2 }).isVisible()).toBe(true);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#sections-nav a[aria-current="page"]')?.textContent === 'Account');
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('#sections-nav a[aria-current="page"]')?.textContent === 'Mailbox');
    await page.reload();
    // The heading is in the page's markup; the current link is set by its script, a moment later.
    await page.waitForFunction(() => document.querySelector('#sections-nav a[aria-current="page"]')?.textContent === 'Mailbox');
    expect(await page.getByRole('heading', { name: 'Mailbox (development only)', level: 2 }).isVisible()).toBe(true);
    expect(await page.title()).toMatch(/^Mailbox \(development only\) — Developer portal/);
    await goToSection(page, 'Keys');
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  it('fits every section at 1280 and 390 px, the navigation and the mode switch in view', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const section of SECTIONS) {
        await goToSection(page, section);
        await expectNoSidewaysScroll(page);
        for (const control of [page.locator('label.switch'), portalNav(page).getByRole('link', { name: section, exact: true })]) {
          const box = (await control.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
      }
      // Scrolled down a long section, the navigation is still at the top of the screen.
      await goToSection(page, 'Keys');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const bar = (await page.locator('.console-bar').boundingBox())!;
      expect(bar.y).toBeGreaterThanOrEqual(-1);
      expect(bar.y).toBeLessThanOrEqual(1);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('logs a request made with a key: listed with its route and status, filtered, opened with its bodies redacted, linked by its request id', async () => {
    const created = await v1('lists', { method: 'POST', body: JSON.stringify({ name: 'Logged list' }) });
    expect(created.status).toBe(200);
    const missing = await v1(`lists/${randomUUID()}`);
    expect(missing.status).toBe(404);
    // An answer that carries a secret: the log keeps it redacted.
    const hook = await v1('webhooks', { method: 'POST', body: JSON.stringify({ url: receiver.url('/logged') }) });
    expect(hook.status).toBe(200);
    const secret = hook.body.data.webhook.secret as string;
    recordSecret('webhook secret', secret);

    await goToSection(page, 'Logs');
    // Lines are written in batches (about each second): the page is asked again until they are there.
    await waitFor(
      async () => {
        await page.getByRole('button', { name: 'Filter', exact: true }).click();
        await page.locator('#logs-filter button[type=submit]:enabled').waitFor();
        return (await logRow(hook.requestId).count()) === 1 && (await logRow(missing.requestId).count()) === 1;
      },
      { what: 'the requests to show in the logs', timeoutMs: 15_000, intervalMs: 250 },
    );
    const cells = await logRow(created.requestId).getByRole('cell').allTextContents();
    expect(cells).toEqual([
      expect.stringMatching(DATE),
      'POST',
      '/v1/lists',
      '200',
      expect.stringMatching(/^\d[\d,]* ms$/),
      created.requestId,
    ]);

    // Filtered by status class: only the refused request.
    await page.getByLabel('Status', { exact: true }).selectOption('4xx');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    // The status already said "… requests shown" of the unfiltered list: wait, bounded, for the
    // filtered answer itself, a single row, before reading it.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=logs-body] tr').length === 1, undefined, { timeout: 15_000 });
    await statusSays(page, 'requests shown');
    expect(await page.getByTestId('logs-body').getByRole('row').count()).toBe(1);
    expect(await logRow(missing.requestId).getByRole('cell').nth(3).textContent()).toBe('404');
    // By route and key: the webhook's creation.
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Route', { exact: true }).fill('/v1/webhooks');
    await page.getByLabel('Key', { exact: true }).selectOption({ label: `console key (sk_live_…${key.slice(-4)})` });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await logRow(hook.requestId).waitFor();
    expect(await page.getByTestId('logs-body').getByRole('row').count()).toBe(1);

    // A click on its request id opens it: the bodies as sent and answered, the secret and the key redacted.
    await logRow(hook.requestId).getByRole('link').click();
    await page.getByRole('heading', { name: 'POST /v1/webhooks' }).waitFor();
    expect(await hash()).toBe(`#logs/${hook.requestId}`);
    expect(await focused()).toBe('log-detail-title');
    const requestBody = (await page.getByTestId('log-request-body').textContent())!;
    const responseBody = (await page.getByTestId('log-response-body').textContent())!;
    expect(requestBody).toContain(receiver.url('/logged'));
    expect(responseBody).toContain(hook.body.data.webhook.id);
    expect(responseBody).toContain('[redacted]');
    for (const text of [requestBody, responseBody, (await page.locator('#section-logs').textContent())!]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(key);
    }

    // The request id's link, opened on its own (a reload, or pasted), lands on that request.
    await page.goto('about:blank');
    await page.goto(`${base}/developers#logs/${created.requestId}`);
    await page.getByRole('heading', { name: 'POST /v1/lists' }).waitFor();
    expect(await page.getByTestId('log-request-body').textContent()).toContain('Logged list');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoSidewaysScroll(page);
    }
    expect(tab.problems).toEqual([]);
  });

  it('shows the recent events newest first, each with its JSON, and reads on with Refresh', async () => {
    await goToSection(page, 'Events');
    const events = shownEvents();
    await refreshEventsUntil('the list.created event to show', async () => (await events.count()) > 0);
    expect(await events.getByRole('heading').allTextContents()).toEqual(['list.created']);
    const listId = (await v1('lists')).body.data.lists[0].id as string;
    expect((await v1('actions/add', { method: 'POST', body: JSON.stringify({ list: listId, items: ['Milk'] }) })).status).toBe(200);
    await refreshEventsUntil(
      'the new event to show first',
      async () => (await events.first().getByRole('heading').textContent()) === 'item.added',
    );
    expect(await events.getByRole('heading').allTextContents()).toEqual(['item.added', 'list.created']);
    // Two events are all there is: no older page to offer.
    expect(await page.locator('#more-events').isHidden()).toBe(true);
    const newest = events.first();
    expect(await newest.locator('time').textContent()).toMatch(DATE);
    await newest.getByText('JSON', { exact: true }).click();
    const json = JSON.parse((await newest.locator('pre').textContent())!);
    expect(json).toMatchObject({ type: 'item.added', list: { id: listId, name: 'Logged list' }, data: { item: { text: 'Milk' } } });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoSidewaysScroll(page);
    }
    expect(tab.problems).toEqual([]);
  });

  it("inspects a delivery's attempts: request headers with the signature cut to its prefix, status, response headers and body, timing", async () => {
    const problemsBefore = tab.problems.length;
    const path = `/inspected-${randomBytes(4).toString('hex')}`;
    const url = receiver.url(path);
    receiver.on(path, { status: 503, headers: { 'Retry-After': '3600', 'X-Receiver': 'busy' } }, { status: 200 });
    await goToSection(page, 'Webhooks');
    await page.getByRole('form', { name: 'New endpoint' }).getByLabel('Endpoint URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    await statusSays(page, `Webhook for ${url} added`);
    const secret = (await page.getByTestId('new-secret').textContent())!.trim();
    recordSecret('webhook secret', secret);
    const row = page.getByRole('row').filter({ hasText: url });
    await row.getByRole('button', { name: 'Send test', exact: true }).click();
    await waitFor(() => receiver.at(path).length === 1, { what: 'the first attempt to arrive' });
    const delivery = page.getByTestId('deliveries-body').getByRole('row').first();
    await waitFor(
      async () => {
        await page.getByRole('button', { name: 'Refresh', exact: true }).click();
        await page.locator('#refresh-deliveries:enabled').waitFor();
        return (await delivery.count()) === 1 && (await delivery.getByRole('cell').nth(3).textContent()) === '503';
      },
      { what: 'the failed attempt to show', timeoutMs: 10_000, intervalMs: 200 },
    );
    await delivery.getByRole('button', { name: 'Retry', exact: true }).click();
    await statusSays(page, 'queued again');
    await waitFor(() => receiver.at(path).length === 2, { what: 'the retried attempt to arrive' });

    const attempts = page.getByTestId('attempts').getByRole('article');
    await waitFor(
      async () => {
        await delivery.getByRole('button', { name: 'Attempts', exact: true }).click();
        await page.getByRole('heading', { name: 'Attempts', level: 4 }).waitFor();
        return (await attempts.count()) === 2;
      },
      { what: 'both attempts in the inspector', timeoutMs: 10_000, intervalMs: 200 },
    );
    expect(await focused()).toBe('attempts-title');
    const [first, second] = [attempts.nth(0), attempts.nth(1)];
    expect(await first.getByRole('heading').first().textContent()).toMatch(/^Attempt 1: HTTP 503 in \d[\d,]* ms$/);
    expect(await second.getByRole('heading').first().textContent()).toMatch(/^Attempt 2: HTTP 200 in \d[\d,]* ms$/);
    expect(await first.locator('time').textContent()).toMatch(DATE);
    const sent = receiver.at(path)[0];
    const headers = await first
      .locator('dl')
      .first()
      .evaluate((list) => {
        const pairs: Record<string, string> = {};
        list.querySelectorAll('dt').forEach((dt) => (pairs[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? ''));
        return pairs;
      });
    expect(headers['webhook-id']).toBe(sent.headers['webhook-id']);
    // The signature is cut to its prefix: never enough to forge or replay one.
    expect(sent.headers['webhook-signature'].startsWith(headers['webhook-signature'].replace(/…$/, ''))).toBe(true);
    expect(headers['webhook-signature'].length).toBeLessThan(sent.headers['webhook-signature'].length);
    const answered = (await first.locator('dl').nth(1).textContent())!;
    expect(answered).toContain('x-receiver');
    expect(answered).toContain('busy');
    expect(await first.locator('pre').textContent()).toBe('ok');
    expect(await page.locator('#attempts-panel').textContent()).not.toContain(secret);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoSidewaysScroll(page);
    }
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  it('names lists, not ids, after a reload: a key restricted to a list, and a webhook of a list picked by name', async () => {
    const problemsBefore = tab.problems.length;
    await page.reload();
    await goToSection(page, 'Keys');
    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Label', { exact: true }).fill('one list key');
    await form.getByRole('radio', { name: 'Only the lists I choose' }).check();
    await form.getByRole('group', { name: 'Lists the key may reach' }).getByRole('checkbox', { name: 'Logged list', exact: true }).check();
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await statusSays(page, 'Key "one list key" created');
    recordSecret('api key', (await page.getByTestId('new-key').textContent())!.trim());

    await goToSection(page, 'Webhooks');
    const hooks = page.getByRole('form', { name: 'New endpoint' });
    const url = receiver.url(`/one-list-${randomBytes(4).toString('hex')}`);
    await hooks.getByLabel('Endpoint URL', { exact: true }).fill(url);
    await hooks.getByLabel('List', { exact: true }).selectOption({ label: 'Logged list' });
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    await statusSays(page, `Webhook for ${url} added`);
    recordSecret('webhook secret', (await page.getByTestId('new-secret').textContent())!.trim());

    await page.reload();
    const webhook = page.getByRole('row').filter({ hasText: url });
    await webhook.getByText('All events, of the list \u201cLogged list\u201d').waitFor();
    await goToSection(page, 'Keys');
    const restricted = page.getByRole('row').filter({ hasText: 'one list key' });
    await restricted.locator('dl.restrictions').getByText('\u201cLogged list\u201d').waitFor();
    const shown = (await page.locator('#keys-body').textContent()) + (await page.locator('#webhooks-body').textContent())!;
    expect(shown).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  // Last: its thousands of events would keep the account's webhooks busy, so it deletes them first.
  it('shows the newest events however many the account has: past 5,000 of them, a new one is first', async () => {
    for (const webhook of (await v1('webhooks')).body.data.webhooks as Array<{ id: string }>) {
      expect((await v1(`webhooks/${webhook.id}`, { method: 'DELETE' })).status).toBe(200);
    }
    // More than the ten pages of 500 that the page once read from the oldest event kept.
    const list = (await v1('lists', { method: 'POST', body: JSON.stringify({ name: 'Busy list' }) })).body.data.list;
    for (let add = 0; add < 51; add += 1) {
      const items = Array.from({ length: 100 }, (_, index) => `busy ${add}-${index}`);
      expect((await v1('actions/add', { method: 'POST', body: JSON.stringify({ list: list.id, items }) })).status).toBe(200);
    }
    const completed = await v1('actions/complete', { method: 'POST', body: JSON.stringify({ list: list.id, items: ['busy 50-99'] }) });
    expect(completed.status).toBe(200);

    await waitFor(async () => (await v1('events?order=newest&limit=1')).body.data.events[0]?.type === 'item.completed', {
      what: 'the feed to show the completion',
    });

    // A fresh page shows the newest at once, without reading its way there.
    await page.reload();
    await goToSection(page, 'Events');
    const events = shownEvents();
    await events.first().waitFor();
    expect(await events.count()).toBe(50);
    const headings = await events.getByRole('heading').allTextContents();
    expect(headings).toEqual(['item.completed', ...Array.from({ length: 49 }, () => 'item.added')]);
    const texts = [];
    for (const index of [0, 1, 49]) {
      await events.nth(index).getByText('JSON', { exact: true }).click();
      texts.push(JSON.parse((await events.nth(index).locator('pre').textContent())!).data.item.text);
    }
    expect(texts).toEqual(['busy 50-99', 'busy 50-99', 'busy 50-51']);

    // Refresh reads the newest again: a new event first, the page still 50 long.
    expect((await v1('actions/reopen', { method: 'POST', body: JSON.stringify({ list: list.id, items: ['busy 50-99'] }) })).status).toBe(
      200,
    );
    await refreshEventsUntil(
      'the reopening to show first',
      async () => (await events.first().getByRole('heading').textContent()) === 'item.reopened',
    );
    expect(await events.count()).toBe(50);
    expect((await events.getByRole('heading').allTextContents()).slice(0, 3)).toEqual(['item.reopened', 'item.completed', 'item.added']);

    // Older events: the next 50, read on from the last one shown, after it.
    const ids = () => events.getByRole('heading').evaluateAll((hs): string[] => hs.map((h) => h.id));
    const firstPage = await ids();
    await page.getByRole('button', { name: 'Older events', exact: true }).click();
    await waitFor(async () => (await events.count()) === 100, { what: 'the older events to show' });
    const both = await ids();
    expect(both.slice(0, 50)).toEqual(firstPage);
    expect(new Set(both).size).toBe(100);
    await events.nth(50).getByText('JSON', { exact: true }).click();
    // The first page holds the reopening, the completion and the adds of busy 50-99 down to 50-52.
    expect(JSON.parse((await events.nth(50).locator('pre').textContent())!).data.item.text).toBe('busy 50-51');
    expect(await page.locator('#more-events').isVisible()).toBe(true);
    expect(tab.problems).toEqual([]);
  });
});
