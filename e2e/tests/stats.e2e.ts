import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { apiRequest, createUser } from '../support/api.ts';
import { pageApi } from '../support/archive.ts';
import { LONG_VIDEO } from '../support/library.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const token = inject('adminToken');
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
const THEMES = ['dark', 'light', 'matrix', 'midnight'] as const;
// statistics are open to every signed-in user: a regular one looks at them
const READER = { username: 'statsreader', password: 'stats-reader-password-1' };
// the Workers card reads the health details, which are for staff
const KEEPER = { username: 'statskeeper', password: 'stats-keeper-password-1', is_staff: true };

interface Bucket {
  doc_count: number;
  duration_str: string;
}
interface Biggest {
  name: string;
  doc_count: number;
  duration: number;
  media_size: number;
}
const get = <T>(url: string) => apiRequest<T>(baseURL, token, url);
const totalOf = async (url: string) =>
  (await get<{ paginate: { total_hits: number } }>(url)).paginate.total_hits;

let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  await createUser(baseURL, token, READER);
  await createUser(baseURL, token, KEEPER);
});

afterAll(async () => {
  await browser?.close();
});

async function openDashboard(page: Page) {
  await page.goto('/settings/');
  await page.getByRole('region', { name: 'Biggest channels' }).getByRole('link').first().waitFor();
}

const cardText = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true }).innerText();

const STATS_CARDS = [
  'Videos',
  'Channels',
  'Playlists',
  'Download queue',
  'Watch progress',
  'Download history',
  'Biggest channels',
];

/**
 * What a reader cannot read at a glance: a figure of the statistic cards ("84.4 KiB", "2026-11-26",
 * "1m 11s", "(79 %)") broken over two lines, or a card wider than its frame.
 */
function unreadable(page: Page): Promise<string[]> {
  return page.evaluate((titles) => {
    const found: string[] = [];
    // Array.from: the e2e package's types have no DOM iterables
    for (const card of Array.from(document.querySelectorAll<HTMLElement>('.stat-card'))) {
      const title = card.querySelector('h2')?.textContent ?? '';
      if (!titles.includes(title)) continue;
      if (card.scrollWidth > card.clientWidth)
        found.push(`${title}: ${card.scrollWidth} px in ${card.clientWidth}`);
      for (const cell of Array.from(card.querySelectorAll('td, dd, .figure'))) {
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(text);
          const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) found.push(`${title}: "${text.textContent}" on ${lines.size} lines`);
        }
      }
    }
    return found;
  }, STATS_CARDS);
}

/**
 * How the chart tells a day's two bars (videos, size) apart other than by where they stand: by a fill
 * against an outline, else by colours at least 3:1 apart (WCAG 1.4.11); null when it does not.
 */
