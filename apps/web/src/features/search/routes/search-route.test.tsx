import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FulltextHit, SearchResponse } from '@tubekeeper/contract';
import { describe, expect, test, vi } from 'vitest';
import { json, mockApi, sessionRoutes, type ApiCall } from '../../../test/api-mock.ts';
import { makeChannel, makePlaylist, makeVideo } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

type Results = SearchResponse['results'];
const hitMeta = { _index: 'ta_video', _score: 1 };

function answer(results: Partial<Results>, queryType: SearchResponse['queryType'] = 'simple') {
  return {
    results: {
      video_results: [],
      channel_results: [],
      playlist_results: [],
      fulltext_results: [],
      comment_results: [],
      ...results,
    },
    queryType,
  };
}

function fulltextHit(overrides: Partial<FulltextHit> = {}): FulltextHit {
  return {
    _index: 'ta_subtitle',
    _score: 2.5,
    subtitle_channel: 'Kitchen Basics',
    subtitle_channel_id: 'UCkitchen',
    subtitle_start: '00:01:03.333',
    subtitle_end: '00:01:08.000',
    subtitle_fragment_id: 'vidSour0001-en-2',
    subtitle_index: 2,
    subtitle_lang: 'en',
    subtitle_last_refresh: 1_700_000_000,
    subtitle_line:
      '<span class="settings-current">Thanks</span> for <span class="settings-current">watching</span>!',
    subtitle_source: 'user',
    title: 'Sourdough bread without a mixer',
    vid_thumb_url: '/cache/videos/v/vidSour0001.jpg',
    youtube_id: 'vidSour0001',
    ...overrides,
  };
}

/** The search endpoint answering with `respond(query, page)`; every query it was asked is kept. */
function searchApi(respond: (query: string, page: string | null) => Response) {
  return mockApi({
    ...sessionRoutes(),
    'GET /api/search/?*': (call: ApiCall) => {
      const params = new URL(call.path, 'http://x').searchParams;
      return respond(params.get('query') ?? '', params.get('page'));
    },
  });
}

const searchCalls = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((c) => c.path.startsWith('/api/search/')).map((c) => c.path);

const box = () => screen.findByRole('searchbox', { name: 'Search query' });

