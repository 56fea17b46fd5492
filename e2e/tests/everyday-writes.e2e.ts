import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { channelNamed, pageApi, videosOf, type VideoFacts } from '../support/archive.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

/**
 * Issue 15: the writes upstream-style clients failed at (theme, hide watched, watched marks, log out,
 * delete), done through our web app in Chromium, plus the home table view.
 */
const baseURL = inject('baseURL');
const token = inject('adminToken');
const KEEPER = { username: 'keeper', password: 'keeper-password-1', is_staff: true };
let browser: Browser;
let page: Page;
let trail: VideoFacts[];

const apiVideo = (id: string) => pageApi<{ player: { watched: boolean } }>(page, `/api/video/${id}/`);
const userConfig = () => pageApi<Record<string, unknown>>(page, '/api/user/me/');

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, token, KEEPER);
  trail = await videosOf(baseURL, token, (await channelNamed(baseURL, token, 'Trail Notes')).channel_id);
  page = await (await newContext(browser, baseURL)).newPage();
  await signIn(page, KEEPER.username, KEEPER.password);
});

afterAll(async () => {
  await browser?.close();
});

describe('everyday writes through the web app', () => {
  test('chooses a theme on the user settings page', async () => {
    await page.goto('/settings/user/');
    await page.getByLabel('Color scheme').selectOption('light');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expect.poll(async () => (await userConfig()).stylesheet).toBe('light');
  });

  test('hides watched videos, then shows all again', async () => {
    await page.goto('/');
    await page.getByTestId('video-card').first().waitFor();
    const all = await page.getByTestId('video-card').count();
    // the switch's input is drawn over by its track, so the label is what a user clicks
    const label = page.getByText('Show unwatched only');
    await label.click();
    await expect.poll(async () => (await userConfig()).hide_watched).toBe(true);
    await label.click();
    await expect.poll(async () => (await userConfig()).hide_watched).toBe(false);
    await expect.poll(() => page.getByTestId('video-card').count()).toBe(all);
  });

  test('shows the home table view and sorts it by duration', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Table view' }).click();
    await page.getByTestId('video-row').first().waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Title',
      'Channel',
      expect.stringMatching(/^Published/),
      'Duration',
      'Size',
      'Watched',
    ]);
    await page.getByRole('button', { name: 'Duration' }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: /Duration/ }).getAttribute('aria-sort'))
      .toBe('descending');
    // the header turns at the click; the rows follow when the sorted page arrives (another sort is another
    // list, so a spinner replaces the table until then: an empty table is not yet the sorted one)
    const seconds = async () =>
      (await page.locator('[data-testid="video-row"] td:nth-child(4)').allTextContents()).map((text) =>
        text
          .split(' ')
          .reduce(
            (sum, part) =>
              sum + Number(part.slice(0, -1)) * (part.endsWith('h') ? 3600 : part.endsWith('m') ? 60 : 1),
            0,
          ),
      );
    const sortedDescending = (list: number[]) => list.every((value, i) => i === 0 || list[i - 1]! >= value);
    const sortedRows = async () => {
      const list = await seconds();
      return list.length > 1 && sortedDescending(list);
    };
    await expect.poll(sortedRows, { timeout: 10_000 }).toBe(true);
    expect((await userConfig()).view_style_home).toBe('table');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.getByTestId('video-card').first().waitFor();
  });

  test('marks a video watched and unwatched from its card', async () => {
    await page.goto('/');
    const button = page
      .getByTestId('video-card')
      .getByRole('button', { name: /^Mark .* as watched$/ })
      .first();
    const title = (await button.getAttribute('aria-label'))!.replace(/^Mark (.*) as watched$/, '$1');
    const card = page.getByTestId('video-card').filter({ hasText: title }).first();
    const id = (await card.locator('.video-card-title a').getAttribute('href'))!.split('/').at(-1)!;
    await button.click();
    await expect.poll(async () => (await apiVideo(id)).player.watched).toBe(true);
    await card.getByRole('button', { name: `Mark ${title} as unwatched` }).click();
    await expect.poll(async () => (await apiVideo(id)).player.watched).toBe(false);
  });

  test('marks a video watched and unwatched on its page', async () => {
    const video = trail.find((v) => !v.player.watched)!;
    await page.goto(`/video/${video.youtube_id}`);
    await page.getByRole('button', { name: `Mark ${video.title} as watched` }).click();
    await expect.poll(async () => (await apiVideo(video.youtube_id)).player.watched).toBe(true);
    await page.getByRole('button', { name: `Mark ${video.title} as unwatched` }).click();
    await expect.poll(async () => (await apiVideo(video.youtube_id)).player.watched).toBe(false);
  });

  test('deletes a video', async () => {
    // a video in no playlist, so specs that count a playlist's archived entries are not affected
    const inNoPlaylist: VideoFacts[] = [];
    for (const video of trail) {
      const full = await pageApi<{ playlist: string[] }>(page, `/api/video/${video.youtube_id}/`);
      if (full.playlist.length === 0) inNoPlaylist.push(video);
    }
    const victim = inNoPlaylist.filter((v) => v.vid_type === 'shorts').at(-1) ?? inNoPlaylist.at(-1)!;
    await page.goto(`/video/${victim.youtube_id}`);
    await page.getByRole('button', { name: 'Delete Video' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm delete' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/channel/'));
    const gone = await fetch(`${baseURL}/api/video/${victim.youtube_id}/`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(gone.status).toBe(404);
  });

  test('logs out', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    const ping = await page.evaluate(async () => (await fetch('/api/ping/')).status);
    expect(ping).toBe(403);
  });
});
