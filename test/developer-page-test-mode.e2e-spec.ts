/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { Page, Request } from 'playwright-core';
import {
  createKeyInPage,
  describeInBrowser,
  expectNoSidewaysScroll,
  goToSection,
  serviceInBrowserForFile,
  statusSays,
} from './support/chromium';
import { recordSecret } from './support/secret-ledger';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';
import { uniqueTag } from './support/unique-tag';

const PASSWORD = 'a long enough password';

/**
 * The developer page's Test mode switch (API.md section 10): it shows and creates the keys and
 * webhooks of the chosen mode, offers that mode's lists to the key form, marks test keys, and
 * offers "Reset test data", confirmed first. The tests run in order, on one account.
 */
describeInBrowser('developer page: test mode, in a real browser', () => {
  const username = `sandbox_${uniqueTag()}`;
  // Webhooks may point at 127.0.0.1 here: the receiver the webhook test sends to.
  const tab = serviceInBrowserForFile({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, 'developer_page_test_mode', {
    signUp: { username, password: PASSWORD },
  });
  let base: string;
  let page: Page;
  let receiver: WebhookReceiver;
  /** Keys of each mode, made through the page by the tests that need them. */
  let liveKey: string;
  let testKey: string;

  const v1 = async (key: string, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}/v1/${path}`, {
      ...init,
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json', ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as { data: any; error: string | null } };
  };
  const keyRow = (label: string) => page.getByRole('row').filter({ hasText: label });
  const keyForm = () => page.getByRole('form', { name: 'New API key' });
  const modeSwitch = () => page.getByRole('switch', { name: 'Test mode' });
  const banner = () => page.getByRole('heading', { name: 'Test mode is on' });
  const resetButton = () => page.getByRole('button', { name: 'Reset test data', exact: true });
  const testModeColours = () => page.evaluate(() => document.documentElement.classList.contains('test-mode'));

  /** Switches the page to `mode` with the switch (nothing to do if it is in that mode already). */
  async function switchTo(mode: 'live' | 'test'): Promise<void> {
    if ((await modeSwitch().isChecked()) === (mode === 'test')) return;
    if (mode === 'test') await modeSwitch().check();
    else await modeSwitch().uncheck();
    await statusSays(page, mode === 'test' ? 'Test mode on' : 'Test mode off');
  }

  const createKey = (label: string) => createKeyInPage(page, label);

  async function addWebhook(path: string): Promise<{ url: string; secret: string }> {
    const url = receiver.url(path);
    if (!(await page.getByRole('form', { name: 'New endpoint' }).isVisible())) await goToSection(page, 'Webhooks');
    await page.getByRole('form', { name: 'New endpoint' }).getByLabel('Endpoint URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    await statusSays(page, `Webhook for ${url} added`);
    const secret = (await page.getByTestId('new-secret').textContent())!.trim();
    recordSecret('webhook secret', secret);
    await page.getByRole('row').filter({ hasText: url }).waitFor();
    return { url, secret };
  }

  const webhookUrls = async (key: string) => ((await v1(key, 'webhooks')).body.data.webhooks as Array<{ url: string }>).map((w) => w.url);
  const listNames = async (key: string) => ((await v1(key, 'lists')).body.data.lists as Array<{ name: string }>).map((l) => l.name);

  beforeAll(async () => {
    ({ base, page } = tab);
    receiver = await new WebhookReceiver().start();
  });
  afterAll(() => receiver?.stop());

  it('switches to test mode: only test keys show, a new key is a test key with its badge, and the choice lasts through a reload', async () => {
    const problemsBefore = tab.problems.length;
    liveKey = await createKey('live key');
    expect(liveKey).toMatch(/^sk_live_[0-9a-f]{64}$/);
    expect(await modeSwitch().isChecked()).toBe(false);
    expect(await banner().isVisible()).toBe(false);
    expect(await resetButton().isVisible()).toBe(false);
    expect(await testModeColours()).toBe(false);
    expect(await keyRow('live key').getByRole('cell', { name: 'Live', exact: true }).count()).toBe(1);

    await switchTo('test');
    await banner().waitFor();
    // What test mode is, the page says once (the banner); the announcement only says it changed.
    expect(await page.getByRole('status').textContent()).toBe('Test mode on.');
    expect(await page.getByText(/test ones, working on the sandbox's lists/).count()).toBe(1);
    expect(await testModeColours()).toBe(true);
    expect(await resetButton().isVisible()).toBe(true);
    await page.getByText('No keys yet.').waitFor();
    expect(await keyRow('live key').count()).toBe(0);
    expect(await page.getByTestId('new-key').isVisible()).toBe(false);
    expect(await keyForm().getByText('This makes a test key').isVisible()).toBe(true);

    testKey = await createKey('sandbox key');
    expect(testKey).toMatch(/^sk_test_[0-9a-f]{64}$/);
    expect((await v1(testKey, 'me')).body.data.key).toMatchObject({ label: 'sandbox key', mode: 'test' });
    const row = keyRow('sandbox key');
    await row.getByText(`sk_test_…${testKey.slice(-4)}`).waitFor();
    const badge = row.getByRole('cell', { name: 'Mode' }).or(row.locator('td[data-label="Mode"]')).locator('.mode-test');
    expect(await badge.textContent()).toBe('Test');
    expect(await keyRow('live key').count()).toBe(0);

    // A reload keeps the mode, and so does another tab of the browser, until it is changed.
    await page.reload();
    await keyRow('sandbox key').waitFor();
    expect(await modeSwitch().isChecked()).toBe(true);
    expect(await banner().isVisible()).toBe(true);
    expect(await keyRow('live key').count()).toBe(0);
    const other = await tab.context.newPage();
    await other.goto(`${base}/developers#keys`);
    await other.getByRole('row').filter({ hasText: 'sandbox key' }).waitFor();
    expect(await other.getByRole('switch', { name: 'Test mode' }).isChecked()).toBe(true);
    await other.close();

    // Off again from the keyboard: the live keys are back, and nothing says test any more.
    await modeSwitch().focus();
    await page.keyboard.press('Space');
    await statusSays(page, 'Test mode off');
    await keyRow('live key').waitFor();
    expect(await keyRow('sandbox key').count()).toBe(0);
    expect(await modeSwitch().isChecked()).toBe(false);
    expect(await banner().isVisible()).toBe(false);
    expect(await resetButton().isVisible()).toBe(false);
    expect(await testModeColours()).toBe(false);
    expect(await keyForm().getByText('This makes a test key').isVisible()).toBe(false);
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  it("shows and adds each mode's webhooks, and offers the key form that mode's lists", async () => {
    const problemsBefore = tab.problems.length;
    expect((await v1(liveKey, 'lists', { method: 'POST', body: JSON.stringify({ name: 'Live list' }) })).status).toBe(200);
    expect((await v1(testKey, 'lists', { method: 'POST', body: JSON.stringify({ name: 'Test list' }) })).status).toBe(200);
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    const webhookRow = (url: string) => page.getByRole('row').filter({ hasText: url });
    const live = await addWebhook(`/live-${randomBytes(4).toString('hex')}`);

    await switchTo('test');
    await webhooks.getByText('No webhooks yet.').waitFor();
    expect(await webhookRow(live.url).count()).toBe(0);
    const test = await addWebhook(`/test-${randomBytes(4).toString('hex')}`);
    expect(await webhookRow(live.url).count()).toBe(0);
    expect(await webhookUrls(testKey)).toEqual([test.url]);
    expect(await webhookUrls(liveKey)).toEqual([live.url]);

    // Its test event is a test-mode one, and its deliveries show on the page.
    await webhookRow(test.url).getByRole('button', { name: 'Send test', exact: true }).click();
    await statusSays(page, `Test event queued for ${test.url}`);
    await waitFor(() => receiver.at(new URL(test.url).pathname).length === 1, { what: 'the test-mode test event to arrive' });
    expect(WebhookReceiver.verifyAsSent(test.secret, receiver.at(new URL(test.url).pathname)[0])).toMatchObject({
      type: 'webhook.test',
      livemode: false,
    });
    await page.getByTestId('deliveries-body').getByRole('row').first().waitFor();
    expect(await page.getByTestId('deliveries-body').getByRole('cell', { name: 'webhook.test' }).count()).toBe(1);

    // The webhook form's list picker offers the lists of the page's mode, by name.
    const webhookList = page.getByRole('form', { name: 'New endpoint' }).getByLabel('List', { exact: true });
    await webhookList.locator('option', { hasText: 'Test list' }).waitFor({ state: 'attached' });
    expect(await webhookList.locator('option').allTextContents()).toEqual(['Every list', 'Test list']);

    // The list picker offers the lists of the page's mode, and follows a switch.
    await goToSection(page, 'Keys');
    const form = keyForm();
    const picker = form.getByRole('group', { name: 'Lists the key may reach' });
    await form.getByRole('radio', { name: 'Only the lists I choose' }).check();
    await picker.getByRole('checkbox', { name: 'Test list', exact: true }).waitFor();
    expect(await picker.getByRole('checkbox').count()).toBe(1);

    await switchTo('live');
    await picker.getByRole('checkbox', { name: 'Live list', exact: true }).waitFor();
    expect(await picker.getByRole('checkbox').count()).toBe(1);
    await goToSection(page, 'Webhooks');
    await webhookRow(live.url).waitFor();
    expect(await webhookList.locator('option').allTextContents()).toEqual(['Every list', 'Live list']);
    expect(await webhookRow(test.url).count()).toBe(0);
    // Switching closed what belonged to the other mode.
    expect(await page.getByRole('heading', { name: 'Deliveries' }).isVisible()).toBe(false);
    await goToSection(page, 'Keys');
    await form.getByRole('radio', { name: 'Every list, now and later' }).check();
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  // Needs POST /developers/api/sandbox/reset (the portal's reset route).
  it('resets the test data only once confirmed: Cancel and Escape do nothing, confirming shows what was deleted', async () => {
    const problemsBefore = tab.problems.length;
    expect((await v1(testKey, 'lists', { method: 'POST', body: JSON.stringify({ name: 'Another test list' }) })).status).toBe(200);
    const liveLists = await listNames(liveKey);
    const liveWebhooks = await webhookUrls(liveKey);
    expect(liveLists).toEqual(['Live list']);
    expect(await listNames(testKey)).toEqual(['Test list', 'Another test list']);
    const resets: string[] = [];
    const countResets = (sent: Request) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/developers/api/sandbox/reset') resets.push(sent.url());
    };
    page.on('request', countResets);

    await switchTo('test');
    const dialog = page.getByRole('dialog', { name: 'Reset test data' });
    await resetButton().click();
    await dialog.waitFor();
    // The safe choice has the focus; the action is styled as destructive.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await dialog.getByRole('button', { name: 'Reset test data', exact: true }).getAttribute('class')).toBe('danger');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitFor(() => page.evaluate(() => document.activeElement?.textContent === 'Reset test data'), { what: 'focus back on Reset' });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(resets).toEqual([]);
    expect(await listNames(testKey)).toEqual(['Test list', 'Another test list']);

    await resetButton().click();
    await dialog.getByRole('button', { name: 'Reset test data', exact: true }).click();
    const said = "Test data reset: 2 lists deleted, 0 memberships in others' lists ended, 1 webhook deleted.";
    await statusSays(page, said);
    expect(await page.getByTestId('sandbox-reset-result').textContent()).toBe(said);
    expect(resets).toHaveLength(1);
    await goToSection(page, 'Webhooks');
    await page.getByRole('region', { name: 'Webhooks' }).getByText('No webhooks yet.').waitFor();
    expect(await listNames(testKey)).toEqual([]);
    expect(await webhookUrls(testKey)).toEqual([]);
    // The test key still works, and nothing live changed.
    expect((await v1(testKey, 'me')).status).toBe(200);
    await goToSection(page, 'Keys');
    await keyRow('sandbox key').waitFor();
    expect(await listNames(liveKey)).toEqual(liveLists);
    expect(await webhookUrls(liveKey)).toEqual(liveWebhooks);

    await switchTo('live');
    expect(await page.getByTestId('sandbox-reset-result').isVisible()).toBe(false);
    expect(await resetButton().isVisible()).toBe(false);
    page.off('request', countResets);
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });

  it('fits 1280 px and 390 px in test mode: the switch, the banner, the keys and the reset dialog', async () => {
    const problemsBefore = tab.problems.length;
    await switchTo('test');
    await addWebhook(`/layout-${'x'.repeat(60)}`);
    const label = `layout key ${'with-a-long-label-without-spaces-'.repeat(2)}`;
    await createKey(label);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      for (const right of await keyRow(label)
        .getByRole('cell')
        .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right))) {
        expect(right).toBeLessThanOrEqual(width);
      }
      const toggle = (await page.locator('label.switch').boundingBox())!;
      expect(toggle.x + toggle.width).toBeLessThanOrEqual(width);

      await resetButton().click();
      const dialog = page.getByRole('dialog', { name: 'Reset test data' });
      await dialog.waitFor();
      await expectNoSidewaysScroll(page);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await switchTo('live');
    expect(tab.problems.slice(problemsBefore)).toEqual([]);
  });
});
