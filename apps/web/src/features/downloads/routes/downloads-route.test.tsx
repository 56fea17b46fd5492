import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DownloadAggs, DownloadItem, HealthReport } from '@tubekeeper/contract';
import { describe, expect, test } from 'vitest';
import { json, mockApi, noContent, sessionRoutes, type SessionFixture } from '../../../test/api-mock.ts';
import { listOf } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { QUEUE_PLACEHOLDER } from '../components/add-to-queue-form.tsx';
import { queueTotal } from './downloads-route.tsx';

function makeItem(overrides: Partial<DownloadItem> = {}): DownloadItem {
  return {
    auto_start: false,
    channel_id: 'UCqueued',
    channel_indexed: false,
    channel_name: 'Queued Channel',
    duration: '8m 20s',
    published: '2024-02-03T00:00:00+00:00',
    status: 'pending',
    timestamp: 1_700_000_000,
    title: 'A queued video',
    vid_thumb_url: '/cache/videos/q/queuedVid01.jpg',
    vid_type: 'videos',
    youtube_id: 'queuedVid01',
    ...overrides,
  };
}

const aggsOf = (...buckets: [string, string, number][]): DownloadAggs => ({
  doc_count_error_upper_bound: 0,
  sum_other_doc_count: 0,
  buckets: buckets.map(([name, id, count]) => ({
    key: [name, id],
    key_as_string: `${name}|${id}`,
    doc_count: count,
  })),
});

function downloadRoutes(
  items: { pending: DownloadItem[]; ignore: DownloadItem[] },
  options: {
    aggs?: DownloadAggs;
    total?: number;
    fixture?: SessionFixture;
    ytdlp?: HealthReport['ytdlp'];
  } = {},
) {
  return {
    ...sessionRoutes({ is_staff: true, ...options.fixture }),
    'GET /api/download/?*': (call: { path: string }) => {
      const filter = new URL(call.path, 'http://x').searchParams.get('filter') as 'pending' | 'ignore';
      const data = items[filter];
      return json(200, listOf(data, { total_hits: options.total ?? data.length }));
    },
    'GET /api/download/aggs/?*': () => json(200, options.aggs ?? aggsOf(['Queued Channel', 'UCqueued', 1])),
    'POST /api/download/?*': () => json(200, { message: 'add to queue task started', task_id: 'task-1' }),
    'POST /api/download/queuedVid01/': (call: { body: unknown }) => json(200, call.body),
    'DELETE /api/download/queuedVid01/': () => noContent(),
    // a queued video's channel that is not archived has no health: the Downloads page shows none for it
    'GET /api/channel/UCother/health/': () => json(404, { error: 'channel not found' }),
    'GET /api/health/channels/': () => json(200, { data: [] }),
    'GET /api/health/playlists/': () => json(200, { data: [] }),
    'GET /api/health/?*': () =>
      json(200, {
        status: 'OK',
        read_only: null,
        ytdlp: options.ytdlp ?? { version: '2023.03.04', age_days: 998 },
        last_download: '2026-11-20T10:00:00.000Z',
        failing_subscriptions: [],
        task_runners: { queue: 'embedded', workers: [] },
      } satisfies HealthReport),
    'GET /api/task/by-id/task-1/': () =>
      json(200, {
        task_id: 'task-1',
        name: 'extract_download',
        status: 'SUCCESS',
        result: 'Added 1 video to the queue. Failed 1: nonsense: not a valid id_str',
        traceback: null,
        date_done: '2024-01-01T00:00:00Z',
        kwargs: {},
      }),
  };
}

