import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Video } from '@tubekeeper/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { json, mockApi } from '../../../test/api-mock.ts';
import { makeVideo } from '../../../test/archive-fixtures.ts';
import { VideoPlayer } from './video-player.tsx';

const progressPath = '/api/video/vid00000001/progress/';

function renderPlayer(video: Video = makeVideo(), props: { startAt?: number } = {}) {
  const api = mockApi({
    [`POST ${progressPath}`]: () => json(200, { watched: false, duration: 100, duration_str: '1m 40s' }),
    'POST /api/watched/': (call) => json(200, call.body),
  });
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <VideoPlayer video={video} {...props} />
    </QueryClientProvider>,
  );
  const element = utils.container.querySelector('video')!;
  Object.defineProperty(element, 'duration', { configurable: true, value: 100 });
  return { ...utils, api, element };
}

/** Plays from `from` to `to` as timeupdate events every 0.25 s. */
function playThrough(element: HTMLVideoElement, from: number, to: number) {
  for (let time = from; time <= to + 1e-9; time += 0.25) {
    element.currentTime = time;
    fireEvent.timeUpdate(element);
  }
}

afterEach(() => {
  Reflect.deleteProperty(document, 'fullscreenElement');
});

describe('VideoPlayer', () => {
  test('plays our file with its VTT subtitle tracks', () => {
    const { element } = renderPlayer(
      makeVideo({
        subtitles: [
          {
            ext: 'vtt',
            lang: 'en',
            name: 'English',
            source: 'user',
            media_url: '/youtube/UCtest/vid00000001.en.vtt',
            url: null,
          },
          {
            ext: 'vtt',
            lang: 'de',
            name: 'German',
            source: 'auto',
            media_url: '/youtube/UCtest/vid00000001.de.vtt',
            url: null,
          },
        ],
      }),
    );
    expect(element.getAttribute('src')).toBe('/youtube/UCtest/vid00000001.mp4');
    const tracks = Array.from(element.querySelectorAll('track')).map((t) => [
      t.getAttribute('src'),
      t.label,
      t.srclang,
    ]);
    expect(tracks).toEqual([
      ['/youtube/UCtest/vid00000001.en.vtt', 'English', 'en'],
      ['/youtube/UCtest/vid00000001.de.vtt', 'German - auto', 'de'],
    ]);
  });

  test('speed keys step by 0.25 with a toast of 500 ms; = resets; m mutes; arrows seek 5 s', async () => {
    const { element } = renderPlayer();
    vi.useFakeTimers();
    fireEvent.keyDown(document, { key: '>' });
    expect(element.playbackRate).toBe(1.25);
    expect(screen.getByRole('status').textContent).toBe('Speed: 1.25x');
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText('Speed: 1.25x')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Speed: 1.25x')).toBeNull();

    fireEvent.keyDown(document, { key: '<' });
    fireEvent.keyDown(document, { key: '<' });
    expect(element.playbackRate).toBe(0.75);
    fireEvent.keyDown(document, { key: '=' });
    expect(element.playbackRate).toBe(1);
    fireEvent.keyDown(document, { key: 'm' });
    expect(element.muted).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Muted');

    element.currentTime = 20;
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(element.currentTime).toBe(25);
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(element.currentTime).toBe(15);
  });

  test('keys typed into a field are left alone', async () => {
    const { element } = renderPlayer();
    const input = document.body.appendChild(document.createElement('input'));
    await userEvent.setup().type(input, '>');
    expect(element.playbackRate).toBe(1);
    input.remove();
  });

  test('? opens the keyboard help, which closes itself after 3 s', () => {
    renderPlayer();
    vi.useFakeTimers();
    fireEvent.keyDown(document, { key: '?' });
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help.textContent).toContain('Back 5 seconds');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('fullscreen failures show the spec texts', async () => {
    renderPlayer();
    fireEvent.keyDown(document, { key: 'f' });
    expect(await screen.findByText('Unable to enter fullscreen')).toBeTruthy();
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: document.body });
    document.exitFullscreen = () => Promise.reject(new Error('denied'));
    fireEvent.keyDown(document, { key: 'f' });
    expect(await screen.findByText('Unable to exit fullscreen')).toBeTruthy();
  });

  test('starts at the given position and applies the stored volume and speed', () => {
    localStorage.setItem('playerVolume', '0.4');
    localStorage.setItem('playerSpeed', '1.5');
    const { element } = renderPlayer(makeVideo(), { startAt: 42 });
    fireEvent.loadedMetadata(element);
    expect(element.currentTime).toBe(42);
    expect(element.volume).toBe(0.4);
    expect(element.playbackRate).toBe(1.5);

    element.volume = 0.7;
    fireEvent.volumeChange(element);
    element.playbackRate = 2;
    fireEvent.rateChange(element);
    expect(localStorage.getItem('playerVolume')).toBe('0.7');
    expect(localStorage.getItem('playerSpeed')).toBe('2');
  });

  test('saves the position about every 10 s of playback and on pause between 10 s and 95 %', () => {
    const { api, element } = renderPlayer();
    const saved = () =>
      api.callsTo('POST', progressPath).map((c) => (c.body as { position: number }).position);
    playThrough(element, 0, 9.75);
    fireEvent.pause(element);
    expect(saved()).toEqual([]);
    playThrough(element, 10, 21);
    expect(saved()).toEqual([10, 20]);
    element.currentTime = 50;
    fireEvent.pause(element);
    element.currentTime = 96;
    fireEvent.pause(element);
    expect(saved()).toEqual([10, 20, 50]);
  });

  test('skips a sponsor segment within 0.3 s of its start and says so', async () => {
    const { element } = renderPlayer(
      makeVideo({
        sponsorblock: {
          is_enabled: true,
          has_unlocked: true,
          segments: [{ UUID: 'seg-1', segment: [10, 20], category: 'sponsor', actionType: 'skip' }],
        },
      }),
    );
    expect(screen.getByText(/This video has unlocked sponsor segments/)).toBeTruthy();
    element.currentTime = 10.2;
    fireEvent.timeUpdate(element);
    expect(element.currentTime).toBe(20);
    expect(await screen.findByText('Skipped sponsor segment from 0:10 to 0:20.')).toBeTruthy();
  });

  test('says when a video has no sponsor segments; says nothing when SponsorBlock is off', () => {
    const first = renderPlayer(makeVideo({ sponsorblock: { is_enabled: true, segments: [] } }));
    expect(screen.getByText(/doesn.t have any sponsor segments added/)).toBeTruthy();
    first.unmount();
    renderPlayer(makeVideo({ sponsorblock: null }));
    expect(screen.queryByText(/sponsor segments/)).toBeNull();
  });

  test('the end of an unwatched video marks it watched', async () => {
    const { api, element } = renderPlayer();
    fireEvent.ended(element);
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/watched/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/watched/')[0]!.body).toEqual({ id: 'vid00000001', is_watched: true });
  });
});
