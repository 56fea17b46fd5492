import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { channelNamed, pageApi, watchForScriptRuns, type ChannelFacts } from '../support/archive.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { LONG_VIDEO } from '../support/library.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const token = inject('adminToken');
const WATCHER = { username: 'watcher', password: 'watcher-password-1' };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
let bytes: ChannelFacts;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, token, WATCHER);
  bytes = await channelNamed(baseURL, token, 'Byte Sized');
  context = await newContext(browser, baseURL);
  page = await context.newPage();
  problems = watchForScriptRuns(page);
  await signIn(page, WATCHER.username, WATCHER.password);
});

afterAll(async () => {
  await browser?.close();
});

const video = () => page.locator('video');
const currentTime = () => video().evaluate((v: HTMLVideoElement) => v.currentTime);
const toast = () => page.locator('.player-toast');

describe('watching', () => {
  test('plays, answers the keys, saves the position on pause, and shows in Continue Watching', async () => {
    await page.goto(`/video/${LONG_VIDEO.id}`);
    await page.getByRole('heading', { name: LONG_VIDEO.title, level: 1 }).waitFor();
    await video().waitFor();
    // muted playback needs no user gesture; m is the mute key
    await page.keyboard.press('m');
    await toast().getByText('Muted').waitFor();
    await video().evaluate((v: HTMLVideoElement) => v.play());
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Forward 5 seconds');
    await help.waitFor({ state: 'detached', timeout: 4000 });

    await page.keyboard.press('>');
    await toast().getByText('Speed: 1.25x').waitFor();
    expect(await video().evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.25);
    await page.keyboard.press('=');
    await toast().getByText('Speed: 1x').waitFor();

    const before = await currentTime();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await toast().getByText('+5 s').waitFor();
    // Chromium keeps media time in whole microseconds (base::TimeDelta), so each seek may drop up to 1 µs: a
    // video still buffering after three seeks read back 19.058323 for 4.058324 + 15
    expect(await currentTime()).toBeGreaterThanOrEqual(before + 15 - 0.00001);
    await page.keyboard.press('c');
    await toast().getByText('Subtitles on').waitFor();
    expect(await video().evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('showing');

    await video().evaluate((v: HTMLVideoElement) => v.pause());
    const paused = await currentTime();
    await expect
      .poll(
        async () =>
          (await pageApi<{ position?: number }>(page, `/api/video/${LONG_VIDEO.id}/progress/`)).position,
      )
      .toBeCloseTo(paused, 0);
    expect(await page.evaluate(() => localStorage.getItem('playerSpeed'))).toBe('1');

    await page.goto('/');
    const row = page.locator('section.continue-watching');
    await row.getByRole('link', { name: LONG_VIDEO.title, exact: true }).waitFor();
    await page.reload();
    await row.getByRole('link', { name: LONG_VIDEO.title, exact: true }).waitFor();
    expect(
      Number(
        await row
          .locator('.progress-bar span')
          .first()
          .evaluate((bar) => parseFloat((bar as HTMLElement).style.width)),
      ),
    ).toBeGreaterThan(20);
  });

  test('?t= starts the video at that second', async () => {
    await page.goto(`/video/${LONG_VIDEO.id}?t=30`);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    expect(Math.round(await currentTime())).toBe(30);
  });

  test('markup in the description and a comment is shown as text, never run', async () => {
    await page.goto(`/video/${LONG_VIDEO.id}`);
    await page.getByRole('heading', { name: 'Comments: 1' }).waitFor();
    await page.getByText(LONG_VIDEO.descriptionMarkup, { exact: false }).waitFor();
    await page.getByText(LONG_VIDEO.commentMarkup, { exact: false }).waitFor();
    expect(await page.locator('.description-box script, .description-box img, .comments img').count()).toBe(
      0,
    );
    expect(await page.getByRole('link', { name: 'https://example.com/walk' }).getAttribute('rel')).toContain(
      'noopener',
    );
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(problems).toEqual([]);
  });

  test('the embedded player opens from a card with ?videoId= and closes again', async () => {
    await page.goto('/');
    const card = page.getByTestId('video-card').nth(1);
    const title = (await card.locator('.video-card-title').textContent())!;
    // by its title, not by position: a row drawn above (Continue Watching) can move the cards meanwhile
    await page
      .getByRole('link', { name: `Play ${title}` })
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.has('videoId'));
    const overlay = page.getByRole('region', { name: 'Video player' });
    await overlay.locator('video').waitFor();
    await overlay.getByRole('link', { name: title, exact: true }).waitFor();
    await overlay.getByRole('button', { name: 'Close player' }).click();
    await page.waitForURL((url) => !url.searchParams.has('videoId'));
    await overlay.waitFor({ state: 'detached' });
  });

  test('marking a channel watched marks every one of its videos', async () => {
    await page.goto(`/channel/${bytes.channel_id}`);
    await page.getByRole('heading', { name: 'Channel: Byte Sized' }).waitFor();
    await page.getByTestId('video-card').first().waitFor();
    await page.getByRole('button', { name: 'Mark as watched' }).click();
    const unwatchedLeft = page
      .getByTestId('video-card')
      .getByRole('button', { name: /^Mark .* as watched$/ });
    await expect.poll(() => unwatchedLeft.count()).toBe(0);
    const list = await pageApi<{ data: { player: { watched: boolean } }[] }>(
      page,
      `/api/video/?channel=${bytes.channel_id}&watch=unwatched`,
    );
    expect(list.data).toEqual([]);

    await page.getByRole('button', { name: 'Mark as unwatched' }).click();
    await expect.poll(() => unwatchedLeft.count()).toBeGreaterThan(0);
  });
});
