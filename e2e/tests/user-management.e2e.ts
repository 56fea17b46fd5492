import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';
import { ADMIN } from '../support/server.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('user management', () => {
  test('the admin creates a user who can then sign in', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/settings/user/');
    await page.getByRole('link', { name: 'User Management' }).click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();

    const form = page.getByRole('form', { name: 'Add a user' });
    await form.getByLabel('Username').fill('newcomer');
    await form.getByLabel('Password').fill('newcomer-password');
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Created user newcomer.').waitFor();
    await page.getByRole('row', { name: /newcomer/ }).waitFor();

    const fresh = await newContext(browser, baseURL);
    const newcomer = await fresh.newPage();
    await signIn(newcomer, 'newcomer', 'newcomer-password');
    const names = await newcomer
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.textContent));
    expect(names).not.toContain('Downloads');
    await fresh.close();
    await context.close();
  });

  test('the server refuses to disable the last superuser and the page says why', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/settings/users/');

    const row = page.getByRole('row', { name: new RegExp(`^${ADMIN.username}\\b`) });
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByRole('alert').waitFor();
    expect(await row.getByRole('alert').textContent()).toContain('last active superuser');
    await context.close();
  });
});