const buttonsOf = (item: HTMLElement) =>
  within(item)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('Downloads page', () => {
  test('the total shows + only at exactly 10000', () => {
    expect(queueTotal(9999)).toBe('9999');
    expect(queueTotal(10000)).toBe('10000+');
    expect(queueTotal(10050)).toBe('10050');
  });

  test('queue view: item details, tags, Ignore and Download now; Delete only with a message', async () => {
    const api = mockApi(
      downloadRoutes({
        pending: [
          makeItem({ auto_start: true, channel_indexed: true }),
          makeItem({ youtube_id: 'failedVid01', title: 'Failed one', message: 'HTTP Error 403: Forbidden' }),
        ],
        ignore: [],
      }),
    );
    renderApp('/downloads/');
    expect(await screen.findByRole('heading', { name: 'Downloads' })).toBeTruthy();
    const [first, second] = await screen.findAllByTestId('download-item');
    expect(
      within(first!)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['queued', 'videos', 'auto']);
    expect(within(first!).getByRole('link', { name: 'Queued Channel' }).getAttribute('href')).toBe(
      '/channel/UCqueued',
    );
    expect(within(first!).getByRole('link', { name: 'A queued video' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=queuedVid01',
    );
    expect(first!.textContent).toContain('queuedVid01');
    expect(first!.textContent).toContain('8m 20s');
    expect(buttonsOf(first!)).toEqual(['Ignore', 'Download now']);
    expect(within(second!).queryByRole('link', { name: 'Queued Channel' })).toBeNull();
    expect(within(second!).getByText('HTTP Error 403: Forbidden').className).toBe('danger-text');
    expect(buttonsOf(second!)).toEqual(['Ignore', 'Download now', 'Delete']);
    expect(screen.getByText('Total videos in queue: 2')).toBeTruthy();

    await userEvent.setup().click(within(first!).getByRole('button', { name: 'Download now' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/download/queuedVid01/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/download/queuedVid01/')[0]!.body).toEqual({ status: 'priority' });
  });

  test('a failed item shows what its failure means and what to do, under the provider message', async () => {
    const message = 'unable to download video data: HTTP Error 403: Forbidden';
    mockApi(
      downloadRoutes({
        pending: [
          makeItem({
            message,
            diagnosis: {
              category: 'throttled',
              label: 'Throttled by the provider',
              advice: 'The provider limits requests.',
              retry_at: null,
            },
          }),
          makeItem({ youtube_id: 'plainFail01', title: 'Older failure', message: 'Something else' }),
        ],
        ignore: [],
      }),
    );
    renderApp('/downloads/');
    const [diagnosed, plain] = await screen.findAllByTestId('download-item');
    expect(within(diagnosed!).getByText(message).className).toBe('danger-text');
    expect(within(diagnosed!).getByTestId('download-diagnosis').textContent).toBe(
      'Throttled by the provider: The provider limits requests.',
    );
    expect(within(plain!).queryByTestId('download-diagnosis')).toBeNull();
  });

  test('ignored view: Forget and Add to queue, and the toggle is saved', async () => {
    const api = mockApi(
      downloadRoutes(
        { pending: [], ignore: [makeItem({ status: 'ignore' })] },
        { fixture: { userConfig: { show_ignored_only: true } } },
      ),
    );
    renderApp('/downloads/');
    const item = await screen.findByTestId('download-item');
    expect(within(item).getAllByRole('listitem')[0]!.textContent).toBe('ignored');
    expect(buttonsOf(item)).toEqual(['Forget', 'Add to queue']);
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Add to queue' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/download/queuedVid01/')[0]?.body).toEqual({ status: 'pending' }),
    );
    await user.click(within(item).getByRole('button', { name: 'Forget' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/download/queuedVid01/')).toHaveLength(1));
    await user.click(screen.getByRole('switch', { name: 'Show only ignored videos' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/user/me/').map((c) => c.body)).toContainEqual({
        show_ignored_only: false,
      }),
    );
  });

  test('the channel select shows only with more than one channel, and filters by ?channel=', async () => {
    const one = mockApi(downloadRoutes({ pending: [makeItem()], ignore: [] }));
    const { unmount } = renderApp('/downloads/');
    await screen.findByTestId('download-item');
    expect(screen.queryByRole('combobox', { name: 'Channel' })).toBeNull();
    expect(one.calls.some((c) => c.path === '/api/download/aggs/?filter=pending')).toBe(true);
    unmount();

    const aggs = aggsOf(['Queued Channel', 'UCqueued', 1], ['Other Channel', 'UCother', 3]);
    const two = mockApi(downloadRoutes({ pending: [makeItem()], ignore: [] }, { aggs, total: 10000 }));
    renderApp('/downloads/');
    const select = await screen.findByRole('combobox', { name: 'Channel' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['all', 'Queued Channel (1)', 'Other Channel (3)']);
    expect(screen.getByText('Total videos in queue: 10000+')).toBeTruthy();
    await userEvent.setup().selectOptions(select, 'UCother');
    expect(await screen.findByRole('heading', { name: 'Downloads for Other Channel' })).toBeTruthy();
    await waitFor(() =>
      expect(two.calls.map((c) => c.path)).toContain('/api/download/?filter=pending&channel=UCother'),
    );
    await waitFor(() => expect(two.callsTo('GET', '/api/channel/UCother/health/')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Subscription health' })).toBeNull();
  });

  test('staff see the installed yt-dlp, how old it is and the last download; a yt-dlp that does not run is an alert', async () => {
    mockApi(downloadRoutes({ pending: [makeItem()], ignore: [] }));
    const { unmount } = renderApp('/downloads/');
    expect((await screen.findByTestId('downloader-health')).textContent).toBe(
      'yt-dlp 2023.03.04, 998 days old · Last download: 2026-11-20 10:00 UTC',
    );
    unmount();

    mockApi(downloadRoutes({ pending: [], ignore: [] }, { ytdlp: { version: null, age_days: null } }));
    renderApp('/downloads/');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'yt-dlp does not run: install it or set YTDLP_PATH',
    );
  });

  test('the add form sends each line and shows the task result with the failed line', async () => {
    const api = mockApi(downloadRoutes({ pending: [], ignore: [] }));
    renderApp('/downloads/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to download queue' }));
    const box = screen.getByPlaceholderText(QUEUE_PLACEHOLDER);
    await user.type(box, 'alphaVid001{enter}nonsense{enter}');
    await user.click(screen.getByRole('button', { name: 'Download now' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/download/?autostart=true')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/download/?autostart=true')[0]!.body).toEqual({
      data: [
        { youtube_id: 'alphaVid001', status: 'pending' },
        { youtube_id: 'nonsense', status: 'pending' },
      ],
    });
    expect(await screen.findByText(/Failed 1: nonsense: not a valid id_str/)).toBeTruthy();
  });
});
