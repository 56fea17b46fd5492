import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { apiRequest } from '../support/api.ts';
import { watchForScriptRuns } from '../support/archive.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { ADMIN } from '../support/server.ts';
import { signIn } from '../support/pages.ts';

/**
 * Stored-text corpus: script, event-handler and javascript: payloads in a title, description, tags,
 * comments, subtitle cues, a channel name and a playlist name, imported through the real manual import and
 * opened on every page that shows them. Nothing may run (no dialog, no page error, `window.__xss` unset) and
 * no element may come from the data; the payloads must show as text.
 */
const baseURL = inject('baseURL');
const token = inject('adminToken');
const dataDir = inject('dataDir');
const run = promisify(execFile);

const PAYLOADS = [
  '<script>window.__xss = "script"; alert("script")</script>',
  "<img src=x onerror=\"window.__xss = 'img'; alert('img')\">",
  '<svg onload="alert(\'svg\')"></svg>',
  '"><iframe src="javascript:alert(\'iframe\')"></iframe>',
  'javascript:alert("link")',
  '<a href="javascript:alert(\'anchor\')">click me</a>',
  '<details open ontoggle="alert(\'details\')">x</details>',
  '{{constructor.constructor("alert(\'template\')")()}}',
  '</textarea></title><script>alert("breakout")</script>',
];
const ALL = PAYLOADS.join(' ');
const VIDEO_ID = 'xssCorpus01';
const CHANNEL_ID = 'UCxssCorpusChannel000001';
const TITLE = `Corpus <b>bold</b> ${PAYLOADS[1]}`;
const CHANNEL_NAME = `Channel <script>alert("channel")</script> ${PAYLOADS[2]}`;
const PLAYLIST_NAME = `List ${PAYLOADS[1]} ${PAYLOADS[5]}`;
/** A word only the corpus holds, to find it through search. */
const WORD = 'zebracorpus';

/** Elements that can only be there because data was parsed as markup. */
const INJECTED =
  '#root script, #root iframe, #root svg[onload], #root details[ontoggle], #root img[src="x"], #root [onerror], #root [onload], #root a[href^="javascript:"], #root b';

async function importCorpus(): Promise<void> {
  const importDir = path.join(dataDir, 'cache', 'import');
  fs.mkdirSync(importDir, { recursive: true });
  const base = path.join(importDir, `corpus [${VIDEO_ID}]`);
  await run('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=5:d=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    `${base}.mp4`,
  ]);
  const cues = PAYLOADS.map(
    (p, i) =>
      `00:00:0${i % 3}.000 --> 00:00:0${(i % 3) + 1}.000\n${WORD} cue ${i} ${p.replaceAll('-->', '')}`,
  );
  fs.writeFileSync(`${base}.en.vtt`, `WEBVTT\n\n${cues.join('\n\n')}\n`);
  fs.writeFileSync(
    `${base}.info.json`,
    JSON.stringify({
      id: VIDEO_ID,
      title: TITLE,
      channel_id: CHANNEL_ID,
      channel: CHANNEL_NAME,
      upload_date: '20250301',
      duration: 3,
      tags: [PAYLOADS[0], WORD],
      categories: [PAYLOADS[3]],
      description: `${WORD} ${ALL} and a real link https://example.com/ok`,
      subtitles: { en: [{ ext: 'vtt', name: PAYLOADS[1] }] },
      comment_count: PAYLOADS.length,
      comments: PAYLOADS.map((p, i) => ({
        id: `xsscomment${i}`,
        parent: 'root',
        text: `${WORD} comment ${i} ${p}`,
        author: i === 0 ? PAYLOADS[1] : `@author${i}`,
        timestamp: 1745150000 + i,
      })),
    }),
  );
  await apiRequest(baseURL, token, '/api/task/by-name/manual_import/', { method: 'POST' });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL}/api/video/${VIDEO_ID}/`, {
      headers: { authorization: `Token ${token}` },
    });
    if (response.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the manual import did not add ${VIDEO_ID} within 60 s`);
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
let playlistId: string;

