/// <reference lib="dom" />
import { Page } from 'playwright-core';
import { API_TAGS } from '../src/docs/reference-table';
import { describeInBrowser, expectNoSidewaysScroll, serviceInBrowserForFile } from './support/chromium';

/**
 * The reference at /docs in a real browser, with every request to another origin refused: the
 * renderer and the document come from the service itself, every tag of the document is a
 * section, the page obeys its own policy (a blocked script or style is a console error), and
 * nothing sticks out sideways at a desktop's or a phone's width.
 */
describeInBrowser('the API reference at /docs, offline, in a real browser', () => {
  const tab = serviceInBrowserForFile({}, 'reference_page');
  let page: Page;
  const outside: string[] = [];

  beforeAll(async () => {
    page = tab.page;
    await tab.context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${tab.base}/`) || /^(data|blob):/.test(url)) return route.continue();
      outside.push(url);
      return route.abort();
    });
  });

  /** Scrolls to the end, a screen at a time, so that the renderer draws every section. */
  async function scrollThrough(): Promise<void> {
    for (let step = 0; step < 40; step++) {
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      if (atEnd) break;
      await page.waitForFunction(() => true);
    }
  }

  for (const width of [1280, 390]) {
    it(`renders every tag as a section at ${width} px, from this service only, with no sideways scroll`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${tab.base}/docs`, { waitUntil: 'commit' });
      // The first load parses the renderer's 3.5 MB script: on a busy machine that takes seconds.
      await page.getByRole('heading', { name: 'Shared to-do list service', level: 1 }).waitFor({ timeout: 60_000 });
      await scrollThrough();
      for (const { name } of API_TAGS) {
        await page
          .getByRole('heading', { level: 2, name: new RegExp(`^${name}\\b`) })
          .first()
          .waitFor({ state: 'attached' });
      }
      await expectNoSidewaysScroll(page);
      expect(outside).toEqual([]);
      expect(tab.problems).toEqual([]);
    }, 120_000);
  }

  it('shows a route’s summary, its example answer and the curl sample of the document', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${tab.base}/docs`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Shared to-do list service', level: 1 }).waitFor({ timeout: 60_000 });
    await page.getByText('Lists', { exact: true }).first().click();
    await page.getByText('Creates a list owned by the caller', { exact: true }).first().click();
    await page.getByRole('heading', { name: 'Creates a list owned by the caller' }).first().waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('pre')).some(
        (block) => block.textContent?.includes('-H "X-API-Key: $TODO_API_KEY"') && block.textContent.includes(`-d '{"name":"Groceries"}'`),
      ),
    );
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('pre')).some((block) => block.textContent?.includes('"open_item_count"')),
    );
    expect(outside).toEqual([]);
    expect(tab.problems).toEqual([]);
  }, 120_000);
});
