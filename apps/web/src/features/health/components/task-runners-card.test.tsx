import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { HealthReport } from '@tubekeeper/contract';
import { json, mockApi, sessionRoutes } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

// times far enough back that a slow render does not change how they read
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

function health(taskRunners: HealthReport['task_runners']): HealthReport {
  return {
    status: 'OK',
    read_only: null,
    ytdlp: { version: '2025.01.26', age_days: 10 },
    last_download: null,
    failing_subscriptions: [],
    task_runners: taskRunners,
  };
}

const twoWorkers = health({
  queue: 'redis',
  workers: [
    {
      id: 'w1',
      host: 'node-a',
      pid: 101,
      started_at: ago(3600),
      seen_at: ago(180),
      running: [
        { task_id: 't1', name: 'download_pending', title: 'Downloading', part: false },
        { task_id: 't1', name: 'download_pending', title: 'Downloading', part: true },
      ],
    },
    { id: 'w2', host: 'node-b', pid: 202, started_at: ago(60), seen_at: ago(3 * 3600), running: [] },
  ],
});

const rowOf = (card: HTMLElement, name: string) =>
  within(card)
    .getAllByRole('row')
    .find((r) => r.textContent?.startsWith(name))!;

describe('Settings: Dashboard, Workers card', () => {
  test('staff see each live worker, where it runs, what it runs and when it was last seen', async () => {
    mockApi({ ...sessionRoutes({ is_staff: true }), 'GET /api/health/?*': json(200, twoWorkers) });
    renderApp('/settings/');
    const card = await screen.findByRole('region', { name: 'Workers' });
    await within(card).findByText('2 live workers taking tasks from Redis.');
    const w1 = within(rowOf(card, 'w1'));
    expect(w1.getByText('(node-a, pid 101)')).toBeTruthy();
    expect(w1.getByText('Downloading, Downloading (its share)')).toBeTruthy();
    expect(w1.getByText('3 min ago')).toBeTruthy();
    const w2 = within(rowOf(card, 'w2'));
    expect(w2.getByText('Idle')).toBeTruthy();
    expect(w2.getByText('3 h ago')).toBeTruthy();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  test('says so when no worker runs, and when the server runs tasks itself', async () => {
    const api = mockApi({
      ...sessionRoutes({ is_staff: true }),
      'GET /api/health/?*': json(200, health({ queue: 'redis', workers: [] })),
    });
    const { unmount } = renderApp('/settings/');
    const card = await screen.findByRole('region', { name: 'Workers' });
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'No worker is running: queued tasks wait until a tubekeeper worker starts.',
    );
    expect(api.callsTo('GET', '/api/health/?details=true')).toHaveLength(1);
    unmount();

    const embedded = health({
      queue: 'embedded',
      workers: [{ id: 'embedded', host: 'box', pid: 7, started_at: ago(10), seen_at: ago(0), running: [] }],
    });
    mockApi({ ...sessionRoutes({ is_staff: true }), 'GET /api/health/?*': json(200, embedded) });
    renderApp('/settings/');
    const again = await screen.findByRole('region', { name: 'Workers' });
    await within(again).findByText('This server runs every task itself (no REDIS_URL).');
    expect(within(rowOf(again, 'embedded')).getByText('Idle')).toBeTruthy();
  });

  test('is not shown to users who are not staff (the health details are for staff)', async () => {
    const api = mockApi({
      ...sessionRoutes({ is_staff: false }),
      'GET /api/health/?*': json(200, twoWorkers),
    });
    renderApp('/settings/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('region', { name: 'Workers' })).toBeNull();
    // the plain health answer (public: whether the server is read-only) is read by everyone
    expect(api.calls.filter((c) => c.path.startsWith('/api/health/?details'))).toEqual([]);
  });
});
