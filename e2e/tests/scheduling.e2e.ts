import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { apiRequest, createUser } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const STAFF = { username: 'schedule-keeper', password: 'schedule-password-1', is_staff: true };
const VIEWER = { username: 'schedule-viewer', password: 'schedule-password-2' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, inject('adminToken'), STAFF);
  await createUser(baseURL, inject('adminToken'), VIEWER);
});

afterAll(async () => {
  await browser?.close();
});

const task = (page: Page, title: string): Locator =>
  page.locator('.schedule-task').filter({ has: page.getByRole('heading', { name: title }) });

describe('Settings: Scheduling', () => {
  test('staff save, see a validation error, disable, and set the refresh days', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, STAFF.username, STAFF.password);
    await page.goto('/settings/');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Scheduling' })
      .click();
    await page.getByRole('heading', { name: 'Scheduler Setup' }).waitFor();

    // the first-install schedule of the metadata refresh is there
    const refresh = task(page, 'Refresh Metadata');
    await refresh.getByText('At 12:00 PM').waitFor();
    expect(await refresh.locator('code').first().textContent()).toBe('0 12 *');

    const rescan = task(page, 'Rescan Subscriptions');
    await rescan.getByText('Not scheduled.').waitFor();
    const input = rescan.getByLabel('Schedule');
    await input.fill('60 8 *');
    await rescan.getByRole('button', { name: 'Save' }).click();
    await rescan
      .getByRole('alert')
      .getByText('Error 400: Invalid minutes. Must be between 0 and 59.')
      .waitFor();
    await input.fill('* 8 *');
    await rescan.getByRole('button', { name: 'Save' }).click();
    await rescan
      .getByRole('alert')
      .getByText('Error 400: Invalid value for minutes. Must be an integer.')
      .waitFor();

    await input.fill('auto');
    await rescan.getByRole('button', { name: 'Save' }).click();
    await rescan.getByText('At 08:00 AM').waitFor();
    await rescan.getByRole('status', { name: 'Saved' }).waitFor();
    expect(await rescan.locator('code').first().textContent()).toBe('0 8 *');
    expect(await rescan.getByRole('alert').count()).toBe(0);
    const stored = await apiRequest<{ name: string; next_run_at: string }[]>(
      baseURL,
      inject('adminToken'),
      '/api/task/schedule/',
    );
    const next = stored.find((s) => s.name === 'update_subscribed')!.next_run_at;
    // the page shows the server's next run time in the browser's clock
    await rescan.getByText(new Date(next).toLocaleString('en-US')).waitFor();

    // survives a reload (it is stored on the server)
    await page.reload();
    await task(page, 'Rescan Subscriptions').getByText('At 08:00 AM').waitFor();

    await task(page, 'Rescan Subscriptions').getByRole('button', { name: 'Disable' }).click();
    await task(page, 'Rescan Subscriptions').getByText('Not scheduled.').waitFor();

    const days = task(page, 'Refresh Metadata').getByLabel('Refresh older than (days)');
    await days.fill('30');
    await task(page, 'Refresh Metadata').getByRole('button', { name: 'Save' }).nth(1).click();
    await task(page, 'Refresh Metadata').getByText('Now: 30').waitFor();
    await context.close();
  });

  test('notification URLs: add, Test through the real Apprise to a local receiver, delete', async () => {
    // a stand-in for a notification service on this machine: Apprise's json:// URLs post here
    const received: { title: string; message: string }[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push(JSON.parse(body) as { title: string; message: string });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `json://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    try {
      await signIn(page, STAFF.username, STAFF.password);
      await page.goto('/settings/scheduling/');
      const section = page.locator('.task-notifications');
      await section.getByText('No notification URLs.').waitFor();

      await section.getByLabel('Task').selectOption({ label: 'Start Download' });
      await section.getByLabel('Apprise URL').fill('json://127.0.0.1:1/nobody');
      await section.getByRole('button', { name: 'Test' }).click();
      await section
        .getByRole('alert')
        .getByText(/^Test failed: .*Connection error/)
        .waitFor();

      await section.getByLabel('Apprise URL').fill(url);
      await section.getByRole('button', { name: 'Add' }).click();
      const entry = section.locator('.notify-task[data-task="download_pending"] li');
      await entry.getByText(url).waitFor();
      expect(await section.getByLabel('Apprise URL').inputValue()).toBe('');
      await entry.getByRole('button', { name: 'Test' }).click();
      await section.getByRole('status').getByText('Test notification sent.').waitFor();
      expect(received).toEqual([
        expect.objectContaining({
          title: '[TA] Test notification: Downloading',
          message: 'This is a test notification.',
        }),
      ]);

      await entry.getByRole('button', { name: 'Delete' }).click();
      await section.getByText('No notification URLs.').waitFor();
    } finally {
      await context.close();
      receiver.close();
    }
  });

  test('the thumbnail check runs on the schedule saved for the next minute and shows how it ended', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    try {
      await signIn(page, STAFF.username, STAFF.password);
      await page.goto('/settings/scheduling/');
      const check = task(page, 'Thumbnail Check');
      // the first-install schedule: daily at 17:00
      await check.getByText('At 05:00 PM').waitFor();
      expect(await check.locator('code').first().textContent()).toBe('0 17 *');

      const schedule = nextMinuteSchedule();
      await check.getByLabel('Schedule').fill(schedule);
      await check.getByRole('button', { name: 'Save' }).click();
      await check.getByRole('status', { name: 'Saved' }).waitFor();
      expect(await check.locator('code').first().textContent()).toBe(schedule);
      expect(await check.getByText('never', { exact: true }).count()).toBe(1);

      // the scheduler starts it when the minute comes; the page shows the run after a reload, once the
      // schedules have loaded (counting before they have would read 0 on a slow machine at every try), and
      // how it ended once it has (a loaded machine ran it for more than 10 s: STARTED until then)
      const ended = /^\s*\((SUCCESS|FAILURE)/;
      await expect
        .poll(
          async () => {
            await page.reload();
            const reloaded = task(page, 'Thumbnail Check');
            await reloaded.locator('code').first().waitFor();
            const outcomes = await reloaded.locator('.schedule-outcome').allTextContents();
            return outcomes.length === 1 && ended.test(outcomes[0]!);
          },
          { timeout: 150_000, interval: 5_000 },
        )
        .toBe(true);
      await task(page, 'Thumbnail Check')
        .locator('.schedule-outcome')
        .getByText(/^\s*\(SUCCESS: downloaded \d+ missing pictures? again/)
        .waitFor();
      expect(await task(page, 'Thumbnail Check').getByText('never', { exact: true }).count()).toBe(0);

      // back to the first-install time for the specs after this one
      await task(page, 'Thumbnail Check').getByLabel('Schedule').fill('auto');
      await task(page, 'Thumbnail Check').getByRole('button', { name: 'Save' }).click();
      await task(page, 'Thumbnail Check').getByText('At 05:00 PM').waitFor();
    } finally {
      await context.close();
    }
  }, 180_000);

  test('a viewer has no Scheduling page in the settings navigation', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, VIEWER.username, VIEWER.password);
    await page.goto('/settings/');
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await nav.getByRole('link', { name: 'User' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Scheduling' }).count()).toBe(0);
    await context.close();
  });
});

/**
 * "m h *" for the next minute in the server's time zone (the e2e server inherits this process's TZ),
 * one more when this minute is nearly over, so the save lands before the slot begins.
 */
function nextMinuteSchedule(): string {
  const now = new Date();
  const at = new Date(now.getTime() + (now.getSeconds() >= 45 ? 120_000 : 60_000));
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: process.env.TZ || 'UTC',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return `${part('minute')} ${part('hour')} *`;
}
