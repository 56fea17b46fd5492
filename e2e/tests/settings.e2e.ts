import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const USER = { username: 'theme-user', password: 'theme-password-1' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, inject('adminToken'), USER);
});

afterAll(async () => {
  await browser?.close();
});

describe('user settings', () => {
  test('a colour scheme change applies, offers Refresh, and persists across a reload', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, USER.username, USER.password);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe('dark');

    await page.goto('/settings/user/');
    const select = page.getByLabel('Color scheme');
    await select.selectOption('light');
    // Mark this document so the test can tell the reloaded page from the old one.
    await page.evaluate(() => Object.assign(window, { beforeRefresh: true }));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForFunction(() => !('beforeRefresh' in window));
    await page.getByRole('heading', { name: 'User Configurations' }).waitFor();
    expect(await page.getByLabel('Color scheme').inputValue()).toBe('light');
    expect(await theme()).toBe('light');

    // Stored on the server, not only in this browser: a fresh profile gets it after signing in.
    const other = await newContext(browser, baseURL);
    const otherPage = await other.newPage();
    await signIn(otherPage, USER.username, USER.password);
    expect(await otherPage.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await other.close();
    await context.close();
  });
});
