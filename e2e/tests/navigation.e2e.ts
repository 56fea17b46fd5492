import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';
import { ADMIN } from '../support/server.ts';

const baseURL = inject('baseURL');
const VIEWER = { username: 'nav-viewer', password: 'viewer-password-1' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, inject('adminToken'), VIEWER);
});

afterAll(async () => {
  await browser?.close();
});

async function mainNavLinks(
  username: string,
  password: string,
  viewport?: { width: number; height: number },
) {
  const context = await newContext(browser, baseURL, viewport);
  const page = await context.newPage();
  await signIn(page, username, password);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const names = await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.textContent));
  return { context, page, names };
}

describe('shell navigation', () => {
  test('a regular user does not see the staff-only Downloads item', async () => {
    const { context, names } = await mainNavLinks(VIEWER.username, VIEWER.password);
    expect(names).toEqual(['Home', 'Channels', 'Playlists']);
    await context.close();
  });

  test('the admin sees Downloads', async () => {
    const { context, names } = await mainNavLinks(ADMIN.username, ADMIN.password);
    expect(names).toEqual(['Home', 'Channels', 'Playlists', 'Downloads']);
    await context.close();
  });

  test('an unknown path shows the not-found page inside the shell', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, VIEWER.username, VIEWER.password);

    await page.goto('/no/such/page/');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    await context.close();
  });

  test('at 390 px wide every nav item is on screen and nothing scrolls sideways', async () => {
    const { context, page } = await mainNavLinks(ADMIN.username, ADMIN.password, { width: 390, height: 844 });
    for (const name of ['Home', 'Channels', 'Playlists', 'Downloads', 'Search', 'Settings', 'Logout']) {
      const item = page.getByRole('banner').getByRole(name === 'Logout' ? 'button' : 'link', { name });
      const box = await item.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await context.close();
  });
});