describe('Search page', () => {
  test('an empty query shows clickable examples and the keyword cheatsheet, and asks nothing', async () => {
    const api = searchApi((query) =>
      json(
        200,
        answer(
          { video_results: [{ ...makeVideo(), ...hitMeta }] },
          query.startsWith('video:') ? 'video' : 'simple',
        ),
      ),
    );
    const { router } = renderApp('/search/');
    const input = await box();
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('heading', { name: 'Example queries' })).toBeTruthy();
    const cheats = screen.getByRole('region', { name: 'Keywords' });
    for (const keyword of [
      'channel:',
      'active:yes|no',
      'subscribed:yes|no',
      'lang:',
      'source:auto|user',
      'fuzzy:',
    ]) {
      expect(within(cheats).getByText(keyword)).toBeTruthy();
    }
    const types = screen.getByRole('region', { name: 'Types' });
    for (const type of ['video:', 'channel:', 'playlist:', 'full:'])
      expect(within(types).getByText(type)).toBeTruthy();
    expect(searchCalls(api)).toEqual([]);

    const example = 'video:learn python channel:corey active:yes';
    await userEvent.setup().click(screen.getByRole('button', { name: example }));
    expect((input as HTMLInputElement).value).toBe(example);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('query')).toBe(example));
    await screen.findByRole('heading', { name: 'Video' });
    expect(searchCalls(api)).toEqual([`/api/search/?${new URLSearchParams({ query: example })}`]);
    expect(screen.queryByRole('heading', { name: 'Example queries' })).toBeNull();
  });

  test('typing is debounced: nothing before 300 ms after the last key, then one request', async () => {
    const api = searchApi(() => json(200, answer({})));
    const { router } = renderApp('/search/');
    const input = await box();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // one change event per keystroke, the pauses between them shorter than the debounce
    const typeKeys = async (upTo: string, pause: number) => {
      for (let end = (input as HTMLInputElement).value.length + 1; end <= upTo.length; end += 1) {
        fireEvent.change(input, { target: { value: upTo.slice(0, end) } });
        await act(() => vi.advanceTimersByTimeAsync(pause));
      }
    };
    await typeKeys('bre', 100);
    await act(() => vi.advanceTimersByTimeAsync(150));
    await typeKeys('bread', 250);
    await act(() => vi.advanceTimersByTimeAsync(299 - 250));
    expect(searchCalls(api)).toEqual([]);
    expect(router.state.location.search).toBe('');

    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(searchCalls(api)).toEqual(['/api/search/?query=bread']));
    vi.useRealTimers();
    expect(router.state.location.search).toBe('?query=bread');
    expect(await screen.findByText('No results found.')).toBeTruthy();
    expect(searchCalls(api)).toHaveLength(1);
  });

  test('the query lives in the URL: a reload restores it, back and forward follow it', async () => {
    const api = searchApi((query) =>
      json(200, answer({ video_results: [{ ...makeVideo({ title: `Video about ${query}` }), ...hitMeta }] })),
    );
    const { router } = renderApp('/search/?query=bread');
    expect(((await box()) as HTMLInputElement).value).toBe('bread');
    expect(await screen.findByRole('link', { name: 'Video about bread' })).toBeTruthy();

    const user = userEvent.setup();
    await user.clear(await box());
    await user.type(await box(), 'omelette');
    await waitFor(() => expect(router.state.location.search).toBe('?query=omelette'));
    expect(await screen.findByRole('link', { name: 'Video about omelette' })).toBeTruthy();

    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('bread'));
    expect(await screen.findByRole('link', { name: 'Video about bread' })).toBeTruthy();
    await act(() => router.navigate(1));
    await waitFor(() => expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('omelette'));
    expect(searchCalls(api)).toEqual(['/api/search/?query=bread', '/api/search/?query=omelette']);
  });

  test('a fulltext search that finds nothing says "No fulltext results found."', async () => {
    searchApi(() => json(200, answer({}, 'full')));
    renderApp('/search/?query=full%3Anothing+said');
    expect(await screen.findByText('No fulltext results found.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fulltext' })).toBeNull();
  });

  test('a fulltext hit shows channel, time range and the line, and opens the video at the cue', async () => {
    searchApi(() => json(200, answer({ fulltext_results: [fulltextHit()] }, 'full')));
    renderApp('/search/?query=full%3Athanks+watching');
    const hit = await screen.findByTestId('fulltext-hit');
    expect(within(hit).getByRole('link', { name: 'Kitchen Basics' }).getAttribute('href')).toBe(
      '/channel/UCkitchen',
    );
    expect(within(hit).getByText('1:03 – 1:08')).toBeTruthy();
    expect([...hit.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Thanks', 'watching']);
    expect(hit.querySelector('.search-hit-line')?.textContent).toBe('Thanks for watching!');
    const title = within(hit).getByRole('link', { name: 'Sourdough bread without a mixer' });
    expect(title.getAttribute('href')).toBe('/video/vidSour0001?t=63.333');
  });

  test('markup in a line other than the highlight marker is shown as text, never as elements', async () => {
    const line =
      'say <img src=x onerror=alert(1)> and &lt;b&gt;bold&lt;/b&gt; &amp; <span class="settings-current">cheese</span>';
    searchApi(() => json(200, answer({ fulltext_results: [fulltextHit({ subtitle_line: line })] }, 'full')));
    renderApp('/search/?query=full%3Acheese');
    const hit = await screen.findByTestId('fulltext-hit');
    const shown = hit.querySelector('.search-hit-line')!;
    expect(shown.textContent).toBe('say <img src=x onerror=alert(1)> and <b>bold</b> & cheese');
    expect(shown.querySelector('img, b')).toBeNull();
    expect(hit.querySelectorAll('img')).toHaveLength(1); // the thumbnail only
    expect([...shown.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['cheese']);
  });

  test('each section appears only with hits; a full page offers more results through ?page', async () => {
    const channels = [makeChannel({ channel_id: 'UCbread', channel_name: 'Bread Channel' })];
    const playlists = [makePlaylist({ playlist_name: 'Bread playlist' })];
    const fullPage = Array.from({ length: 30 }, (_, i) => ({
      ...makeVideo({ youtube_id: `vid${String(i).padStart(8, '0')}` }),
      ...hitMeta,
    }));
    const api = searchApi((_query, page) =>
      json(
        200,
        page === '2'
          ? answer({ video_results: fullPage.slice(0, 3) })
          : answer({
              video_results: fullPage,
              channel_results: channels.map((c) => ({ ...c, ...hitMeta })),
              playlist_results: playlists.map((p) => ({ ...p, ...hitMeta })),
            }),
      ),
    );
    const { router } = renderApp('/search/?query=bread');
    expect(await screen.findByRole('heading', { name: 'Video' })).toBeTruthy();
    expect(screen.getAllByTestId('video-card')).toHaveLength(30);
    expect(
      within(screen.getByTestId('channel-hit')).getByRole('link', { name: 'Bread Channel' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bread playlist' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fulltext' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('link', { name: 'More results' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=bread&page=2'));
    await waitFor(() => expect(screen.getAllByTestId('video-card')).toHaveLength(3));
    expect(screen.queryByRole('heading', { name: 'Channel' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'More results' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous results' }).getAttribute('href')).toBe(
      '/search/?query=bread',
    );
    expect(searchCalls(api)).toEqual(['/api/search/?query=bread', '/api/search/?query=bread&page=2']);
  });

  test('a failed search shows the server message', async () => {
    searchApi(() => json(400, { error: 'query too long: at most 500 characters' }));
    renderApp('/search/?query=x');
    expect((await screen.findByRole('alert')).textContent).toBe('query too long: at most 500 characters');
  });
});
