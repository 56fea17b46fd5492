import type { Page } from 'playwright-core';

/** Signs in through the login form and waits for the home page. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login/');
  await fillLogin(page, username, password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Recent Videos' }).waitFor();
}

export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
