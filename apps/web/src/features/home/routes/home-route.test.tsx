import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { json, mockApi, sessionRoutes, type ApiCall } from '../../../test/api-mock.ts';
import { listOf, makeVideo } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const videos = Array.from({ length: 12 }, (_, i) =>
  makeVideo({ youtube_id: `vid${String(i).padStart(8, '0')}` }),
);
const started = makeVideo({
  youtube_id: 'started0001',
  title: 'Half watched',
  player: { duration: 100, duration_str: '1m 40s', watched: false, position: 40, progress: 40 },
});

/** The archive as the list endpoint answers: 30 videos, 12 a page; continue-watching as given. */
function archiveRoutes(continueList = [started]) {
  return {
    ...sessionRoutes(),
    'GET /api/video/?*': (call: ApiCall) => {
      const query = new URL(call.path, 'http://x').searchParams;
      if (query.get('watch') === 'continue') return json(200, listOf(continueList));
      const page = Number(query.get('page') ?? 1);
      return json(
        200,
        listOf(videos, {
          total_hits: 30,
          current_page: query.has('page') ? page : 0,
          prev_pages: page > 2 ? [page - 1] : page === 2 ? [] : null,
          next_pages: page < 2 ? [2] : [],
          last_page: page < 3 ? 3 : false,
        }),
      );
    },
  };
}

const listQueries = (api: ReturnType<typeof mockApi>) =>
  api.calls
    .filter((c) => c.method === 'GET' && c.path.startsWith('/api/video/?') && !c.path.includes('continue'))
    .map((c) => c.path);

describe('Home', () => {
  test('an empty archive shows the empty state and no Continue Watching row', async () => {
    mockApi(sessionRoutes());
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No videos found...' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'downloads page' }).getAttribute('href')).toBe('/downloads/');
    expect(screen.queryByRole('heading', { name: 'Continue Watching' })).toBeNull();
  });

  test('Continue Watching shows the started videos with their progress; Recent Videos the page', async () => {
    mockApi(archiveRoutes());
    renderApp('/');
    const row = (await screen.findByRole('heading', { name: 'Continue Watching' })).closest('section')!;
    expect(within(row as HTMLElement).getByRole('link', { name: 'Half watched' })).toBeTruthy();
    expect(row.querySelector('.progress-bar span')?.getAttribute('style')).toContain('width: 40%');
    await waitFor(() => expect(screen.getAllByTestId('video-card')).toHaveLength(13));
    expect(screen.queryByRole('heading', { name: 'No videos found...' })).toBeNull();
  });

  test('sort field and order are saved in the user config and sent with the list', async () => {
    const api = mockApi(archiveRoutes([]));
    renderApp('/');
    const user = userEvent.setup();
    const sortBy = await screen.findByLabelText('Sort by');
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['published', 'downloaded', 'views', 'likes', 'duration', 'mediasize']);
    await user.selectOptions(sortBy, 'views');
    await user.selectOptions(screen.getByLabelText('Sort order'), 'asc');
    await waitFor(() => expect(listQueries(api)).toContain('/api/video/?sort=views&order=asc'));
    expect(api.callsTo('POST', '/api/user/me/').map((c) => c.body)).toEqual([
      { sort_by: 'views' },
      { sort_order: 'asc' },
    ]);
  });

  test('grid size: plus only below 7, minus only above 3; list view hides both', async () => {
    const api = mockApi(archiveRoutes([]));
    renderApp('/');
    const user = userEvent.setup();
    await screen.findAllByTestId('video-card');
    expect(screen.queryByRole('button', { name: 'Fewer items per row' })).toBeNull();
    for (let i = 0; i < 4; i += 1) {
      await user.click(await screen.findByRole('button', { name: 'More items per row' }));
      await waitFor(() => expect(api.callsTo('POST', '/api/user/me/')).toHaveLength(i + 1));
    }
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More items per row' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Fewer items per row' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/user/me/').map((c) => c.body)).toEqual(
      [4, 5, 6, 7].map((grid_items) => ({ grid_items })),
    );
    expect(
      document.querySelector<HTMLElement>('.video-list.grid')?.style.getPropertyValue('--grid-items'),
    ).toBe('7');

    await user.click(screen.getByRole('button', { name: 'List view' }));
    await waitFor(() => expect(document.querySelector('.video-list.list')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Fewer items per row' })).toBeNull();
    expect(api.callsTo('POST', '/api/user/me/').at(-1)?.body).toEqual({ view_style_home: 'list' });
  });

  test('the table view shows a row per video; its sortable headers save the sort and reload the list', async () => {
    const api = mockApi(archiveRoutes([]));
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Table view' }));
    await waitFor(() => expect(screen.getAllByTestId('video-row')).toHaveLength(12));
    expect(api.callsTo('POST', '/api/user/me/').at(-1)?.body).toEqual({ view_style_home: 'table' });
    expect(screen.queryAllByTestId('video-card')).toHaveLength(0);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Title', 'Channel', 'Published ▼', 'Duration', 'Size', 'Watched']);
    const first = within(screen.getAllByTestId('video-row')[0]!);
    expect(first.getByRole('link', { name: videos[0]!.title })).toBeTruthy();
    expect(first.getByRole('button', { name: `Mark ${videos[0]!.title} as watched` })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Duration' }));
    await waitFor(() => expect(listQueries(api)).toContain('/api/video/?sort=duration&order=desc'));
    expect(api.callsTo('POST', '/api/user/me/').at(-1)?.body).toEqual({
      sort_by: 'duration',
      sort_order: 'desc',
    });
    await user.click(await screen.findByRole('button', { name: /Duration/ }));
    await waitFor(() => expect(listQueries(api)).toContain('/api/video/?sort=duration&order=asc'));
    expect(screen.getByRole('columnheader', { name: /Duration/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  test('a home view stored by an upstream client as "table" and hide_watched null show the table and all videos', async () => {
    const api = mockApi({
      ...archiveRoutes([]),
      ...Object.fromEntries(
        Object.entries(
          sessionRoutes({ userConfig: { view_style_home: 'table', hide_watched: null } }),
        ).filter(([route]) => route === 'GET /api/user/me/'),
      ),
    });
    renderApp('/');
    await waitFor(() => expect(screen.getAllByTestId('video-row')).toHaveLength(12));
    expect((screen.getByRole('switch', { name: 'Show unwatched only' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(listQueries(api).every((q) => !q.includes('watch='))).toBe(true);
  });

  test('show unwatched only asks for unwatched videos', async () => {
    const api = mockApi(archiveRoutes([]));
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Show unwatched only' }));
    await waitFor(() =>
      expect(listQueries(api)).toContain('/api/video/?sort=published&order=desc&watch=unwatched'),
    );
  });

  test('pagination follows ?page and the arrow keys', async () => {
    const api = mockApi(archiveRoutes([]));
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const pages = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByText('Page 1')).toBeTruthy();
    await user.click(within(pages).getByRole('link', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(listQueries(api)).toContain('/api/video/?sort=published&order=desc&page=2'));

    await screen.findByText('Page 2');
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await screen.findByText('Page 3');
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?page=3');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await screen.findByText('Page 2');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
