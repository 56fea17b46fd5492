import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './helpers/database.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';

describe.each(ENGINES)('security headers on %s', (engine) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const dir = path.join(t.container.config.mediaDir, 'UChead');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'vid.mp4'), 'bytes');
    fs.writeFileSync(path.join(dir, 'vid.en.vtt'), 'WEBVTT\n');
    fs.writeFileSync(path.join(dir, 'notes.svg'), '<svg onload="alert(1)"/>');
    const user = await createUser(t, { username: 'viewer', staff: true });
    client = await sessionClient(t, user.id);
  });
  afterAll(() => t.close());

  const common = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it('the web app page: a policy without inline script, media and images from self, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/video/abc/' });
    expect(res.statusCode).toBe(200);
    common(res.headers);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/img-src 'self'/);
    expect(csp).toMatch(/media-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toContain('gstatic');
  });

  it("allows the cast sender's origin only while cast is enabled", async () => {
    const update = await client.request({
      method: 'POST',
      url: '/api/appsettings/config/',
      payload: { application: { enable_cast: true } },
    });
    expect(update.statusCode).toBe(200);
    const on = await t.app.inject({ method: 'GET', url: '/' });
    expect(on.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/www\.gstatic\.com/);
    await client.request({
      method: 'POST',
      url: '/api/appsettings/config/',
      payload: { application: { enable_cast: false } },
    });
    const off = await t.app.inject({ method: 'GET', url: '/' });
    expect(off.headers['content-security-policy']).not.toContain('gstatic');
  });

  it('API answers, errors and media files carry the headers and a policy that loads nothing', async () => {
    for (const url of ['/api/ping/', '/api/video/nope/', '/media/UChead/vid.mp4']) {
      const res = await client.request({ method: 'GET', url });
      common(res.headers);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/ping/' });
    common(anonymous.headers);
  });

  it('media files go out only as media, image or subtitle types', async () => {
    const video = await client.request({ method: 'GET', url: '/media/UChead/vid.mp4' });
    expect(video.headers['content-type']).toBe('video/mp4');
    const vtt = await client.request({ method: 'GET', url: '/media/UChead/vid.en.vtt' });
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    const svg = await client.request({ method: 'GET', url: '/youtube/UChead/notes.svg' });
    expect(svg.statusCode).toBe(404);
  });
});