function seriesApart(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const [count, size] = ['count', 'size'].map((series) =>
      getComputedStyle(document.querySelector(`rect.chart-bar.${series}`)!),
    );
    if ((count!.fill === 'none') !== (size!.fill === 'none')) return 'filled and outlined';
    const luminance = (color: string) => {
      const [r, g, b] = color
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map((c) => {
          const v = Number(c) / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [a, b] = [luminance(count!.fill), luminance(size!.fill)].sort((x, y) => y - x);
    const ratio = (a! + 0.05) / (b! + 0.05);
    return ratio >= 3 ? `colours ${ratio.toFixed(1)}:1 apart` : null;
  });
}

describe('Settings dashboard statistics', () => {
  test('the cards show the demo library’s figures, the chart a bar per day with downloads', async () => {
    const videos = await get<Bucket & { type_videos: Bucket | null }>('/api/stats/video/');
    // the figures agree with the archive's own lists
    expect(videos.doc_count).toBe(await totalOf('/api/video/'));
    expect(videos.doc_count).toBeGreaterThan(0);
    const channels = await get<{ doc_count: number; subscribed_true: number | null }>('/api/stats/channel/');
    expect(channels.doc_count).toBe(await totalOf('/api/channel/'));
    const playlists = await get<{ doc_count: number }>('/api/stats/playlist/');
    expect(playlists.doc_count).toBe(await totalOf('/api/playlist/'));
    const queue = await get<{ pending: number | null; ignore: number | null }>('/api/stats/download/');
    const history = await get<{ date: string; count: number }[]>('/api/stats/downloadhist/');
    // the demo library was imported when the run started
    expect(history.reduce((sum, day) => sum + day.count, 0)).toBe(videos.doc_count);

    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signIn(page, READER.username, READER.password);
    await page.locator('[data-testid="video-card"]').first().waitFor();
    // the watch card shows the reader's own figures (watched is per user), whatever the admin has watched
    await pageApi(page, '/api/watched/', 'POST', { id: LONG_VIDEO.id, is_watched: true });
    type Watch = { total: { items: number }; watched: { items: number } | null };
    const watch = await pageApi<Watch>(page, '/api/stats/watch/');
    expect(watch.total.items).toBe(videos.doc_count);
    expect(watch.watched?.items).toBe(1);
    const chartCode = (list: string[]) => list.filter((s) => s.includes('download-history-chart'));
    expect(chartCode(scripts), 'the chart code is not part of the other pages').toEqual([]);

    await openDashboard(page);
    const historyCard = page.getByRole('region', { name: 'Download history' });
    // the chart's chunk loads lazily, after the cards: wait for it to draw before counting its requests
    await historyCard.locator('svg').waitFor();
    expect(chartCode(scripts)).toHaveLength(1);
    const videoRows = page.getByRole('region', { name: 'Videos', exact: true }).getByRole('row');
    expect(await videoRows.filter({ hasText: 'All' }).innerText()).toContain(String(videos.doc_count));
    expect(await videoRows.filter({ hasText: 'All' }).innerText()).toContain(videos.duration_str);
    expect(await cardText(page, 'Channels')).toContain(`Total\n${channels.doc_count}`);
    expect(await cardText(page, 'Channels')).toContain(`Subscribed\n${channels.subscribed_true ?? 0}`);
    expect(await cardText(page, 'Playlists')).toContain(`Total\n${playlists.doc_count}`);
    expect(await cardText(page, 'Watch progress')).toContain(`Total\n${watch.total.items} videos`);
    expect(await cardText(page, 'Watch progress')).toContain('Watched\n1 video,');
    expect(await cardText(page, 'Download queue')).toContain(`Pending\n${queue.pending ?? 0}`);
    expect(await cardText(page, 'Download queue')).toContain(`Ignored\n${queue.ignore ?? 0}`);
    expect(await historyCard.locator('rect.chart-bar.count').count()).toBe(history.length);
    expect(await historyCard.getByRole('row').count()).toBe(history.length + 1);
    await context.close();
  });

  test('switching the biggest channels’ order shows that order, rows and bars', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, READER.username, READER.password);
    await openDashboard(page);
    type Order = 'doc_count' | 'duration' | 'media_size';
    const biggest = (order: Order) => get<Biggest[]>(`/api/stats/biggestchannels/?order=${order}`);
    const card = page.getByRole('region', { name: 'Biggest channels' });
    const shown = () => card.getByRole('link').allInnerTexts();
    // each row's bar is its share of the first row in the chosen order
    const barWidths = () =>
      card
        .locator('.share-bar > span')
        .evaluateAll((bars) => bars.map((bar) => Math.round(parseFloat((bar as HTMLElement).style.width))));
    const expectedWidths = (list: Biggest[], order: Order) =>
      list.map((c) => Math.round((c[order] / Math.max(1, ...list.map((x) => x[order]))) * 100));
    expect(await shown()).toEqual((await biggest('doc_count')).map((c) => c.name));
    // The other specs share this server and change the archive, so the three orders may rank the channels
    // alike; the bars still differ (counts and durations give other shares), and both must follow the choice.
    for (const [label, order] of [
      ['Duration', 'duration'],
      ['Size', 'media_size'],
      ['Videos', 'doc_count'],
    ] as const) {
      const expected = await biggest(order);
      await page.getByRole('button', { name: label, exact: true }).click();
      await expect.poll(shown).toEqual(expected.map((c) => c.name));
      await expect.poll(barWidths).toEqual(expectedWidths(expected, order));
      expect(await page.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    }
    const byCount = await biggest('doc_count');
    const byDuration = await biggest('duration');
    expect(expectedWidths(byCount, 'doc_count')).not.toEqual(expectedWidths(byDuration, 'duration'));
    await context.close();
  });

  test('staff see the Workers card: this server runs the tasks itself (no REDIS_URL); others do not', async () => {
    type Runners = { queue: string; workers: { id: string; host: string; pid: number }[] };
    const { task_runners: runners } = await get<{ task_runners: Runners }>('/api/health/?details=true');
    expect(runners.queue).toBe('embedded');
    const server = runners.workers[0]!;
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, KEEPER.username, KEEPER.password);
    await openDashboard(page);
    const card = page.getByRole('region', { name: 'Workers', exact: true });
    await card.getByText('This server runs every task itself (no REDIS_URL).').waitFor();
    const row = card.getByRole('row').filter({ hasText: server.id });
    expect(await row.innerText()).toContain(`(${server.host}, pid ${server.pid})`);
    await context.close();
    // on a phone the card's table stacks its cells like the other tables
    const phone = await (await newContext(browser, baseURL, { width: 390, height: 844 })).newPage();
    await signIn(phone, KEEPER.username, KEEPER.password);
    await openDashboard(phone);
    await phone.getByRole('region', { name: 'Workers', exact: true }).getByRole('row').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: path.join(ARTIFACTS, 'dashboard-workers-phone.png'), fullPage: true });
    await phone.context().close();

    const readerContext = await newContext(browser, baseURL);
    const readerPage = await readerContext.newPage();
    await signIn(readerPage, READER.username, READER.password);
    await openDashboard(readerPage);
    expect(await readerPage.getByRole('region', { name: 'Workers', exact: true }).count()).toBe(0);
    await readerContext.close();
  });

  test('legible in the four themes, wide, on a tablet and at 390 px (screenshots in e2e/artifacts/)', async () => {
    const desk = await (await newContext(browser, baseURL)).newPage();
    await signIn(desk, READER.username, READER.password);
    // the tablet is where the history table sits beside the chart in the least room
    const tablet = await (await newContext(browser, baseURL, { width: 768, height: 1024 })).newPage();
    await signIn(tablet, READER.username, READER.password);
    const phone = await (await newContext(browser, baseURL, { width: 390, height: 844 })).newPage();
    await signIn(phone, READER.username, READER.password);
    // the reader has watched something (their own mark), so the watch card shows all three of its lines
    await pageApi(desk, '/api/watched/', 'POST', { id: LONG_VIDEO.id, is_watched: true });
    for (const theme of THEMES) {
      await pageApi(desk, '/api/user/me/', 'POST', { stylesheet: theme });
      for (const [page, name, width] of [
        [desk, 'wide', 1280],
        [tablet, 'tablet', 768],
        [phone, 'phone', 390],
      ] as const) {
        await openDashboard(page);
        await page.getByRole('region', { name: 'Download history' }).locator('svg').waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${theme} ${name}`,
        ).toBeLessThanOrEqual(width);
        expect(await unreadable(page), `${theme} ${name}`).toEqual([]);
        expect(await seriesApart(page), `${theme}: videos and size bars told apart`).not.toBeNull();
        await page.screenshot({
          path: path.join(ARTIFACTS, `${theme}-dashboard-${name}.png`),
          fullPage: true,
        });
      }
    }
    await pageApi(desk, '/api/user/me/', 'POST', { stylesheet: 'dark' });
  });
});