beforeAll(async () => {
  await importCorpus();
  const playlist = await apiRequest<{ playlist_id: string }>(baseURL, token, '/api/playlist/custom/', {
    method: 'POST',
    body: { playlist_name: PLAYLIST_NAME },
  });
  playlistId = playlist.playlist_id;
  await apiRequest(baseURL, token, `/api/playlist/custom/${playlistId}/`, {
    method: 'POST',
    body: { action: 'create', video_id: VIDEO_ID },
  });
  browser = await launchBrowser();
  context = await newContext(browser, baseURL);
  page = await context.newPage();
  problems = watchForScriptRuns(page);
  await signIn(page, ADMIN.username, ADMIN.password);
}, 120_000);

afterAll(async () => {
  console.log(
    `stored-text corpus: ${PAYLOADS.length} payloads, ${seen.pages} page states checked, ${seen.executed} executed, ${seen.injected} injected elements`,
  );
  await browser?.close();
  // the other specs share this server and count the demo library: leave it as it was
  if (playlistId) await apiRequest(baseURL, token, `/api/playlist/${playlistId}/`, { method: 'DELETE' });
  await apiRequest(baseURL, token, `/api/channel/${CHANNEL_ID}/`, { method: 'DELETE' }).catch(
    () => undefined,
  );
});

/** What the checks saw, printed at the end (the issue's "0 executed payloads"). */
const seen = { pages: 0, injected: 0, executed: 0 };

/** Nothing ran and nothing from the data became an element. */
async function expectInert(where: string) {
  const injected = await page.locator(INJECTED).count();
  const xss = await page.evaluate(() => (window as { __xss?: unknown }).__xss);
  seen.pages += 1;
  seen.injected += injected;
  seen.executed += problems.length + (xss === undefined ? 0 : 1);
  expect(injected, `${where}: injected elements`).toBe(0);
  expect(xss, `${where}: window.__xss`).toBe(undefined);
  expect(problems, `${where}: dialogs or page errors`).toEqual([]);
}

describe('stored text is shown, never run', () => {
  test('the video page: title, description, tags, comments and the subtitle cues while playing', async () => {
    await page.goto(`/video/${VIDEO_ID}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByText(PAYLOADS[6]!, { exact: false }).first().waitFor();
    await page.getByText(`${WORD} comment 1 ${PAYLOADS[1]}`).waitFor();
    // the description's only link is the real one
    expect(await page.getByRole('link', { name: 'https://example.com/ok' }).count()).toBe(1);
    const video = page.locator('video');
    await video.waitFor();
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      for (const track of Array.from(v.textTracks)) track.mode = 'showing';
      await v.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1.2);
    const cueText = await video.evaluate((v: HTMLVideoElement) =>
      Array.from(v.textTracks).flatMap((t) => Array.from(t.cues ?? []).map((c) => (c as VTTCue).text)),
    );
    expect(cueText.join(' ')).toContain(`${WORD} cue 0`);
    await expectInert('video page');
  });

  test('lists and pages that show the title, channel and playlist names', async () => {
    for (const url of [
      '/',
      '/channel/',
      `/channel/${CHANNEL_ID}/`,
      `/channel/${CHANNEL_ID}/about/`,
      '/playlist/',
      `/playlist/${playlistId}/`,
      `/?videoId=${VIDEO_ID}`,
    ]) {
      await page.goto(url);
      await page.locator('#root main, #root .main-content, #root').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectInert(url);
    }
    await page.goto(`/playlist/${playlistId}/`);
    await page.getByText(PLAYLIST_NAME, { exact: false }).first().waitFor();
    await page.goto(`/channel/${CHANNEL_ID}/`);
    await page.getByText(CHANNEL_NAME, { exact: false }).first().waitFor();
    await expectInert('names');
  });

  test('search results with highlighting: videos, comments and subtitle lines', async () => {
    for (const query of [WORD, `comment:${WORD}`, `full:${WORD}`, 'onerror', 'script alert']) {
      await page.goto(`/search/?query=${encodeURIComponent(query)}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500); // the query box is debounced
      await expectInert(`search ${query}`);
    }
    await page.goto(`/search/?query=${encodeURIComponent(`full:${WORD}`)}`);
    await page
      .getByText(/cue \d/)
      .first()
      .waitFor();
    await expectInert('search hits');
  });
});
