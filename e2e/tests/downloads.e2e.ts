import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const STAFF = { username: 'queue-keeper', password: 'queue-keeper-password-1' };
/** A video of the fake provider's catalogue (apps/server/test/fixtures/fake-yt-dlp). */
const VIDEO = { id: 'bravoVid001', title: 'Sourdough starter from scratch' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = inject('adminToken');
  await createUser(baseURL, token, { ...STAFF, is_staff: true });
  // no rand_sleep between provider calls: the fake answers at once
  const response = await fetch(`${baseURL}/api/appsettings/config/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ downloads: { sleep_interval: 0 } }),
  });
  expect(response.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

const item = (page: Page) => page.getByTestId('download-item').filter({ hasText: VIDEO.title });
/** The switch's input is drawn over by its track, so the label is what a user clicks. */
async function showIgnored(page: Page, on: boolean) {
  await page.getByText('Show only ignored videos').click();
  const toggle = page.getByRole('switch', { name: 'Show only ignored videos' });
  await expect.poll(() => toggle.isChecked()).toBe(on);
}

describe('download queue', () => {
  test('add a batch with a bad line, ignore, add back and forget', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, STAFF.username, STAFF.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Downloads' }).click();
    await page.getByRole('heading', { name: 'Downloads' }).waitFor();

    await page.getByRole('button', { name: 'Add to download queue' }).click();
    await page
      .getByPlaceholder('Enter at least one video, channel or playlist id/URL here...')
      .fill(`${VIDEO.id}\nnot-a-valid-id`);
    await page.getByRole('button', { name: 'Add to queue', exact: true }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Added 1 video to the queue.' });
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('not-a-valid-id: not a valid id_str');
    await item(page).waitFor();
    expect(await item(page).getByRole('listitem').first().textContent()).toBe('queued');
    expect(await item(page).getByRole('link', { name: VIDEO.title }).getAttribute('href')).toBe(
      `https://www.youtube.com/watch?v=${VIDEO.id}`,
    );

    await item(page).getByRole('button', { name: 'Ignore' }).click();
    await item(page).waitFor({ state: 'detached' });
    await showIgnored(page, true);
    await item(page).waitFor();
    expect(await item(page).getByRole('listitem').first().textContent()).toBe('ignored');

    await item(page).getByRole('button', { name: 'Add to queue' }).click();
    await item(page).waitFor({ state: 'detached' });
    await showIgnored(page, false);
    await item(page).waitFor();

    await item(page).getByRole('button', { name: 'Ignore' }).click();
    await item(page).waitFor({ state: 'detached' });
    await showIgnored(page, true);
    await item(page).getByRole('button', { name: 'Forget' }).click();
    await item(page).waitFor({ state: 'detached' });
    await showIgnored(page, false);
    await page.getByText(/Total videos in queue: \d+/).waitFor();
    expect(await item(page).count()).toBe(0);
    const gone = await page.evaluate(async (id) => (await fetch(`/api/download/${id}/`)).status, VIDEO.id);
    expect(gone).toBe(404);
    await context.close();
  });
});
