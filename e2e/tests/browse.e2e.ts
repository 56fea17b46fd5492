import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { channelNamed, playlistNamed, type ChannelFacts, type PlaylistFacts } from '../support/archive.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { pathOf, signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const token = inject('adminToken');
const VIEWER = { username: 'browse-viewer', password: 'browse-password-1' };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let kitchen: ChannelFacts;
let hike: PlaylistFacts;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, token, VIEWER);
  kitchen = await channelNamed(baseURL, token, 'Kitchen Basics');
  hike = await playlistNamed(baseURL, token, 'Your first hike');
  context = await newContext(browser, baseURL);
  page = await context.newPage();
  await signIn(page, VIEWER.username, VIEWER.password);
});

afterAll(async () => {
  await browser?.close();
});

const cards = () => page.getByTestId('video-card');
const gridItems = () =>
  page
    .locator('.video-list')
    .first()
    .evaluate((list) => (list as HTMLElement).style.getPropertyValue('--grid-items'));

describe('browsing the demo library as a regular user', () => {
  test('home: Recent Videos with its controls, pages and arrow keys; choices kept across a reload', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Recent Videos' }).waitFor();
    await cards().nth(11).waitFor();
    expect(await cards().count()).toBe(12);
    expect(await page.getByRole('switch', { name: 'Show unwatched only' }).isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: 'Fewer items per row' }).count()).toBe(0);

    const pages = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pages.getByText('Page 1').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.search === '?page=2');
    await pages.getByText('Page 2').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL((url) => url.search === '');

    await page.getByRole('button', { name: 'More items per row' }).click();
    await page.getByRole('button', { name: 'Fewer items per row' }).waitFor();
    await page.getByLabel('Sort by').selectOption('duration');
    await page.getByLabel('Sort order').selectOption('asc');
    await page.getByRole('button', { name: 'List view' }).click();
    await page.locator('.video-list.list').waitFor();
    await page.reload();
    await page.locator('.video-list.list').waitFor();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('duration');
    expect(await page.getByLabel('Sort order').inputValue()).toBe('asc');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.locator('.video-list.grid').waitFor();
    expect(await gridItems()).toBe('4');
  });

  test('channel list, the channel pages by their sub-navigation, and an unknown channel', async () => {
    await page.goto('/channel/');
    await page.getByRole('heading', { name: 'Channels' }).waitFor();
    await page.getByRole('link', { name: 'Kitchen Basics' }).waitFor();
    // other specs may subscribe to more channels; the three demo channels are always there
    for (const name of ['Byte Sized', 'Kitchen Basics', 'Trail Notes']) {
      expect(await page.getByTestId('channel-card').filter({ hasText: name }).count(), name).toBe(1);
    }
    expect(await page.getByRole('switch', { name: 'Show subscribed only' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Kitchen Basics' }).click();
    await page.getByRole('heading', { name: 'Channel: Kitchen Basics' }).waitFor();
    const subNav = page.getByRole('navigation', { name: 'Channel' });
    await subNav.getByRole('link', { name: 'Playlists' }).waitFor();
    expect(await subNav.getByRole('link').allTextContents()).toEqual([
      'Videos',
      'Streams',
      'Shorts',
      'Playlists',
      'About',
    ]);
    await page.getByText(/\d+ videos \| .* playback \| Total size/).waitFor();
    expect(await page.getByRole('button', { name: 'Mark as watched' }).count()).toBe(1);
    await cards().first().waitFor();

    await subNav.getByRole('link', { name: 'Streams' }).click();
    await page.waitForURL(`**/channel/${kitchen.channel_id}/streams/`);
    await expect
      .poll(async () => {
        const titles = await page.locator('.video-card-title').allTextContents();
        return titles.length > 0 && titles.every((title) => title.startsWith('Live'));
      })
      .toBe(true);

    await subNav.getByRole('link', { name: 'Playlists' }).click();
    await page.getByRole('link', { name: 'Bread from scratch' }).waitFor();

    await subNav.getByRole('link', { name: 'About' }).click();
    await page.getByText('Last refreshed:').waitFor();
    expect(await page.getByRole('link', { name: 'Active' }).getAttribute('href')).toBe(
      `https://www.youtube.com/channel/${kitchen.channel_id}`,
    );
    for (const name of ['Channel Customization', 'Page Size Overrides']) {
      expect(await page.getByRole('heading', { name }).count()).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Delete Channel' }).count()).toBe(0);

    await page.goto('/channel/UCnoSuchChannel0000000000/');
    await page.getByRole('heading', { name: 'Channel UCnoSuchChannel0000000000 not found!' }).waitFor();
  });

  test('playlists: the list, a provider playlist page, and the 404 page', async () => {
    await page.goto('/playlist/');
    await page.getByRole('heading', { name: 'Playlists' }).waitFor();
    await page.getByRole('link', { name: 'Bread from scratch' }).waitFor();
    // spec §6: every signed-in user manages custom playlists
    expect(await page.getByLabel('Create a custom playlist').count()).toBe(1);

    await page.getByRole('link', { name: 'Your first hike' }).click();
    await page.getByRole('heading', { name: 'Your first hike', level: 1 }).waitFor();
    await page.getByTestId('channel-overview').getByRole('link', { name: 'Trail Notes' }).waitFor();
    await page.getByText('Youtube: Active').waitFor();
    await page
      .getByText(`Total Videos archived: ${hike.playlist_entries.length}/${hike.playlist_entries.length}`)
      .waitFor();
    // a one-line description fits its box: no Show more
    await page.getByText('Start here: packing, navigation and safety.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Hide watched videos' }).count()).toBe(1);
    await cards()
      .nth(hike.playlist_entries.length - 1)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Delete Playlist' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);

    await page.goto('/playlist/PLnoSuchPlaylist/');
    await page.getByText('That playlist does not exist').waitFor();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('video page: facts, description, comments, similar videos, playlist navigation; the 404 page', async () => {
    const middle = hike.playlist_entries[1]!.youtube_id;
    await page.goto(`/video/${middle}`);
    await page.locator('video').waitFor();
    for (const text of ['Published:', 'Last refreshed:', 'Watched:', 'Views:', 'Likes:', 'Youtube:']) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    await page.getByText(/^File size: [\d.]+ KiB$/).waitFor();
    await page
      .getByRole('list', { name: 'Streams' })
      .getByText(/^Video: h264/)
      .waitFor();
    expect(await page.getByRole('link', { name: 'Download File' }).getAttribute('href')).toMatch(
      /^\/youtube\/.+\.mp4$/,
    );
    // the eight-line description is clipped: Show more opens it, Show less closes it
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByRole('button', { name: 'Show less' }).click();
    await page.getByRole('button', { name: 'Show more' }).waitFor();
    await page.getByRole('heading', { name: /^Comments: \d+$/ }).waitFor();
    await page
      .getByRole('list', { name: /^Replies to / })
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Similar Videos' }).waitFor();
    const nav = page.getByRole('region', { name: 'Playlist Your first hike' });
    await nav.getByRole('link', { name: 'Playlist [2]: Your first hike' }).waitFor();
    await nav.getByText('Previous:').waitFor();
    await nav.getByText('Next:').waitFor();
    expect(await nav.getByRole('switch', { name: 'Autoplay' }).isChecked()).toBe(false);
    expect(await page.locator('video track').count()).toBe(2);
    for (const name of ['Delete Video', 'Subscribe', 'Unsubscribe']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    // spec §6: every signed-in user manages playlist membership
    expect(await page.getByRole('button', { name: 'Add To Playlist' }).count()).toBe(1);

    await page.goto('/video/noSuchVideo/');
    await page.getByText('That video does not exist').waitFor();
    expect(pathOf(page)).toBe('/video/noSuchVideo/');
  });

  test('at 390 px wide the pages fit: no sideways scrolling, cards and player within the screen', async () => {
    const phone = await newContext(browser, baseURL, { width: 390, height: 844 });
    const small = await phone.newPage();
    await signIn(small, VIEWER.username, VIEWER.password);
    const screens = [
      '/',
      `/channel/${kitchen.channel_id}`,
      `/playlist/${hike.playlist_id}`,
      `/video/${hike.playlist_entries[0]!.youtube_id}`,
    ];
    for (const url of screens) {
      await small.goto(url);
      await small
        .locator(url.startsWith('/video/') ? 'video' : '[data-testid="video-card"]')
        .first()
        .waitFor();
      const width = await small.evaluate(() => document.documentElement.scrollWidth);
      expect(width, url).toBeLessThanOrEqual(390);
      const box = await small
        .locator(url.startsWith('/video/') ? 'video' : '[data-testid="video-card"]')
        .first()
        .boundingBox();
      expect(box!.x + box!.width, url).toBeLessThanOrEqual(390);
    }
    await phone.close();
  });
});
