import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { json, mockApi, sessionRoutes } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { historyDays } from '../../stats/download-days.ts';

const isoDay = (back: number) => {
  const d = new Date();
  d.setDate(d.getDate() - back);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const bucket = (doc_count: number, media_size: number, duration: number, duration_str: string) => ({
  doc_count,
  media_size,
  duration,
  duration_str,
});

const channels = {
  doc_count: [
    { id: 'UCa', name: 'Alpha', doc_count: 9, duration: 600, duration_str: '10m', media_size: 1000 },
    { id: 'UCb', name: 'Beta', doc_count: 3, duration: 7200, duration_str: '2h', media_size: 5_000_000 },
  ],
  duration: [
    { id: 'UCb', name: 'Beta', doc_count: 3, duration: 7200, duration_str: '2h', media_size: 5_000_000 },
    { id: 'UCa', name: 'Alpha', doc_count: 9, duration: 600, duration_str: '10m', media_size: 1000 },
  ],
};

function statsRoutes(history: unknown[]) {
  return {
    'GET /api/stats/video/': json(200, {
      ...bucket(12, 3_000_000, 4000, '1h 06m 40s'),
      type_videos: bucket(10, 2_500_000, 3900, '1h 05m'),
      type_shorts: bucket(2, 500_000, 100, '1m 40s'),
      type_streams: null,
      active_true: bucket(11, 2_900_000, 3990, '1h 06m 30s'),
      active_false: bucket(1, 100_000, 10, '10s'),
    }),
    'GET /api/stats/channel/': json(200, {
      doc_count: 4,
      active_true: 3,
      active_false: 1,
      subscribed_true: 2,
      subscribed_false: 2,
    }),
    'GET /api/stats/playlist/': json(200, {
      doc_count: 0,
      active_true: null,
      active_false: null,
      subscribed_true: null,
      subscribed_false: null,
    }),
    'GET /api/stats/download/': json(200, {
      pending: 5,
      ignore: 1,
      pending_videos: 4,
      pending_shorts: null,
      pending_streams: 1,
    }),
    'GET /api/stats/watch/': json(200, {
      total: { duration: 4000, duration_str: '1h 06m 40s', items: 12 },
      watched: { duration: 1000, duration_str: '16m 40s', progress: 0.25, items: 3 },
      unwatched: { duration: 3000, duration_str: '50m', progress: 0.75, items: 9 },
    }),
    'GET /api/stats/downloadhist/': json(200, history),
    'GET /api/health/': json(200, 'OK'),
    'GET /api/stats/biggestchannels/?*': (call: { path: string }) =>
      json(200, call.path.endsWith('order=duration') ? channels.duration : channels.doc_count),
  };
}

const card = async (title: string) => screen.findByRole('region', { name: title });

describe('Settings: Dashboard', () => {
  test('shows every card’s figures, sizes in the user’s unit, and null buckets as 0', async () => {
    mockApi({ ...sessionRoutes({ userConfig: { file_size_unit: 'metric' } }), ...statsRoutes([]) });
    renderApp('/settings/');
    const videos = await card('Videos');
    const row = async (label: string) =>
      (await within(videos).findByRole('rowheader', { name: label })).closest('tr')!.textContent;
    expect(await row('All')).toBe('All123.0 MB1h 06m 40s');
    expect(await row('Shorts')).toBe('Shorts2500 kB1m 40s');
    expect(await row('Streams')).toBe('Streams00 BNA');
    expect(await row('Inactive')).toBe('Inactive1100 kB10s');
    const channelsCard = await card('Channels');
    await within(channelsCard).findByText('Subscribed');
    expect(channelsCard.querySelector('dl')!.textContent).toBe('Total4Subscribed2Active3Inactive1');
    const playlists = await card('Playlists');
    await within(playlists).findByText('Total');
    expect(playlists.querySelector('dl')!.textContent).toBe('Total0Subscribed0Active0Inactive0');
    const queue = await card('Download queue');
    await within(queue).findByText('Ignored');
    expect(queue.querySelector('dl')!.textContent).toBe(
      'Pending5Pending videos4Pending shorts0Pending streams1Ignored1',
    );
    const watch = await card('Watch progress');
    const meter = await within(watch).findByRole('meter');
    expect(meter.getAttribute('aria-valuetext')).toBe('25 % watched');
    expect(watch.querySelector('dl')!.textContent).toBe(
      'Watched3 videos, 16m 40s (25 %)Unwatched9 videos, 50m (75 %)Total12 videos, 1h 06m 40s',
    );
    expect(within(await card('Download history')).getByText('No recent downloads')).toBeTruthy();
  });

  test('counts one watched video as "1 video", and nothing watched as none', async () => {
    mockApi({
      ...sessionRoutes(),
      ...statsRoutes([]),
      'GET /api/stats/watch/': json(200, {
        total: { duration: 60, duration_str: '1m', items: 1 },
        watched: { duration: 60, duration_str: '1m', progress: 1, items: 1 },
        unwatched: null,
      }),
    });
    renderApp('/settings/');
    const watch = await card('Watch progress');
    await within(watch).findByRole('meter');
    expect(watch.querySelector('dl')!.textContent).toBe(
      'Watched1 video, 1m (100 %)Unwatched0 videos, NA (0 %)Total1 video, 1m',
    );
  });

  test('draws the last week as bars, one per day with downloads, with a 4-column table', async () => {
    const history = [
      { date: isoDay(0), count: 3, media_size: 3_000_000 },
      { date: isoDay(2), count: 1, media_size: 1_048_576 },
    ];
    mockApi({ ...sessionRoutes(), ...statsRoutes(history) });
    renderApp('/settings/');
    const historyCard = await card('Download history');
    await waitFor(() => expect(historyCard.querySelectorAll('rect.chart-bar.count')).toHaveLength(2));
    expect(historyCard.querySelectorAll('.chart-label')).toHaveLength(8);
    const table = within(historyCard).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Date', 'Videos', 'Size']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      `Today${isoDay(0)}32.9 MiB`,
      `${new Date(`${isoDay(2)}T12:00`).toLocaleDateString('en-US', { weekday: 'short' })}${isoDay(2)}11.0 MiB`,
    ]);
  });

  test('switching the biggest channels’ order asks the server and reorders the table', async () => {
    const api = mockApi({ ...sessionRoutes(), ...statsRoutes([]) });
    renderApp('/settings/');
    const biggest = await card('Biggest channels');
    const names = () =>
      within(biggest)
        .queryAllByRole('link')
        .map((l) => l.textContent);
    await waitFor(() => expect(names()).toEqual(['Alpha', 'Beta']));
    expect(within(biggest).getByRole('button', { name: 'Videos' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.setup().click(within(biggest).getByRole('button', { name: 'Duration' }));
    await waitFor(() => expect(names()).toEqual(['Beta', 'Alpha']));
    expect(within(biggest).getByRole('link', { name: 'Beta' }).getAttribute('href')).toBe('/channel/UCb');
    expect(api.calls.map((c) => c.path).filter((p) => p.includes('biggestchannels'))).toEqual([
      '/api/stats/biggestchannels/?order=doc_count',
      '/api/stats/biggestchannels/?order=duration',
    ]);
  });
});

describe('Settings: Dashboard on a read-only server', () => {
  test('says why the server takes no writes, from the health answer', async () => {
    const reason =
      'the server is read-only: start-up recovery cannot finish, the disk is full (database or disk is full); free some space, the server tries again every 5 s';
    mockApi({ ...sessionRoutes(), ...statsRoutes([]), 'GET /api/health/': json(503, { error: reason }) });
    renderApp('/settings/');
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
  });

  test('shows no notice while the server takes writes', async () => {
    mockApi({ ...sessionRoutes(), ...statsRoutes([]) });
    renderApp('/settings/');
    await card('Videos');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('historyDays', () => {
  test('gives eight days ending today, zero on days without downloads', () => {
    const days = historyDays([{ date: '2024-03-10', count: 2, media_size: 5 }], new Date(2024, 2, 12));
    expect(days.map((d) => `${d.date}:${d.count}`)).toEqual([
      '2024-03-05:0',
      '2024-03-06:0',
      '2024-03-07:0',
      '2024-03-08:0',
      '2024-03-09:0',
      '2024-03-10:2',
      '2024-03-11:0',
      '2024-03-12:0',
    ]);
  });
});
