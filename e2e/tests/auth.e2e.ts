import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { fillLogin, pathOf, signIn } from '../support/pages.ts';
import { ADMIN } from '../support/server.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('signing in and out', () => {
  test('a protected page opened signed out redirects to the login page', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/settings/user/');
    await page.waitForURL((url) => url.pathname === '/login/');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await context.close();
  });

  test('a wrong password shows "Failed to login." with the server message and stays on login', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/login/');
    await fillLogin(page, ADMIN.username, 'not-the-password');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Failed to login. Invalid credentials');
    expect(pathOf(page)).toBe('/login/');
    await context.close();
  });

  test('the right password lands on home, with the version in the footer', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);

    // the demo library fills the archive (support/server.ts), so home lists its videos
    await page.getByTestId('video-card').first().waitFor();
    const footer = await page.locator('footer').textContent();
    expect(footer).toMatch(/Tubekeeper v\d+\.\d+\.\d+/);
    await context.close();
  });

  test('logout returns to the login page and ends the session', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login/');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();

    // The server session is gone, not only the page: a protected page sends us back.
    await page.goto('/settings/');
    await page.waitForURL((url) => url.pathname === '/login/');
    await context.close();
  });
});
