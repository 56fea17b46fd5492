import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './helpers/database.ts';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';

/**
 * Traversal corpus: every way of spelling "go up and read something else" we know of, over the three file
 * areas and the web-app route, signed in. Files outside the roots hold a marker; no answer may contain it,
 * and nothing answers 5xx. Symlinks out of each root are made here.
 */
const SECRET = 'TOP-SECRET-MARKER-5d1c';

const UP = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '....',
  '..%00',
  '..%c0%af',
];
const SEP = ['/', '%2f', '%2F', '%5c', '\\', '%252f', '%c0%af', '//', '/./'];
const TARGETS = [
  'secret.mp4',
  'secret.txt',
  'tubekeeper.db',
  'etc/passwd',
  'secret.mp4%00.jpg',
  'secret.txt%00',
];

function corpus(): string[] {
  const paths = new Set<string>();
  for (const up of UP) {
    for (const sep of SEP) {
      for (const target of TARGETS) {
        for (const depth of [1, 2, 3, 6]) paths.add(`${(up + sep).repeat(depth)}${target}`);
      }
    }
  }
  // absolute paths, NUL bytes and links made below
  for (const odd of [
    '%2fetc%2fpasswd',
    '/etc/passwd',
    '%00',
    'a%00b',
    '%00/../secret.txt',
    'UCtrav/%00.mp4',
    'UCtrav/vid.mp4%00',
    'UCtrav/vid.mp4%00.html',
    'UCtrav/out.mp4',
    'UCtrav/outdir/secret.mp4',
    'UCtrav/page.html',
    'videos/out.jpg',
    'videos/outdir/secret.mp4',
    'out.js',
    'outdir/secret.txt',
    '.%2e/secret.txt',
    'UCtrav/..%2f..%2fsecret.mp4',
    '%2e%2e%5c%2e%2e%5csecret.mp4',
  ]) {
    paths.add(odd);
  }
  return [...paths];
}

describe.each(ENGINES)(
  'traversal corpus over /youtube/, /media/, /cache/ and the web-app route on %s',
  (engine) => {
    let t: TestApp;
    let client: Client;
    let outside: string;
    beforeAll(async () => {
      t = await createTestApp(engine);
      const { mediaDir, cacheDir, webDir, dataDir } = { ...t.container.config, dataDir: t.database.dataDir };
      outside = path.join(dataDir, 'outside');
      fs.mkdirSync(outside, { recursive: true });
      for (const name of ['secret.mp4', 'secret.txt', 'secret.jpg']) {
        fs.writeFileSync(path.join(outside, name), SECRET);
        fs.writeFileSync(path.join(dataDir, name), SECRET);
      }
      fs.mkdirSync(path.join(mediaDir, 'UCtrav'), { recursive: true });
      fs.writeFileSync(path.join(mediaDir, 'UCtrav', 'vid.mp4'), 'legit video bytes');
      fs.writeFileSync(path.join(mediaDir, 'UCtrav', 'page.html'), `<script>alert(1)</script>${SECRET}`);
      fs.symlinkSync(path.join(outside, 'secret.mp4'), path.join(mediaDir, 'UCtrav', 'out.mp4'));
      fs.symlinkSync(outside, path.join(mediaDir, 'UCtrav', 'outdir'));
      fs.mkdirSync(path.join(cacheDir, 'videos'), { recursive: true });
      fs.symlinkSync(path.join(outside, 'secret.jpg'), path.join(cacheDir, 'videos', 'out.jpg'));
      fs.symlinkSync(outside, path.join(cacheDir, 'videos', 'outdir'));
      fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(webDir, 'out.js'));
      fs.symlinkSync(outside, path.join(webDir, 'outdir'));
      const user = await createUser(t, { username: 'walker' });
      client = await sessionClient(t, user.id);
    });
    afterAll(() => t.close());

    it('serves the real file, so the corpus below is not passing by answering nothing', async () => {
      const res = await client.request({ method: 'GET', url: '/media/UCtrav/vid.mp4' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('legit video bytes');
    });

    it('lets nothing escape: no marker in any answer, never 5xx', async () => {
      const paths = corpus();
      const escapes: string[] = [];
      const errors: string[] = [];
      let requests = 0;
      for (const prefix of ['/youtube/', '/media/', '/cache/', '/cache/videos/', '/']) {
        for (const rest of paths) {
          const url = prefix + rest;
          const res = await client.request({ method: 'GET', url });
          requests++;
          if (res.statusCode >= 500) errors.push(`${url} -> ${res.statusCode}`);
          if (res.body.includes(SECRET)) escapes.push(`${url} -> ${res.statusCode}`);
          if (prefix === '/' && res.statusCode === 200) {
            // the web app answers its page for unknown paths, never a file from elsewhere
            expect(res.body).toContain('<div id="root">');
          }
        }
      }
      console.log(`traversal corpus: ${requests} requests, ${escapes.length} escapes, ${errors.length} 5xx`);
      expect(escapes).toEqual([]);
      expect(errors).toEqual([]);
      expect(requests).toBeGreaterThan(3000);
    });

    it('answers 400 to a NUL byte on the web-app route (it answered 500)', async () => {
      for (const url of ['/%00', '/index.html%00', '/..%00/etc', '/assets/%00.js']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
      }
    });

    it('serves no file of another type from the media tree, even by its exact name', async () => {
      const res = await client.request({ method: 'GET', url: '/media/UCtrav/page.html' });
      expect(res.statusCode).toBe(404);
    });
  },
);
