import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';
import { ADMIN } from '../support/server.ts';

const baseURL = inject('baseURL');
let browser: Browser;

/**
 * The demo library (seeded by the harness) says "Thanks for watching!" as the last of six cues spread
 * evenly over each 4 s video clip (apps/server/src/demo/demo-subtitles.ts), so in "Sourdough bread without
 * a mixer" it is heard from 5/6 · 4 s = 3.333 s: the second subtitle fragment, not the start of the video.
 */
const PHRASE = 'thanks for watching';
const VIDEO_TITLE = 'Sourdough bread without a mixer';
const CUE_START = 3.333;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function searchFor(page: Page, query: string): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await page.waitForURL((url) => url.pathname === '/search/');
  await page.getByRole('heading', { name: 'Keyword cheatsheet' }).waitFor();
  // typed key by key, as a person does: the box is focused on arrival and debounced
  await page.keyboard.type(query, { delay: 30 });
  await page.waitForURL((url) => url.searchParams.get('query') === query);
}

describe('search', () => {
  test('a phrase heard in a demo video finds its subtitle line, and the hit plays from that moment', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await searchFor(page, `full:${PHRASE}`);

    const hit = page
      .getByTestId('fulltext-hit')
      .filter({ has: page.getByRole('link', { name: VIDEO_TITLE, exact: true }) });
    await hit.waitFor();
    expect(await hit.locator('.search-hit-line').textContent()).toBe('Thanks for watching!');
    const marked = (await hit.locator('mark').allTextContents()).map((word) => word.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['thanks', 'watching']));
    expect(await hit.getByText('0:03 – 0:04').isVisible()).toBe(true);

    await hit.getByRole('link', { name: VIDEO_TITLE, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/video/'));
    const url = new URL(page.url());
    expect(Number(url.searchParams.get('t'))).toBeCloseTo(CUE_START, 3);
    await page.getByRole('heading', { name: VIDEO_TITLE, level: 1 }).waitFor();
    // the player seeks once the file's metadata is in: it then stands at the cue
    await page.waitForFunction(
      (start) => {
        const video = document.querySelector('video');
        return !!video && video.readyState >= 1 && Math.abs(video.currentTime - start) < 0.25;
      },
      CUE_START,
      { timeout: 10_000 },
    );

    // Back returns to the results with the query in the box
    await page.goBack();
    await hit.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search query' }).inputValue()).toBe(`full:${PHRASE}`);
    await context.close();
  });

  test('at 390 px the results fit the screen', async () => {
    const context = await newContext(browser, baseURL, { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await searchFor(page, 'bread');
    await page.getByRole('heading', { name: 'Video' }).waitFor();
    await page.getByRole('heading', { name: 'Playlist' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
