import type { Page } from 'playwright-core';
import { apiRequest } from './api.ts';

/** The fields of the archive answers the specs read (the full shapes are in packages/contract). */
export interface VideoFacts {
  youtube_id: string;
  title: string;
  vid_type: 'videos' | 'streams' | 'shorts';
  published: string;
  channel: { channel_id: string; channel_name: string };
  player: { watched: boolean; position?: number };
}

export interface ChannelFacts {
  channel_id: string;
  channel_name: string;
}

export interface PlaylistFacts {
  playlist_id: string;
  playlist_name: string;
  playlist_entries: { youtube_id: string; idx: number }[];
}

interface List<T> {
  data: T[];
}

/** A demo channel by name, through the API. */
export async function channelNamed(baseURL: string, token: string, name: string): Promise<ChannelFacts> {
  const { data } = await apiRequest<List<ChannelFacts>>(baseURL, token, '/api/channel/');
  const channel = data.find((c) => c.channel_name === name);
  if (!channel) throw new Error(`no channel named ${name} in the demo library`);
  return channel;
}

/** The videos of a channel, oldest first (a demo channel fits on the first page of 12). */
export async function videosOf(baseURL: string, token: string, channelId: string): Promise<VideoFacts[]> {
  const { data } = await apiRequest<List<VideoFacts>>(
    baseURL,
    token,
    `/api/video/?channel=${channelId}&sort=published&order=asc`,
  );
  return data;
}

export async function playlistNamed(baseURL: string, token: string, name: string): Promise<PlaylistFacts> {
  const { data } = await apiRequest<List<PlaylistFacts>>(baseURL, token, '/api/playlist/');
  const playlist = data.find((p) => p.playlist_name === name);
  if (!playlist) throw new Error(`no playlist named ${name} in the demo library`);
  return playlist;
}

/** A JSON call from inside the signed-in page, with its session and CSRF token, as the web app makes it. */
export async function pageApi<T = unknown>(
  page: Page,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const csrf = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrftoken': decodeURIComponent(csrf) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return response.status === 204 ? undefined : response.json();
    },
    { path, method, body },
  ) as Promise<T>;
}

/** Texts of the video cards' titles, in page order. */
export async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('[data-testid="video-card"] .video-card-title').allTextContents();
}

/** Fails on any page error or alert, e.g. markup from the data being run. */
export function watchForScriptRuns(page: Page): string[] {
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}
