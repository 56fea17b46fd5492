import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { apiRequest, createUser } from '../support/api.ts';
import {
  cardTitles,
  channelNamed,
  playlistNamed,
  videosOf,
  type ChannelFacts,
  type VideoFacts,
} from '../support/archive.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const token = inject('adminToken');
const CURATOR = { username: 'curator', password: 'curator-password-1', is_staff: true };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let kitchen: ChannelFacts;
let kitchenVideos: VideoFacts[];

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, token, CURATOR);
  kitchen = await channelNamed(baseURL, token, 'Kitchen Basics');
  kitchenVideos = await videosOf(baseURL, token, kitchen.channel_id);
  context = await newContext(browser, baseURL);
  page = await context.newPage();
  await signIn(page, CURATOR.username, CURATOR.password);
});

afterAll(async () => {
  await browser?.close();
});

describe('curating as staff', () => {
  test('builds a custom playlist from video pages and reorders it', async () => {
    await page.goto('/playlist/');
    await page.getByLabel('Create a custom playlist').fill('Weeknight dinners');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('link', { name: 'Weeknight dinners' }).click();
    await page.getByRole('heading', { name: 'Weeknight dinners', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No videos found...' }).waitFor();

    const [first, second, third] = kitchenVideos.filter((v) => v.vid_type === 'videos') as [
      VideoFacts,
      VideoFacts,
      VideoFacts,
    ];
    for (const video of [first, second, third]) {
      await page.goto(`/video/${video.youtube_id}`);
      await page.getByRole('button', { name: 'Add To Playlist' }).click();
      const popup = page.getByRole('dialog', { name: 'Add video to...' });
      await popup.getByRole('link', { name: 'Create playlist' }).waitFor();
      const toggle = popup.getByRole('button', { name: 'Weeknight dinners' });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    }

    const { data } = await apiRequest<{ data: { playlist_id: string; playlist_name: string }[] }>(
      baseURL,
      token,
      '/api/playlist/?type=custom',
    );
    const playlistId = data.find((p) => p.playlist_name === 'Weeknight dinners')!.playlist_id;
    await page.goto(`/playlist/${playlistId}`);
    await expect.poll(() => cardTitles(page)).toEqual([first.title, second.title, third.title]);
    expect(await page.getByRole('button', { name: `Move ${first.title} up` }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: `Move ${third.title} to top` }).click();
    await expect.poll(() => cardTitles(page)).toEqual([third.title, first.title, second.title]);
    await page.getByRole('button', { name: `Move ${third.title} down` }).click();
    await expect.poll(() => cardTitles(page)).toEqual([first.title, third.title, second.title]);
    await page.getByRole('button', { name: `Move ${first.title} to bottom` }).click();
    await expect.poll(() => cardTitles(page)).toEqual([third.title, second.title, first.title]);
    await page.getByRole('button', { name: `Move ${first.title} up` }).click();
    await expect.poll(() => cardTitles(page)).toEqual([third.title, first.title, second.title]);
    await page.getByRole('button', { name: `Remove ${second.title} from this playlist` }).click();
    await expect.poll(() => cardTitles(page)).toEqual([third.title, first.title]);
  });

  test('staff controls are there: playlist delete choices, channel customization saved and reset', async () => {
    const bread = await playlistNamed(baseURL, token, 'Bread from scratch');
    await page.goto(`/playlist/${bread.playlist_id}`);
    await page.getByRole('button', { name: 'Delete Playlist' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm delete' });
    expect(await confirm.getByRole('button').allTextContents()).toEqual([
      'Delete metadata',
      'Delete all',
      'Cancel',
    ]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('button', { name: 'Unsubscribe' })
      .or(page.getByRole('button', { name: 'Subscribe' }))
      .first()
      .waitFor();

    await page.goto(`/channel/${kitchen.channel_id}/about/`);
    await page.getByRole('heading', { name: 'Channel Customization' }).waitFor();
    await page.getByRole('heading', { name: 'Page Size Overrides' }).waitFor();
    await page.getByRole('button', { name: 'Delete Channel' }).click();
    await page.getByText('Delete Kitchen Basics including all videos?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByLabel('Download format').fill('bestvideo[height<=720]');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('button', { name: 'reset' }).waitFor();
    await page.reload();
    expect(await page.getByLabel('Download format').inputValue()).toBe('bestvideo[height<=720]');
    const stored = await apiRequest<{ channel_overwrites: Record<string, unknown> }>(
      baseURL,
      token,
      `/api/channel/${kitchen.channel_id}/`,
    );
    expect(stored.channel_overwrites).toEqual({ download_format: 'bestvideo[height<=720]' });
    await page.getByRole('button', { name: 'reset' }).click();
    await expect.poll(() => page.getByLabel('Download format').inputValue()).toBe('');
  });

  test('deletes a video after "Are you sure?" and lands on the channel page', async () => {
    const victim = kitchenVideos.filter((v) => v.vid_type === 'shorts').at(-1)!;
    await page.goto(`/video/${victim.youtube_id}`);
    await page.getByRole('button', { name: 'Delete Video' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm delete' });
    await confirm.getByText('Are you sure?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/channel/${kitchen.channel_id}`);
    await page.getByRole('heading', { name: 'Channel: Kitchen Basics' }).waitFor();
    const gone = await fetch(`${baseURL}/api/video/${victim.youtube_id}/`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(gone.status).toBe(404);
    await page.getByRole('navigation', { name: 'Channel' }).getByRole('link', { name: 'Shorts' }).click();
    await page.getByTestId('video-card').first().waitFor();
    expect(await cardTitles(page)).not.toContain(victim.title);
  });
});
