import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { channelNamed, pageApi, playlistNamed } from '../support/archive.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { LONG_VIDEO } from '../support/library.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const token = inject('adminToken');
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
const THEMES = ['dark', 'light', 'matrix', 'midnight'] as const;
const PAINTER = { username: 'painter', password: 'painter-password-1' };
let browser: Browser;
let page: Page;
let screens: { name: string; url: string; ready: string }[];

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  await createUser(baseURL, token, PAINTER);
  const channel = await channelNamed(baseURL, token, 'Trail Notes');
  const playlist = await playlistNamed(baseURL, token, 'Your first hike');
  screens = [
    { name: 'home', url: '/', ready: '[data-testid="video-card"]' },
    { name: 'channels', url: '/channel/', ready: '[data-testid="channel-card"]' },
    { name: 'channel', url: `/channel/${channel.channel_id}`, ready: '[data-testid="video-card"]' },
    { name: 'channel-about', url: `/channel/${channel.channel_id}/about/`, ready: '.description-box' },
    { name: 'playlists', url: '/playlist/', ready: '[data-testid="playlist-card"]' },
    { name: 'playlist', url: `/playlist/${playlist.playlist_id}`, ready: '[data-testid="video-card"]' },
    { name: 'video', url: `/video/${LONG_VIDEO.id}`, ready: '.comments' },
  ];
  page = await (await newContext(browser, baseURL)).newPage();
  await signIn(page, PAINTER.username, PAINTER.password);
});

afterAll(async () => {
  await browser?.close();
});

/** WCAG contrast ratio of an element's text against the page background (both opaque in our themes). */
function contrastOf(selector: string) {
  return page.evaluate((css) => {
    const luminance = (color: string) => {
      const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const text = getComputedStyle(document.querySelector(css)!).color;
    const background = getComputedStyle(document.body).backgroundColor;
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  }, selector);
}

describe('themes', () => {
  test('each of the four themes renders every main screen legibly (screenshots in e2e/artifacts/)', async () => {
    for (const theme of THEMES) {
      await pageApi(page, '/api/user/me/', 'POST', { stylesheet: theme });
      for (const screen of screens) {
        await page.goto(screen.url);
        await page.locator(screen.ready).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme), screen.name).toBe(theme);
        for (const selector of ['h1', '.top-bar a']) {
          expect(await contrastOf(selector), `${theme} ${screen.name} ${selector}`).toBeGreaterThanOrEqual(
            4.5,
          );
        }
        await page.screenshot({ path: path.join(ARTIFACTS, `${theme}-${screen.name}.png`), fullPage: true });
      }
    }
    expect(fs.readdirSync(ARTIFACTS).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(
      THEMES.length * screens.length,
    );
  });
});
