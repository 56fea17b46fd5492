import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePlaylist, makeProgress, makeQueueItem, makeVideo } from './factories.ts';
import { createTestApp, createUser, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import type { UpstreamClient } from './helpers/upstream-client.ts';
import { upstreamSessionClient, upstreamTokenClient } from './helpers/upstream-client.ts';

/**
 * Issue 15: clients written for the upstream API work unchanged. Every request here is sent as such a
 * client sends it: `Content-Type: application/json` on every call (no body on deletes, logout, task
 * starts), the session cookie with X-CSRFToken, or `Authorization: Token <key>` alone.
 */
describe.each(ENGINES)('upstream clients on %s', (engine) => {
  let t: TestApp;
  let staffId: number;
  let userId: number;
  const db = () => t.database.db;
  const clients = () => ({
    session: upstreamSessionClient(t, staffId),
    token: upstreamTokenClient(t, staffId),
  });

  beforeAll(async () => {
    t = await createTestApp(engine);
    staffId = (await createUser(t, { username: 'staff', staff: true })).id;
    userId = (await createUser(t, { username: 'viewer' })).id;
  });
  afterAll(() => t.close());

  for (const kind of ['session', 'token'] as const) {
    describe(`through a ${kind}`, () => {
      let client: UpstreamClient;
      beforeAll(async () => {
        client = await clients()[kind];
      });

      it('clears a playback position with a bodiless DELETE, then marks the video watched', async () => {
        const video = await makeVideo(db(), { duration: 600 });
        await makeProgress(db(), staffId, video.youtube_id, 120);
        const cleared = await client.request('DELETE', `/api/video/${video.youtube_id}/progress/`);
        expect(cleared.statusCode).toBe(204);
        const left = await db()
          .selectFrom('watch_progress')
          .select('position')
          .where('youtube_id', '=', video.youtube_id)
          .execute();
        expect(left).toEqual([]);
        const marked = await client.request('POST', '/api/watched/', {
          id: video.youtube_id,
          is_watched: true,
        });
        expect(marked.statusCode).toBe(200);
        const read = await client.request('GET', `/api/video/${video.youtube_id}/`);
        expect(read.json().player.watched).toBe(true);
      });

      it("reads and writes its own user's watched state, not another user's", async () => {
        // a plugin syncing a viewer's plays, beside the staff member's own client
        const viewerPlugin = await upstreamTokenClient(t, userId);
        const video = await makeVideo(db(), { duration: 600 });
        const watched = async (c: UpstreamClient) =>
          (await c.request('GET', `/api/video/${video.youtube_id}/`)).json().player.watched;
        const watchedItems = async (c: UpstreamClient) =>
          (await c.request('GET', '/api/stats/watch/')).json().watched?.items ?? 0;
        const [mineBefore, viewersBefore] = [await watchedItems(client), await watchedItems(viewerPlugin)];
        // the plugin reports the viewer played to the end: watched for the viewer only
        const played = await viewerPlugin.request('POST', `/api/video/${video.youtube_id}/progress/`, {
          position: 590,
        });
        expect(played.json()).toMatchObject({ watched: true });
        expect(await watched(viewerPlugin)).toBe(true);
        expect(await watched(client)).toBe(false);
        expect(await watchedItems(viewerPlugin)).toBe(viewersBefore + 1);
        expect(await watchedItems(client)).toBe(mineBefore);
        const unwatchedIds = async (c: UpstreamClient) =>
          (await c.request('GET', '/api/video/?watch=unwatched'))
            .json()
            .data.map((v: { youtube_id: string }) => v.youtube_id);
        expect(await unwatchedIds(client)).toContain(video.youtube_id);
        expect(await unwatchedIds(viewerPlugin)).not.toContain(video.youtube_id);
        // this client marks it too, then the plugin unmarks the viewer's: this client's mark stays
        await client.request('POST', '/api/watched/', { id: video.youtube_id, is_watched: true });
        await viewerPlugin.request('POST', '/api/watched/', { id: video.youtube_id, is_watched: false });
        expect(await watched(client)).toBe(true);
        expect(await watched(viewerPlugin)).toBe(false);
      });

      it('deletes a video, a channel and a playlist with bodiless DELETEs', async () => {
        const video = await makeVideo(db());
        const channel = await makeChannel(db());
        const playlist = await makePlaylist(db());
        for (const url of [
          `/api/video/${video.youtube_id}/`,
          `/api/channel/${channel.channel_id}/`,
          `/api/playlist/${playlist.playlist_id}/`,
        ]) {
          const res = await client.request('DELETE', url);
          expect(res.statusCode, url).toBe(204);
          expect((await client.request('GET', url)).statusCode, url).toBe(404);
        }
      });

      it('deletes a queue item and empties the queue with bodiless DELETEs', async () => {
        const channel = await makeChannel(db());
        const one = await makeQueueItem(db(), channel.channel_id);
        await makeQueueItem(db(), channel.channel_id);
        expect((await client.request('DELETE', `/api/download/${one}/`)).statusCode).toBe(204);
        expect((await client.request('GET', `/api/download/${one}/`)).statusCode).toBe(404);
        const emptied = await client.request('DELETE', '/api/download/?filter=pending');
        expect(emptied.statusCode).toBe(204);
        const listed = await client.request('GET', '/api/download/?filter=pending');
        expect(listed.json().data).toEqual([]);
      });

      it('starts a task by name, validates and deletes the cookie, all without a body', async () => {
        const started = await client.request('POST', '/api/task/by-name/download_pending/');
        expect(started.statusCode).toBe(200);
        expect(started.json()).toEqual({ task_id: expect.any(String), status: expect.any(String) });
        const validated = await client.request('POST', '/api/appsettings/cookie/');
        expect(validated.statusCode, validated.body).toBe(200);
        expect(validated.json()).toMatchObject({ cookie_enabled: false });
        expect((await client.request('DELETE', '/api/appsettings/cookie/')).statusCode).toBe(204);
      });
    });
  }

  it('logs out with a bodiless POST; the session no longer works', async () => {
    const client = await upstreamSessionClient(t, userId);
    expect((await client.request('GET', '/api/ping/')).statusCode).toBe(200);
    const res = await client.request('POST', '/api/user/logout/');
    expect(res.statusCode).toBe(204);
    expect((await client.request('GET', '/api/ping/')).statusCode).toBe(403);
  });

  it('revokes the API token with a bodiless DELETE; the old token stops working', async () => {
    const client = await upstreamTokenClient(t, staffId);
    const revoked = await client.request('DELETE', '/api/appsettings/token/');
    expect(revoked.statusCode).toBe(204);
    expect((await client.request('GET', '/api/ping/')).statusCode).toBe(403);
  });

  it('keeps a malformed JSON body a 400, and a bodiless write that needs a body names the body', async () => {
    const client = await upstreamSessionClient(t, staffId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/watched/',
      headers: { ...client.headers() },
      payload: '{"id": ',
    });
    expect(res.statusCode).toBe(400);
    const bodiless = await client.request('POST', '/api/watched/');
    expect(bodiless.statusCode).toBe(400);
    expect(bodiless.json().error).toMatch(/body/);
  });

  it('answers every route the same through a token as through a session, with the same permissions', async () => {
    // logout and token revoke end the credentials under test; they have their own tests above
    const skipped = new Set(['POST /api/user/logout/', 'DELETE /api/appsettings/token/']);
    const routes = t.app.registeredRoutes.filter(
      (r) => r.permission !== 'public' && !skipped.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(50);
    const differences: string[] = [];
    for (const asStaff of [true, false]) {
      const id = asStaff ? staffId : userId;
      const session = await upstreamSessionClient(t, id);
      const token = await upstreamTokenClient(t, id);
      for (const route of routes) {
        const url = route.url.replace(/:(\w+)/g, 'missing-$1').replace('*', 'missing/file.jpg');
        const bySession = await session.request(route.method, url);
        const byToken = await token.request(route.method, url);
        if (bySession.statusCode !== byToken.statusCode) {
          differences.push(
            `${route.method} ${url} as ${asStaff ? 'staff' : 'user'}: session ${bySession.statusCode}, token ${byToken.statusCode}`,
          );
        }
        if (!asStaff && route.permission === 'adminOnly') expect(byToken.statusCode, url).toBe(403);
      }
    }
    expect(differences).toEqual([]);
  });

  it('answers the browser extension’s CORS preflight and credentialed calls', async () => {
    const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/video/some-id/progress/',
      headers: {
        origin,
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('DELETE');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    const client = await upstreamTokenClient(t, userId);
    const ping = await t.app.inject({
      method: 'GET',
      url: '/api/ping/',
      headers: { ...client.headers(), origin: 'moz-extension://1234-5678' },
    });
    expect(ping.statusCode).toBe(200);
    expect(ping.headers['access-control-allow-origin']).toBe('moz-extension://1234-5678');
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/ping/',
      headers: { ...client.headers(), origin: 'https://evil.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers documents with upstream’s _index and _score, and the progress reply with position and id', async () => {
    const client = await upstreamTokenClient(t, staffId);
    const channel = await makeChannel(db());
    const video = await makeVideo(db(), { channel_id: channel.channel_id, duration: 600 });
    const playlist = await makePlaylist(db(), { entries: [video.youtube_id] });
    await makeQueueItem(db(), channel.channel_id);
    const expectations: [string, string][] = [
      [`/api/video/${video.youtube_id}/`, 'ta_video'],
      [`/api/channel/${channel.channel_id}/`, 'ta_channel'],
      [`/api/playlist/${playlist.playlist_id}/`, 'ta_playlist'],
    ];
    for (const [url, index] of expectations) {
      expect((await client.request('GET', url)).json(), url).toMatchObject({ _index: index, _score: 0 });
    }
    const lists: [string, string][] = [
      ['/api/video/', 'ta_video'],
      ['/api/channel/', 'ta_channel'],
      ['/api/playlist/', 'ta_playlist'],
      ['/api/download/?filter=pending', 'ta_download'],
    ];
    for (const [url, index] of lists) {
      const items = (await client.request('GET', url)).json().data as { _index: string }[];
      expect(items.length, url).toBeGreaterThan(0);
      expect(new Set(items.map((item) => item._index)), url).toEqual(new Set([index]));
    }
    // a video's own channel stays as upstream embeds it, without the document meta
    const detail = (await client.request('GET', `/api/video/${video.youtube_id}/`)).json();
    expect(detail.channel._index).toBeUndefined();
    expect(Object.keys(detail.stats).sort()).toEqual([
      'average_rating',
      'dislike_count',
      'like_count',
      'view_count',
    ]);

    const reply = await client.request('POST', `/api/video/${video.youtube_id}/progress/`, {
      position: 120,
    });
    expect(reply.json()).toEqual({
      duration: 600,
      duration_str: '10m',
      position: 120,
      progress: 20,
      watched: false,
      youtube_id: video.youtube_id,
    });
  });

  describe('user config in upstream spelling', () => {
    it('stores dark.css-style stylesheets, hide_watched null and the home table view as sent', async () => {
      const client = await upstreamSessionClient(t, userId);
      const changes = { stylesheet: 'light.css', hide_watched: null, view_style_home: 'table' };
      const saved = await client.request('POST', '/api/user/me/', changes);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject(changes);
      expect((await client.request('GET', '/api/user/me/')).json()).toMatchObject(changes);
      for (const stylesheet of ['dark.css', 'matrix.css', 'midnight.css', 'midnight']) {
        const res = await client.request('POST', '/api/user/me/', { stylesheet });
        expect(res.json().stylesheet).toBe(stylesheet);
      }
    });

    it('still refuses stylesheets that are no theme', async () => {
      const client = await upstreamSessionClient(t, userId);
      const res = await client.request('POST', '/api/user/me/', { stylesheet: 'neon.css' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/stylesheet/);
    });
  });

  describe('/admin/ (upstream user management)', () => {
    it('sends signed-in users to the user management page and anonymous ones to the login page', async () => {
      const staff = await upstreamSessionClient(t, staffId);
      for (const url of ['/admin/', '/admin', '/admin/auth/user/']) {
        const signedIn = await t.app.inject({ method: 'GET', url, headers: staff.headers() });
        expect(signedIn.statusCode, url).toBe(302);
        expect(signedIn.headers.location).toBe('/settings/users/');
        const anonymous = await t.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode, url).toBe(302);
        expect(anonymous.headers.location).toBe('/login/');
      }
    });
  });

  describe('membership endpoints', () => {
    it('answer staff with a JSON 404 saying membership is not available', async () => {
      const client = await upstreamTokenClient(t, staffId);
      const calls: [string, string][] = [
        ['GET', '/api/appsettings/membership/token/'],
        ['POST', '/api/appsettings/membership/token/'],
        ['DELETE', '/api/appsettings/membership/token/'],
        ['GET', '/api/appsettings/membership/profile/'],
        ['POST', '/api/appsettings/membership/sync/'],
      ];
      for (const [method, url] of calls) {
        const res = await client.request(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.json().error).toMatch(/membership is not available/);
      }
    });

    it('answer others as every staff-only route does, in JSON', async () => {
      const viewer = await upstreamSessionClient(t, userId);
      const res = await viewer.request('GET', '/api/appsettings/membership/profile/');
      expect(res.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/appsettings/membership/profile/' });
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.json().error).toBeTruthy();
    });
  });
});
