import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
const STAFF = { username: 'failure-reader', password: 'failure-reader-password-1' };
/** A video of the fake provider's catalogue that starts failing, once queued, with a real yt-dlp text. */
const VIDEO = { id: 'bravoVid002', title: 'Shaping a batard' };
const MEMBERS_ONLY = `[youtube] ${VIDEO.id}: Join this channel to get access to members-only content like this video, and other exclusive perks.`;
let browser: Browser;

const api = (method: string, url: string, body?: object) =>
  fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Token ${inject('adminToken')}`, 'content-type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, inject('adminToken'), { ...STAFF, is_staff: true });
});

afterAll(async () => {
  fs.rmSync(inject('providerFailuresFile'), { force: true });
  await api('DELETE', `/api/download/${VIDEO.id}/`);
  await browser?.close();
});

describe('failure diagnosis', () => {
  test('a failed download shows its category and advice on the Downloads page; Ignore takes it out', async () => {
    expect((await api('POST', '/api/download/', { data: [{ youtube_id: VIDEO.id }] })).status).toBe(200);
    await until(
      async () => ((await api('GET', `/api/download/${VIDEO.id}/`)).ok ? true : undefined),
      'queued',
    );

    // the provider now refuses it, as for a members-only video; Download now starts a run for it alone
    fs.writeFileSync(inject('providerFailuresFile'), JSON.stringify({ [VIDEO.id]: MEMBERS_ONLY }));
    expect((await api('POST', `/api/download/${VIDEO.id}/`, { status: 'priority' })).status).toBe(200);
    await until(async () => {
      const item = (await (await api('GET', `/api/download/${VIDEO.id}/`)).json()) as { message?: string };
      return item.message ? true : undefined;
    }, 'the failure');

    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, STAFF.username, STAFF.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Downloads' }).click();
    const item = page.getByTestId('download-item').filter({ hasText: VIDEO.title });
    await item.waitFor();
    expect(await item.getByText(MEMBERS_ONLY).isVisible()).toBe(true);
    expect(await item.getByTestId('download-diagnosis').textContent()).toBe(
      'Members-only: Import a cookie of an account that is a member of this channel (Settings > Application).',
    );
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await item.screenshot({ path: path.join(ARTIFACTS, 'failure-diagnosis.png') });

    await item.getByRole('button', { name: 'Ignore' }).click();
    await item.waitFor({ state: 'detached' });
    const ignored = (await (await api('GET', `/api/download/${VIDEO.id}/`)).json()) as { status: string };
    expect(ignored.status).toBe('ignore');
    await context.close();
  });
});
